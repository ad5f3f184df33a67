// A value used before its definition in the same block is an error (the definition does not
// dominate the use; mlir-opt: "operand #0 does not dominate this use"). It used to be
// accepted, which for memrefs gave wrong live intervals (the use of %buf comes before its alloc).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f() -> index {
  // CHECK: {{.*}}use-before-definition.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}dominate
  %1 = arith.addi %0, %0 : index
  %0 = arith.constant 0 : index
  return %1 : index
}

// -----

func.func @g() {
  // CHECK: {{.*}}use-before-definition.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}dominate
  memref.dealloc %buf : memref<4xf32>
  %buf = memref.alloc() : memref<4xf32>
  return
}
