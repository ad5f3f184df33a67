// A file metadata section `{-#` with no `#-}` after it is an error at its start.
// RUN: not bufreuse %s 2>&1 | FileCheck %s

func.func private @f()
// CHECK: {{.*}}unterminated-file-metadata.mlir:[[# @LINE + 1]]:1: error: unterminated file metadata '{-#'
{-#
  dialect_resources: {
