// When the input has an error, an existing `-o` file keeps its contents and no temporary
// file is left beside it: for a parse error, for an error found after parsing (an undefined
// value), and with --split-input-file when only the second chunk is bad (the first chunk's
// output is not written either).
// RUN: rm -rf %t && mkdir %t
// RUN: echo previous > %t/out.mlir

// RUN: not bufreuse -o %t/out.mlir %S/Inputs/parse-error.mlir 2>&1 | FileCheck --check-prefix=PARSE %s
// PARSE: {{.*}}parse-error.mlir:3:1: error: unexpected '}'
// RUN: FileCheck --check-prefix=KEPT --input-file=%t/out.mlir %s

// RUN: not bufreuse -o %t/out.mlir %s 2>&1 | FileCheck --check-prefix=UNDEFINED %s
// UNDEFINED: {{.*}}output-untouched.mlir:[[# @LINE + 3]]:10: error: use of undefined value '%x'
// RUN: FileCheck --check-prefix=KEPT --input-file=%t/out.mlir %s
func.func @f() -> i32 {
  return %x : i32
}

// RUN: not bufreuse --split-input-file -o %t/out.mlir %S/Inputs/second-chunk-bad.mlir 2>&1 \
// RUN:   | FileCheck --check-prefix=SPLIT %s
// SPLIT: {{.*}}second-chunk-bad.mlir:6:10: error: use of undefined value '%y'
// RUN: FileCheck --check-prefix=KEPT --input-file=%t/out.mlir %s
// KEPT: {{^previous$}}
// KEPT-NOT: {{.}}

// Only the output file is in the directory.
// RUN: ls -A %t | FileCheck --check-prefix=FILES %s
// FILES: {{^out.mlir$}}
// FILES-NOT: {{.}}

// The same run with a good input replaces the file.
// RUN: bufreuse -o %t/out.mlir %S/Inputs/good.mlir
// RUN: FileCheck --check-prefix=GOOD --input-file=%t/out.mlir %s
// GOOD: func.func private @good()
