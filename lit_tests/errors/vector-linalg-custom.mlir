// Custom forms of the vector transfer ops and of the linalg ops with their own syntax that
// mlir-opt rejects get an error at the part that is wrong, not a panic.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f(%m: memref<4xf32>, %i: index, %p: f32) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:45: error: vector.transfer_read takes a padding value and at most a mask after its indices
  %0 = vector.transfer_read %m[%i], %p, %p, %p : memref<4xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %i: index, %p: f32) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:8: error: 'vector.transfer_read': the vector has more dims than the shaped type's rank 1; 'permutation_map' must be given
  %0 = vector.transfer_read %m[%i], %p : memref<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @f(%s: tensor<16xf32>, %d: tensor<2x8xf32>) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:44: error: unexpected 'outer_dims_perm' in linalg.pack: expected 'inner_tiles', 'into'
  %0 = linalg.pack %s inner_dims_pos = [0] outer_dims_perm = [0] inner_tiles = [8] into %d : tensor<16xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%s: tensor<16xf32>, %d: tensor<2x8xf32>, %p: f32) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:25: error: unexpected 'padding_value' in linalg.unpack: expected 'outer_dims_perm', 'inner_dims_pos', 'inner_tiles', 'into'
  %0 = linalg.unpack %d padding_value(%p : f32) inner_dims_pos = [0] inner_tiles = [8] into %s : tensor<2x8xf32> -> tensor<16xf32>
  return
}

// -----

func.func @f(%s: tensor<16xf32>, %d: tensor<2x8xf32>) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:8: error: linalg.pack needs 'inner_tiles = [...]'
  %0 = linalg.pack %s inner_dims_pos = [0] into %d : tensor<16xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%s: tensor<16xf32>, %d: tensor<2x8xf32>, %i: index) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:41: error: 'inner_dims_pos' takes integers only
  %0 = linalg.pack %s inner_dims_pos = [%i] inner_tiles = [8] into %d : tensor<16xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%s: tensor<16xf32>) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:23: error: expected 'dimension' in linalg.softmax, found 'dim0'
  %0 = linalg.softmax dim0(0) ins(%s : tensor<16xf32>) outs(%s : tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x3x5xf32>, %b: tensor<6x6x5x2xf32>) {
  // CHECK: {{.*}}vector-linalg-custom.mlir:[[# @LINE + 1]]:45: error: unknown fmr 'F_3_3' for linalg.winograd_filter_transform: expected one of F_2_3, F_4_3, F_2_5
  %0 = linalg.winograd_filter_transform fmr(F_3_3) ins(%a : tensor<2x3x3x5xf32>) outs(%b : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return
}
