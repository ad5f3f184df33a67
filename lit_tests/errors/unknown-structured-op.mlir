// A structured (linalg) op written in a custom syntax of its own, which bufreuse does not
// read, is an error at its name that says how to get an input bufreuse reads, as for other
// custom ops of unknown syntax (unknown-custom-op.mlir); so is the short form of the body of
// `linalg.map` / `linalg.reduce` (`{ arith.addf }`), which would otherwise read as an
// attribute dictionary. The same ops in generic form are read (syntax/linalg-own-syntax.mlir).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @pack(%a: tensor<16x16xf32>, %d: tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 3]]:8: error: custom syntax of op 'linalg.pack' is not known to bufreuse; write it in generic form (mlir-opt --mlir-print-op-generic)
  // CHECK-NEXT: {{^  %0 = linalg.pack %a }}
  // CHECK-NEXT: {{^       \^\^\^\^\^\^\^\^\^\^\^$}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}

// -----

func.func @unpack(%a: tensor<4x4x4x4xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'linalg.unpack' is not known to bufreuse
  %0 = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x4x4x4xf32> -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

func.func @softmax(%s: tensor<2x16xf32>) -> tensor<2x16xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'linalg.softmax' is not known to bufreuse
  %0 = linalg.softmax dimension(1) ins(%s : tensor<2x16xf32>) outs(%s : tensor<2x16xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

func.func @winograd(%f: tensor<2x3x3x5xf32>, %t: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'linalg.winograd_filter_transform' is not known to bufreuse
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x5xf32>) outs(%t : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @elementwise(%e: memref<4xf32>) {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:3: error: custom syntax of op 'linalg.elementwise' is not known to bufreuse
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%e : memref<4xf32>) outs(%e : memref<4xf32>)
  return
}

// -----

func.func @short_forms(%a: tensor<4x8xf32>, %b: tensor<4xf32>, %c: tensor<4x8xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'linalg.reduce' is not known to bufreuse
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [1]
  // Every such op of a chunk is reported:
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'linalg.map' is not known to bufreuse
  %1 = linalg.map { math.exp } ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x8xf32>)
  return %0 : tensor<4xf32>
}
