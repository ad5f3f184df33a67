// A NUL byte where a token may start is an error, also at the very end of the file (a NUL in
// an MLIR text file is almost always the sign of a damaged or binary file). mlir-opt instead
// skips NUL bytes outside strings like whitespace.
// Inside a comment or a string literal a NUL byte is currently accepted (and kept in the
// string as a raw byte, where mlir-opt prints `\00`): see the last two cases.
// RUN: rm -rf %t && mkdir %t

// RUN: printf 'func.func @f() {\n  return\000\n}\n' > %t/op.mlir
// RUN: not bufreuse %t/op.mlir 2>&1 | FileCheck --check-prefix=OP %s
// OP: {{.*}}op.mlir:2:9: error: unexpected NUL byte
// OP-NEXT: {{^  return}}
// OP-NEXT: {{^        \^$}}

// RUN: printf '\000func.func private @f()\n' > %t/start.mlir
// RUN: not bufreuse %t/start.mlir 2>&1 | FileCheck --check-prefix=START %s
// START: {{.*}}start.mlir:1:1: error: unexpected NUL byte

// RUN: printf 'func.func private @f()\n\000' > %t/end.mlir
// RUN: not bufreuse %t/end.mlir 2>&1 | FileCheck --check-prefix=END %s
// END: {{.*}}end.mlir:2:1: error: unexpected NUL byte

// RUN: printf '// comment \000\nfunc.func private @f()\n' > %t/comment.mlir
// RUN: bufreuse %t/comment.mlir | FileCheck --check-prefix=COMMENT %s
// COMMENT: {{^func.func private @f\(\)$}}

// RUN: printf 'func.func private @f() attributes {s = "a\000b"}\n' > %t/string.mlir
// RUN: bufreuse %t/string.mlir | FileCheck --check-prefix=STRING %s
// STRING: {{^func.func private @f\(\) attributes {s = "a.b"}$}}
