// Found by fuzz/ (roundtrip, in `"lina\lg.transp[ose"`). An unknown escape in a string literal
// (an op name, an attribute, a quoted symbol) is an error at its backslash, as in mlir-opt
// ("unknown escape in string literal"): MLIR knows only `\"`, `\\`, `\n`, `\t` and two hex
// digits (those are read: syntax/attrs.mlir).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

// CHECK: {{.*}}string-unknown-escape.mlir:[[# @LINE + 1]]:7: error: unknown escape in string literal
"foo.b\lar"() : () -> ()

// -----

// CHECK: {{.*}}string-unknown-escape.mlir:[[# @LINE + 1]]:19: error: unknown escape in string literal
"foo.op"() {s = "a\qb"} : () -> ()

// -----

// CHECK: {{.*}}string-unknown-escape.mlir:[[# @LINE + 1]]:22: error: unknown escape in string literal
"foo.op"() {s = @"sym\4"} : () -> ()

// -----

// CHECK: {{.*}}string-unknown-escape.mlir:[[# @LINE + 1]]:20: error: unknown escape in string literal
"foo.op"() {s = "\"\x"} : () -> ()

