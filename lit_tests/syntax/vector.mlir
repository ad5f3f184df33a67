// vector ops of vectorized linalg in custom form: transfer_read (memref and tensor sources,
// with a mask, in_bounds, a permutation map written out or as an alias, 0-d, a memref of
// vectors, scalable vectors), transfer_write (no result on a memref, one on a tensor), load
// and store (nontemporal, alignment), broadcast, create_mask.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input, in custom and in generic form (skipped
// without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}

// CHECK: #perm = affine_map<(d0, d1) -> (d1, d0)>
#perm = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @transfers(
func.func @transfers(%m: memref<?x8xf32>, %t: tensor<4x8xf32>, %z: memref<f32>,
                     %mv: memref<?xvector<4xf32>>, %i: index, %j: index, %pad: f32,
                     %mask: vector<4xi1>, %mask2: vector<[4]x2xi1>, %v: vector<4xf32>,
                     %vp: vector<4xf32>) -> tensor<4x8xf32> {
  // CHECK-NEXT: %r0 = vector.transfer_read %m[%i, %j], %pad : memref<?x8xf32>, vector<4xf32>
  %r0 = vector.transfer_read %m[%i, %j], %pad : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: %r1 = vector.transfer_read %m[%i, %j], %pad, %mask {in_bounds = [true]} : memref<?x8xf32>, vector<4xf32>
  %r1 = vector.transfer_read %m[%i, %j], %pad, %mask {in_bounds = [true]} : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: %r2 = vector.transfer_read %t[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : tensor<4x8xf32>, vector<4xf32>
  %r2 = vector.transfer_read %t[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : tensor<4x8xf32>, vector<4xf32>
  // CHECK-NEXT: %r3 = vector.transfer_read %m[%i, %j], %pad, %mask2 {permutation_map = #perm, in_bounds = [true, false]} : memref<?x8xf32>, vector<2x[4]xf32>
  %r3 = vector.transfer_read %m[%i, %j], %pad, %mask2 {permutation_map = #perm, in_bounds = [true, false]} : memref<?x8xf32>, vector<2x[4]xf32>
  // The default map written out, and all dims out of bounds, are left out.
  // CHECK-NEXT: %r4 = vector.transfer_read %m[%i, %j], %pad {foo} : memref<?x8xf32>, vector<4xf32>
  %r4 = vector.transfer_read %m[%i, %j], %pad {in_bounds = [false], permutation_map = affine_map<(d0, d1) -> (d1)>, foo} : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: %r5 = vector.transfer_read %m[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x8xf32>, vector<3x4xf32>
  %r5 = vector.transfer_read %m[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x8xf32>, vector<3x4xf32>
  // CHECK-NEXT: %r6 = vector.transfer_read %z[], %pad : memref<f32>, vector<f32>
  %r6 = vector.transfer_read %z[], %pad : memref<f32>, vector<f32>
  // CHECK-NEXT: %r7 = vector.transfer_read %mv[%i], %vp : memref<?xvector<4xf32>>, vector<2x4xf32>
  %r7 = vector.transfer_read %mv[%i], %vp : memref<?xvector<4xf32>>, vector<2x4xf32>
  // CHECK-NEXT: %r8 = vector.transfer_read %m[%i, %j], %pad : memref<?x8xf32>, vector<[4]xf32>
  %r8 = vector.transfer_read %m[%i, %j], %pad : memref<?x8xf32>, vector<[4]xf32>
  // CHECK-NEXT: vector.transfer_write %v, %m[%i, %j] : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %v, %m[%i, %j] : vector<4xf32>, memref<?x8xf32>
  // CHECK-NEXT: vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true]} : vector<4xf32>, memref<?x8xf32>
  vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true]} : vector<4xf32>, memref<?x8xf32>
  // CHECK-NEXT: %w = vector.transfer_write %v, %t[%i, %j] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, tensor<4x8xf32>
  %w = vector.transfer_write %v, %t[%i, %j] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, tensor<4x8xf32>
  // CHECK-NEXT: return %w : tensor<4x8xf32>
  return %w : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @loads(
func.func @loads(%m: memref<?x8xf32>, %i: index, %j: index, %s: f32, %v: vector<4xf32>) -> (vector<4x[8]xi1>, vector<2x4xf32>) {
  // CHECK-NEXT: %l = vector.load %m[%i, %j] : memref<?x8xf32>, vector<4xf32>
  %l = vector.load %m[%i, %j] : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: %l2 = vector.load %m[%i, %j] {alignment = 16 : i64, nontemporal = true} : memref<?x8xf32>, vector<4xf32>
  %l2 = vector.load %m[%i, %j] {alignment = 16 : i64, nontemporal = true} : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: vector.store %v, %m[%i, %j] : memref<?x8xf32>, vector<4xf32>
  vector.store %v, %m[%i, %j] : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: vector.store %l, %m[%i, %j] {nontemporal = true} : memref<?x8xf32>, vector<4xf32>
  vector.store %l, %m[%i, %j] {nontemporal = true} : memref<?x8xf32>, vector<4xf32>
  // CHECK-NEXT: %b = vector.broadcast %s : f32 to vector<4xf32>
  %b = vector.broadcast %s : f32 to vector<4xf32>
  // CHECK-NEXT: %b2 = vector.broadcast %b : vector<4xf32> to vector<2x4xf32>
  %b2 = vector.broadcast %b : vector<4xf32> to vector<2x4xf32>
  // CHECK-NEXT: %k = vector.create_mask %i, %j : vector<4x[8]xi1>
  %k = vector.create_mask %i, %j : vector<4x[8]xi1>
  // CHECK-NEXT: %k1 = vector.create_mask %i : vector<4xi1>
  %k1 = vector.create_mask %i : vector<4xi1>
  // CHECK-NEXT: return %k, %b2 : vector<4x[8]xi1>, vector<2x4xf32>
  return %k, %b2 : vector<4x[8]xi1>, vector<2x4xf32>
}

// In generic form they are read as the same ops, and printed in custom form.
// CHECK-LABEL: func.func @generic(
func.func @generic(%m: memref<?x8xf32>, %i: index, %pad: f32, %v: vector<4xf32>) {
  // CHECK-NEXT: %0 = vector.transfer_read %m[%i, %i], %pad : memref<?x8xf32>, vector<4xf32>
  %0 = "vector.transfer_read"(%m, %i, %i, %pad) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x8xf32>, index, index, f32) -> vector<4xf32>
  // CHECK-NEXT: vector.transfer_write %0, %m[%i, %i] {in_bounds = [true]} : vector<4xf32>, memref<?x8xf32>
  "vector.transfer_write"(%0, %m, %i, %i) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (vector<4xf32>, memref<?x8xf32>, index, index) -> ()
  // CHECK-NEXT: vector.store %v, %m[%i, %i] {alignment = 8 : i64} : memref<?x8xf32>, vector<4xf32>
  "vector.store"(%v, %m, %i, %i) <{alignment = 8 : i64}> : (vector<4xf32>, memref<?x8xf32>, index, index) -> ()
  // CHECK-NEXT: return
  return
}
