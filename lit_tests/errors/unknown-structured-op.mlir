// A structured (linalg) op written in a custom syntax of its own that bufreuse does not read
// (linalg.elementwise, or a linalg op the op table does not list) is an error at its name that
// says how to get an input bufreuse reads, as for other custom ops of unknown syntax
// (unknown-custom-op.mlir); so is the short form of the body of `linalg.map` / `linalg.reduce`
// (`{ arith.addf }`), which would otherwise read as an attribute dictionary. linalg.pack,
// unpack, softmax and winograd_* are read (syntax/linalg-own-syntax.mlir).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @unlisted(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: {{.*}}unknown-structured-op.mlir:[[# @LINE + 3]]:8: error: custom syntax of op 'linalg.some_future_op' is not known to bufreuse; write it in generic form (mlir-opt --mlir-print-op-generic)
  // CHECK-NEXT: {{^  %0 = linalg.some_future_op %a }}
  // CHECK-NEXT: {{^       \^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^\^$}}
  %0 = linalg.some_future_op %a into %b : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
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
