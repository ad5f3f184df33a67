// A file that ends in the middle of an op, a type, a string or a region is an error at the
// end of the input (or, for a string, at its opening quote), with the line and a caret.
// The inputs are made with printf, where `%%%%` (lit's escape of `%%`) prints one `%`.
// RUN: rm -rf %t && mkdir %t

// RUN: printf 'func.func @f(%%%%a: i32) -> i32 {\n  %%%%0 = arith.addi %%%%a,' > %t/op.mlir
// RUN: not bufreuse %t/op.mlir 2>&1 | FileCheck --check-prefix=OP %s
// OP: {{.*}}op.mlir:2:22: error: unexpected end of input; expected value (%name)
// OP-NEXT: {{^  %0 = arith.addi %a,$}}
// OP-NEXT: {{^                     \^$}}

// RUN: printf 'func.func private @f(memref<4x' > %t/type.mlir
// RUN: not bufreuse %t/type.mlir 2>&1 | FileCheck --check-prefix=TYPE %s
// TYPE: {{.*}}type.mlir:1:31: error: unexpected end of input; expected

// RUN: printf 'func.func private @f() attributes {s = "abc' > %t/string.mlir
// RUN: not bufreuse %t/string.mlir 2>&1 | FileCheck --check-prefix=STRING %s
// STRING: {{.*}}string.mlir:1:40: error: unterminated string: no matching end before the end of the input
// STRING-NEXT: {{^func.func private @f\(\) attributes {s = "abc$}}
// STRING-NEXT: {{^                                       \^}}

// A string may not span lines either.
// RUN: printf 'func.func private @f() attributes {s = "abc\n"}\n' > %t/string-newline.mlir
// RUN: not bufreuse %t/string-newline.mlir 2>&1 | FileCheck --check-prefix=NEWLINE %s
// NEWLINE: {{.*}}string-newline.mlir:1:40: error: unterminated string

// RUN: printf 'func.func @f() {\n  scf.execute_region {\n    scf.yield\n' > %t/region.mlir
// RUN: not bufreuse %t/region.mlir 2>&1 | FileCheck --check-prefix=REGION %s
// REGION: {{.*}}region.mlir:3:14: error: unexpected end of input; expected {{.*}}'}'

// In the generic form, inside the operand list and inside the region list.
// RUN: printf '%%%%0 = "foo.op"(' > %t/generic.mlir
// RUN: not bufreuse %t/generic.mlir 2>&1 | FileCheck --check-prefix=GENERIC %s
// GENERIC: {{.*}}generic.mlir:1:15: error: unexpected end of input
// RUN: printf '"foo.op"() ({\n  "foo.inner"() : () -> ()\n' > %t/generic-region.mlir
// RUN: not bufreuse %t/generic-region.mlir 2>&1 | FileCheck --check-prefix=GREGION %s
// GREGION: {{.*}}generic-region.mlir:2:27: error: unexpected end of input

// No output on stdout for any of them.
// RUN: not bufreuse %t/region.mlir 2>/dev/null | FileCheck --allow-empty --check-prefix=NOOUT %s
// NOOUT-NOT: {{.}}
