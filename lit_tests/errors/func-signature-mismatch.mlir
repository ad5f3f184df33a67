// A function's argument and result attributes are one dictionary per argument and result,
// and a `func.return` returns the function's result types. The custom form shows each
// dictionary beside its argument and prints the return's operands as they are, so without
// these checks extra dictionaries were dropped and a wrong return printed as it was. The
// errors are mlir-opt's, at the op.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}func-signature-mismatch.mlir:[[# @LINE + 1]]:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1
"func.func"() <{function_type = (i32) -> (), sym_name = "a", arg_attrs = [{x.y = 1}, {x.z = 2}]}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}func-signature-mismatch.mlir:[[# @LINE + 1]]:1: error: 'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes
"func.func"() <{function_type = (i32) -> (), sym_name = "b", arg_attrs = [1]}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: {{.*}}func-signature-mismatch.mlir:[[# @LINE + 1]]:1: error: 'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1
"func.func"() <{function_type = () -> i32, sym_name = "c", res_attrs = [{x.y = 1}, {}]}> ({
  %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()

// -----

func.func @d() -> i32 {
  %0 = arith.constant 0 : i32
  // CHECK: {{.*}}func-signature-mismatch.mlir:[[# @LINE + 1]]:3: error: 'func.return' op has 2 operands, but enclosing function (@d) returns 1
  return %0, %0 : i32, i32
}

// -----

func.func @e() -> i32 {
  %0 = arith.constant 0 : i64
  // CHECK: {{.*}}func-signature-mismatch.mlir:[[# @LINE + 1]]:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @e
  return %0 : i64
}
