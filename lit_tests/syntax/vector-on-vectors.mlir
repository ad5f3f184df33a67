// vector ops on vectors in custom form: constant_mask, shape_cast, bitcast,
// extract_strided_slice and insert_strided_slice, transpose, extract and insert (static and
// dynamic positions), reduction (with an accumulator and fastmath) and fma. Read from text and
// from mlir-opt's generic form, they print as mlir-opt prints them.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @vectors(
// FROM-GENERIC-LABEL: func.func @vectors(
func.func @vectors(%v: vector<4x8xf32>, %w: vector<2x4xf32>, %u: vector<8xf32>, %i: index,
                   %acc: f32) -> (vector<4x8xf32>, f32) {
  // CHECK-NEXT: %m = vector.constant_mask [3, 2] : vector<4x3xi1>
  // FROM-GENERIC: vector.constant_mask [3, 2] : vector<4x3xi1>
  %m = vector.constant_mask [3, 2] : vector<4x3xi1>
  // CHECK-NEXT: %s = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  // FROM-GENERIC: vector.shape_cast %{{.*}} : vector<4x8xf32> to vector<32xf32>
  %s = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  // CHECK-NEXT: %b = vector.bitcast %u : vector<8xf32> to vector<8xi32>
  %b = vector.bitcast %u : vector<8xf32> to vector<8xi32>
  // CHECK-NEXT: %x = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  // FROM-GENERIC: vector.extract_strided_slice %{{.*}} {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %x = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  // CHECK-NEXT: %y = vector.insert_strided_slice %w, %v {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  // FROM-GENERIC: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %y = vector.insert_strided_slice %w, %v {offsets = [2, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  // CHECK-NEXT: %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  // FROM-GENERIC: vector.transpose %{{.*}}, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %t = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  // CHECK-NEXT: %e = vector.extract %v[1, 2] : f32 from vector<4x8xf32>
  // FROM-GENERIC: vector.extract %{{.*}}[1, 2] : f32 from vector<4x8xf32>
  %e = vector.extract %v[1, 2] : f32 from vector<4x8xf32>
  // CHECK-NEXT: %r = vector.extract %v[%i] : vector<8xf32> from vector<4x8xf32>
  // FROM-GENERIC: vector.extract %{{.*}}[%{{.*}}] : vector<8xf32> from vector<4x8xf32>
  %r = vector.extract %v[%i] : vector<8xf32> from vector<4x8xf32>
  // CHECK-NEXT: %n = vector.insert %e, %v [0, %i] : f32 into vector<4x8xf32>
  // FROM-GENERIC: vector.insert %{{.*}}, %{{.*}} [0, %{{.*}}] : f32 into vector<4x8xf32>
  %n = vector.insert %e, %v [0, %i] : f32 into vector<4x8xf32>
  // CHECK-NEXT: %sum = vector.reduction <add>, %u : vector<8xf32> into f32
  // FROM-GENERIC: vector.reduction <add>, %{{.*}} : vector<8xf32> into f32
  %sum = vector.reduction <add>, %u : vector<8xf32> into f32
  // CHECK-NEXT: %mx = vector.reduction <maximumf>, %u, %acc fastmath<nnan, ninf> : vector<8xf32> into f32
  // FROM-GENERIC: vector.reduction <maximumf>, %{{.*}}, %{{.*}} fastmath<nnan,{{ ?}}ninf> : vector<8xf32> into f32
  %mx = vector.reduction <maximumf>, %u, %acc fastmath<nnan,ninf> : vector<8xf32> into f32
  // CHECK-NEXT: %f = vector.fma %u, %u, %u : vector<8xf32>
  // FROM-GENERIC: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
  %f = vector.fma %u, %u, %u : vector<8xf32>
  return %n, %mx : vector<4x8xf32>, f32
}
