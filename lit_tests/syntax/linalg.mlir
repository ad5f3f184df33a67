// linalg ops in custom form on memrefs: generic (with linalg.index, doc, library_call and
// `attrs =`), fill, copy, matmul (also with indexing_maps), elementwise add/sub/mul/div/max,
// transpose, broadcast, reduce and map with their bodies, conv_2d_nhwc_hwcf with dilations and
// strides.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic(%a: memref<4x8xf32>, %v: memref<8xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %v : memref<4x8xf32>, memref<8xf32>) outs(%a : memref<4x8xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %o: f32):
// CHECK-NEXT: %0 = linalg.index 0 : index
// CHECK-NEXT: %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT: %2 = arith.sitofp %1 : i32 to f32
// CHECK-NEXT: %3 = arith.addf %in, %in_0 : f32
// CHECK-NEXT: %4 = arith.addf %3, %2 : f32
// CHECK-NEXT: linalg.yield %4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "reduction"], doc = "d", library_call = "lib"} outs(%a : memref<4x8xf32>) attrs = {foo.bar} {
// CHECK-NEXT: ^bb0(%o: f32):
// CHECK-NEXT: linalg.yield %o : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @generic(%a: memref<4x8xf32>, %v: memref<8xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  linalg.fill ins(%cst : f32) outs(%a : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %v : memref<4x8xf32>, memref<8xf32>) outs(%a : memref<4x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %o: f32):
    %0 = linalg.index 0 : index
    %1 = arith.index_cast %0 : index to i32
    %2 = arith.sitofp %1 : i32 to f32
    %3 = arith.addf %in, %in_0 : f32
    %4 = arith.addf %3, %2 : f32
    linalg.yield %4 : f32
  }
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "reduction"], doc = "d", library_call = "lib"} outs(%a : memref<4x8xf32>) attrs = {foo.bar} {
  ^bb0(%o: f32):
    linalg.yield %o : f32
  }
  return
}

// CHECK-LABEL: func.func @named(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %v: memref<8xf32>, %t: memref<8x4xf32>, %bt: memref<16x8xf32>, %d: memref<?x8xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%cst : f32) outs(%d : memref<?x8xf32>)
// CHECK-NEXT: linalg.copy ins(%a : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul indexing_maps = [#map2, #map3, #map4] ins(%a, %bt : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>)
// CHECK-NEXT: linalg.add ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.sub ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.mul ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.div ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.max ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
// CHECK-NEXT: linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: linalg.broadcast ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>) dimensions = [0]
// CHECK-NEXT: linalg.reduce ins(%a : memref<4x8xf32>) outs(%v : memref<8xf32>) dimensions = [0] (%in: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.addf %in, %init : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.map ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>) (%x: f32, %y: f32, %init: f32) {
// CHECK-NEXT: %0 = arith.mulf %x, %y : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.map outs(%a : memref<4x8xf32>) (%init: f32) {
// CHECK-NEXT: linalg.yield %cst : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @named(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %v: memref<8xf32>, %t: memref<8x4xf32>, %bt: memref<16x8xf32>, %d: memref<?x8xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  linalg.fill ins(%cst : f32) outs(%d : memref<?x8xf32>)
  linalg.copy ins(%a : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.matmul indexing_maps = [#map2, #map3, #map4] ins(%a, %bt : memref<4x8xf32>, memref<16x8xf32>) outs(%c : memref<4x16xf32>)
  linalg.add ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.sub ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.mul ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.div ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.max ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0] 
  linalg.broadcast ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>) dimensions = [0] 
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%v : memref<8xf32>) dimensions = [0] 
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  linalg.map ins(%a, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%a : memref<4x8xf32>)
    (%x: f32, %y: f32, %init: f32) {
      %0 = arith.mulf %x, %y : f32
      linalg.yield %0 : f32
    }
  linalg.map outs(%a : memref<4x8xf32>)
    (%init: f32) {
      linalg.yield %cst : f32
    }
  return
}

// CHECK-LABEL: func.func @conv(%img: memref<1x12x12x3xf32>, %flt: memref<3x3x3x8xf32>, %out: memref<1x10x10x8xf32>, %out2: memref<1x5x5x8xf32>) {
// CHECK-NEXT: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%img, %flt : memref<1x12x12x3xf32>, memref<3x3x3x8xf32>) outs(%out : memref<1x10x10x8xf32>)
// CHECK-NEXT: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%img, %flt : memref<1x12x12x3xf32>, memref<3x3x3x8xf32>) outs(%out2 : memref<1x5x5x8xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @conv(%img: memref<1x12x12x3xf32>, %flt: memref<3x3x3x8xf32>, %out: memref<1x10x10x8xf32>, %out2: memref<1x5x5x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%img, %flt : memref<1x12x12x3xf32>, memref<3x3x3x8xf32>) outs(%out : memref<1x10x10x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%img, %flt : memref<1x12x12x3xf32>, memref<3x3x3x8xf32>) outs(%out2 : memref<1x5x5x8xf32>)
  return
}
