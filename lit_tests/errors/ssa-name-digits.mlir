// MLIR's value and block names: an id that starts with a digit is all digits. `%0_0` and
// `^0bb` are errors, as in mlir-opt (which stops at `_0`: "expected '=' after SSA name"); a
// rewrite never prints such a name (rewrite/ssa-names.mlir).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// RUN: not %mlir_opt --split-input-file %s 2>&1 | FileCheck --check-prefix=MLIR %s
// REQUIRES: mlir-opt

// CHECK: {{.*}}ssa-name-digits.mlir:[[# @LINE + 4]]:3: error: invalid name '%0_0': a name that starts with a digit must be all digits
// CHECK-NEXT: {{^  %0_0 = arith.constant 0 : i32$}}
// MLIR: error: expected '=' after SSA name
func.func @value() {
  %0_0 = arith.constant 0 : i32
  return
}

// -----

// CHECK: {{.*}}ssa-name-digits.mlir:[[# @LINE + 3]]:9: error: invalid name '^0bb': a name that starts with a digit must be all digits
// MLIR: error
func.func @block() {
  cf.br ^0bb
^0bb:
  return
}

// -----

// Names that are valid: all digits, or a letter, `$`, `.`, `_` or `-` first.
// CHECK-NOT: error
func.func @valid(%0: i32, %_0: i32, %v0_0: i32, %$x: i32, %.1: i32, %-2: i32) -> i32 {
  return %0 : i32
}
