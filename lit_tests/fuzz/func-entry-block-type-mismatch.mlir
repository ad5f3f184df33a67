// Found by fuzz/ (roundtrip, rewrite). A generic `func.func` whose entry block arguments differ
// in type from its `function_type` is an error, as in mlir-opt ('func.func' op type of entry
// block argument #0('i32') must match the type of the corresponding argument in function
// signature('i6')). It used to be accepted: the custom form printed declared the signature's
// types while the body used `%a` as an `i32`, and --rewrite failed with an internal error.
// RUN: not bufreuse %s 2>&1 | FileCheck %s
// RUN: not bufreuse --rewrite %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

// CHECK: {{.*}}func-entry-block-type-mismatch.mlir:[[# @LINE + 1]]:1: error: {{.*}}entry block argument
"func.func"() <{function_type = (i6) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  %b = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %m = "memref.alloc"() : () -> memref<4xf32>
  "memref.dealloc"(%m) : (memref<4xf32>) -> ()
  %n = "memref.alloc"() : () -> memref<4xf32>
  "memref.dealloc"(%n) : (memref<4xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// CHECK-NOT: error
