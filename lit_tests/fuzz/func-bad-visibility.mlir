// Found by fuzz/ (roundtrip). BUG (src/ir): `sym_visibility` is not checked. The generic form
// takes any string and the printer writes it bare before the symbol, so `"pri*ate"` prints as
// `func.func pri*ate @f()`, which does not parse again; the custom form takes any identifier
// (`func.func foo @f()`). mlir-opt rejects both: 'func.func' op visibility expected to be one
// of ["public", "private", "nested"], but got "pri*ate" (custom form: expected valid
// '@'-identifier for symbol name).
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

// CHECK: {{.*}}func-bad-visibility.mlir:[[# @LINE + 1]]:1: error: {{.*}}visibility
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "pri*ate"}> ({
}) : () -> ()

// -----

// CHECK: {{.*}}func-bad-visibility.mlir:[[# @LINE + 1]]:11: error:
func.func foo @g()
