// Input that is not UTF-8 is refused at the first bad byte, wherever it is: in a string
// literal, in a comment, in a name. Overlong encodings and UTF-16 surrogates are not UTF-8
// either. (mlir-opt accepts bytes that are not UTF-8 inside strings and comments; bufreuse
// reads text only.) lit_tests/cli/invalid-utf8.test covers stdin and --split-input-file.
// RUN: rm -rf %t && mkdir %t

// RUN: printf 'func.func private @f() attributes {s = "\303\050"}\n' > %t/string.mlir
// RUN: not bufreuse %t/string.mlir 2>&1 | FileCheck --check-prefix=STRING %s
// STRING: {{.*}}string.mlir:1:41: error: input is not valid UTF-8
// STRING: {{^                                        \^$}}

// RUN: printf 'func.func private @f()\n// overlong \300\257\n' > %t/overlong.mlir
// RUN: not bufreuse %t/overlong.mlir 2>&1 | FileCheck --check-prefix=OVERLONG %s
// OVERLONG: {{.*}}overlong.mlir:2:13: error: input is not valid UTF-8

// RUN: printf '// surrogate \355\240\200\n' > %t/surrogate.mlir
// RUN: not bufreuse %t/surrogate.mlir 2>&1 | FileCheck --check-prefix=SURROGATE %s
// SURROGATE: {{.*}}surrogate.mlir:1:14: error: input is not valid UTF-8

// A lone continuation byte in a value name, after valid multi-byte characters on the line:
// the column counts bytes, as MLIR's diagnostics do.
// RUN: printf '// caf\303\251\nfunc.func @f(%%%%a\200: i32) {\n  return\n}\n' > %t/name.mlir
// RUN: not bufreuse %t/name.mlir 2>&1 | FileCheck --check-prefix=NAME %s
// NAME: {{.*}}name.mlir:2:16: error: input is not valid UTF-8

// RUN: printf '// caf\303\251 \377\n' > %t/after-multibyte.mlir
// RUN: not bufreuse %t/after-multibyte.mlir 2>&1 | FileCheck --check-prefix=COLUMN %s
// COLUMN: {{.*}}after-multibyte.mlir:1:10: error: input is not valid UTF-8

// Valid UTF-8 outside ASCII is fine in strings and comments.
// RUN: printf '// caf\303\251\nfunc.func private @f() attributes {s = "\342\202\254"}\n' > %t/valid.mlir
// RUN: bufreuse %t/valid.mlir | FileCheck --check-prefix=VALID %s
// VALID: func.func private @f() attributes {s = "€"}
