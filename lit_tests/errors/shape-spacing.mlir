// Spaces in a dimension list are read as MLIR reads them, not more: a dimension without its
// `x`, or a `x` without an element type, is still an error.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}shape-spacing.mlir:[[# @LINE + 1]]:36: error: unexpected '4'
func.func private @no_x(memref<2 x 4 f32>)

// -----

// CHECK: {{.*}}shape-spacing.mlir:[[# @LINE + 1]]:42: error: unexpected '>'
func.func private @no_element(memref<2 x >)
