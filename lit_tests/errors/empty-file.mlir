// An empty file is an empty program: bufreuse succeeds and prints nothing (mlir-opt prints
// an empty `module {}`; bufreuse prints a module only when the input has one). Also through
// standard input and with --split-input-file.
// RUN: rm -rf %t && mkdir %t
// RUN: printf '' > %t/empty.mlir
// RUN: bufreuse %t/empty.mlir | FileCheck --allow-empty %s
// RUN: bufreuse - < %t/empty.mlir | FileCheck --allow-empty %s
// RUN: bufreuse --split-input-file %t/empty.mlir | FileCheck --allow-empty %s
// Whitespace only:
// RUN: printf '  \n\t\n\r\n' > %t/blank.mlir
// RUN: bufreuse %t/blank.mlir | FileCheck --allow-empty %s
// CHECK-NOT: {{.}}
