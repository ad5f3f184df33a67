// linalg ops with a syntax of their own (not `ins(...) outs(...)` alone): pack and unpack
// (padding value, outer_dims_perm, static and dynamic inner tiles, attributes), softmax (on
// tensors and on memrefs), the three winograd transforms (each fmr).
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input, in custom and in generic form (skipped
// without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}

// CHECK-LABEL: func.func @pack(
func.func @pack(%s: tensor<16x64xf32>, %d: tensor<2x2x8x32xf32>, %dd: tensor<?x?x8x?xf32>, %t: index, %pad: f32, %d3: tensor<16x2x32xf32>) -> (tensor<16x2x32xf32>, tensor<?x?x8x?xf32>) {
  // CHECK-NEXT: %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<16x64xf32> -> tensor<2x2x8x32xf32>
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<16x64xf32> -> tensor<2x2x8x32xf32>
  // CHECK-NEXT: %q = linalg.pack %s padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dd {foo = "bar"} : tensor<16x64xf32> -> tensor<?x?x8x?xf32>
  %q = linalg.pack %s padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dd {foo = "bar"} : tensor<16x64xf32> -> tensor<?x?x8x?xf32>
  // CHECK-NEXT: %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %s : tensor<2x2x8x32xf32> -> tensor<16x64xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %s : tensor<2x2x8x32xf32> -> tensor<16x64xf32>
  // CHECK-NEXT: %v = linalg.unpack %q outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %u {foo} : tensor<?x?x8x?xf32> -> tensor<16x64xf32>
  %v = linalg.unpack %q outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %u {foo} : tensor<?x?x8x?xf32> -> tensor<16x64xf32>
  // In generic form (unpack has no operandSegmentSizes).
  // CHECK-NEXT: %g = linalg.pack %v padding_value(%pad : f32) inner_dims_pos = [1] inner_tiles = [32] into %d3 : tensor<16x64xf32> -> tensor<16x2x32xf32>
  %g = "linalg.pack"(%v, %d3, %pad) <{inner_dims_pos = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_inner_tiles = array<i64: 32>}> : (tensor<16x64xf32>, tensor<16x2x32xf32>, f32) -> tensor<16x2x32xf32>
  // CHECK-NEXT: %h = linalg.unpack %dd inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %s : tensor<?x?x8x?xf32> -> tensor<16x64xf32>
  %h = "linalg.unpack"(%dd, %s, %t) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, -9223372036854775808>}> : (tensor<?x?x8x?xf32>, tensor<16x64xf32>, index) -> tensor<16x64xf32>
  return %g, %q : tensor<16x2x32xf32>, tensor<?x?x8x?xf32>
}

// CHECK-LABEL: func.func @softmax(
func.func @softmax(%s: tensor<16x64xf32>, %m: memref<16x64xf32>, %o: memref<16x64xf32>) -> tensor<16x64xf32> {
  // CHECK-NEXT: %0 = linalg.softmax dimension(1) ins(%s : tensor<16x64xf32>) outs(%s : tensor<16x64xf32>) -> tensor<16x64xf32>
  %0 = linalg.softmax dimension(1) ins(%s : tensor<16x64xf32>) outs(%s : tensor<16x64xf32>) -> tensor<16x64xf32>
  // CHECK-NEXT: %1 = linalg.softmax {foo = 1 : i64} dimension(0) ins(%0 : tensor<16x64xf32>) outs(%s : tensor<16x64xf32>) -> tensor<16x64xf32>
  %1 = linalg.softmax {foo = 1 : i64} dimension(0) ins(%0 : tensor<16x64xf32>) outs(%s : tensor<16x64xf32>) -> tensor<16x64xf32>
  // CHECK-NEXT: linalg.softmax dimension(0) ins(%m : memref<16x64xf32>) outs(%o : memref<16x64xf32>)
  linalg.softmax dimension(0) ins(%m : memref<16x64xf32>) outs(%o : memref<16x64xf32>)
  // CHECK-NEXT: linalg.softmax dimension(1) ins(%o : memref<16x64xf32>) outs(%m : memref<16x64xf32>)
  "linalg.softmax"(%o, %m) <{dimension = 1 : i64}> : (memref<16x64xf32>, memref<16x64xf32>) -> ()
  // CHECK-NEXT: return %1 : tensor<16x64xf32>
  return %1 : tensor<16x64xf32>
}

// CHECK-LABEL: func.func @winograd(
func.func @winograd(%flt: tensor<2x3x3x5xf32>, %fo: tensor<6x6x5x2xf32>, %in: tensor<2x14x14x5xf32>, %io: tensor<6x6x3x3x2x5xf32>, %out: tensor<6x6x3x3x2x2xf32>, %od: tensor<2x12x12x2xf32>, %f2: tensor<2x3x3x5xf32>, %fo2: tensor<4x4x5x2xf32>, %f5: tensor<2x5x5x5xf32>, %fo5: tensor<6x6x5x2xf32>) {
  // CHECK-NEXT: %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%flt : tensor<2x3x3x5xf32>) outs(%fo : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%flt : tensor<2x3x3x5xf32>) outs(%fo : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  // CHECK-NEXT: %1 = linalg.winograd_input_transform {foo} fmr(F_4_3) ins(%in : tensor<2x14x14x5xf32>) outs(%io : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  %1 = linalg.winograd_input_transform {foo} fmr(F_4_3) ins(%in : tensor<2x14x14x5xf32>) outs(%io : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  // CHECK-NEXT: %2 = linalg.winograd_output_transform fmr(F_4_3) ins(%out : tensor<6x6x3x3x2x2xf32>) outs(%od : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  %2 = linalg.winograd_output_transform fmr(F_4_3) ins(%out : tensor<6x6x3x3x2x2xf32>) outs(%od : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  // CHECK-NEXT: %3 = linalg.winograd_filter_transform fmr(F_2_3) ins(%f2 : tensor<2x3x3x5xf32>) outs(%fo2 : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
  %3 = linalg.winograd_filter_transform fmr(F_2_3) ins(%f2 : tensor<2x3x3x5xf32>) outs(%fo2 : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
  // CHECK-NEXT: %4 = linalg.winograd_filter_transform fmr(F_2_5) ins(%f5 : tensor<2x5x5x5xf32>) outs(%fo5 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  %4 = "linalg.winograd_filter_transform"(%f5, %fo5) <{fmr = 2 : i32}> : (tensor<2x5x5x5xf32>, tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  // CHECK-NEXT: return
  return
}
