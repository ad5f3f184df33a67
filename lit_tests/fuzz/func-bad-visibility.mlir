// Found by fuzz/ (roundtrip). `sym_visibility` must be "public", "private" or "nested"; it used
// to be printed bare before the symbol whatever it was (`func.func pri*ate @f()`, which does not
// parse again). The error is mlir-opt's for the generic form ('func.func' op visibility expected
// to be one of [...]). In the custom form `func.func foo @g()` mlir-opt fails to parse at `foo`
// (expected valid '@'-identifier for symbol name, column 11); bufreuse's parser takes `foo`
// as a visibility and the verifier reports it at the op.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

// CHECK: {{.*}}func-bad-visibility.mlir:[[# @LINE + 1]]:1: error: {{.*}}visibility
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "pri*ate"}> ({
}) : () -> ()

// -----

// CHECK: {{.*}}func-bad-visibility.mlir:[[# @LINE + 1]]:1: error: {{.*}}visibility {{.*}} but got "foo"
func.func foo @g()
