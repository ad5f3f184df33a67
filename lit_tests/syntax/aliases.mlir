// `#name = attribute` and `!name = type` aliases: attribute aliases are printed at the
// top and used by name; type aliases are printed at the top and expanded where used.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1)>
// CHECK-NEXT: #map2 = #map1
// CHECK-NEXT: #strided = strided<[?, 1], offset: ?>
// CHECK-NEXT: #attr = {foo = 1 : i32}
// CHECK-NEXT: !buf = memref<4x8xf32>
// CHECK-NEXT: !pair = tuple<memref<4x8xf32>, i32>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = #map1
#strided = strided<[?, 1], offset: ?>
#attr = {foo = 1 : i32}
!buf = memref<4x8xf32>
!pair = tuple<!buf, i32>
// CHECK-LABEL: func.func private @uses(tuple<memref<4x8xf32>, i32>, memref<4x8xf32, #strided>) attributes {foo.d = #attr, foo.m = #map2}
func.func private @uses(!pair, memref<4x8xf32, #strided>) attributes {foo.d = #attr, foo.m = #map2}

// CHECK-LABEL: func.func @f(%a: memref<4x8xf32>, %c: memref<8xf32>) -> memref<4x8xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %c : memref<4x8xf32>, memref<8xf32>) outs(%alloc : memref<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.addf %in, %in_0 : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %alloc : memref<4x8xf32>
// CHECK-NEXT: }
func.func @f(%a: !buf, %c: memref<8xf32>) -> !buf {
  %alloc = memref.alloc() : !buf
  linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %c : !buf, memref<8xf32>) outs(%alloc : !buf) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %0 = arith.addf %in, %in_0 : f32
    linalg.yield %0 : f32
  }
  return %alloc : memref<4x8xf32>
}
