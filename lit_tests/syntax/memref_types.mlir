// memref types: ranked, 0-d, unranked and empty shapes; affine-map, strided and alias
// layouts; integer and attribute memory spaces.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: #map = affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #strided = strided<[8, 1], offset: ?>
#map = affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#strided = strided<[8, 1], offset: ?>
// CHECK-LABEL: func.func private @shapes(memref<?x4xf32>, memref<f32>, memref<*xf32>, memref<4x?x?xi8>)
func.func private @shapes(memref<?x4xf32>, memref<f32>, memref<*xf32>, memref<4x?x?xi8>)
// CHECK-LABEL: func.func private @empty(memref<0x4xf32>, memref<0xf32>, memref<0xi1>, memref<4x0xf32>)
func.func private @empty(memref<0x4xf32>, memref<0xf32>, memref<0xi1>, memref<4x0xf32>)
// CHECK-LABEL: func.func private @elements(memref<5xindex>, memref<?xi1>, memref<4xvector<4xf32>>, memref<2xcomplex<f64>>, memref<4xbf16>, memref<4xf8E4M3FN>)
func.func private @elements(memref<5xindex>, memref<?xi1>, memref<4xvector<4xf32>>, memref<2xcomplex<f64>>, memref<4xbf16>, memref<4xf8E4M3FN>)
// CHECK-LABEL: func.func private @affine_layouts(memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x8xf32, #map>, memref<4xf32>)
func.func private @affine_layouts(memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x8xf32, #map>, memref<4xf32, affine_map<(d0) -> (d0)>>)
// CHECK-LABEL: func.func private @strided_layouts(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[1, 4], offset: 7>>, memref<4xf32, strided<[1]>>)
func.func private @strided_layouts(memref<4x8xf32, strided<[8, 1]>>, memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[1, 4], offset: 7>>, memref<4xf32, strided<[1], offset: 0>>)
// CHECK-LABEL: func.func private @alias_layout(memref<4x8xf32, #strided>)
func.func private @alias_layout(memref<4x8xf32, #strided>)
// CHECK-LABEL: func.func private @integer_spaces(memref<4xf32, 1>, memref<4xf32, 3 : i64>, memref<*xf32, 4>, memref<f32, 2>)
func.func private @integer_spaces(memref<4xf32, 1>, memref<4xf32, 3 : i64>, memref<*xf32, 4>, memref<f32, 2>)
// CHECK-LABEL: func.func private @attribute_spaces(memref<4xf32, #gpu.address_space<workgroup>>, memref<4xf32, "shared">)
func.func private @attribute_spaces(memref<4xf32, #gpu.address_space<workgroup>>, memref<4xf32, "shared">)
// CHECK-LABEL: func.func private @layout_and_space(memref<4xf32, strided<[2]>, 1>, memref<4xf32, #map1, 5>)
func.func private @layout_and_space(memref<4xf32, strided<[2]>, 1>, memref<4xf32, #map1, 5>)
