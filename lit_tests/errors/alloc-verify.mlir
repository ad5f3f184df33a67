// memref.alloc and memref.alloca are verified as mlir-opt verifies them, in every mode (here
// plain printing): one size operand per dynamic dimension of the result, and an `alignment`
// that is a positive power of two of type i64. Each message is mlir-opt's, checked against
// mlir-opt's own diagnostics with --verify-diagnostics (skipped without mlir-opt).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --split-input-file --verify-diagnostics %s %}

func.func @missing_size() {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1
  // expected-error @below {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @sizes(%n: index) {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloca' op incorrect number of dynamic sizes, has 1, expected 2
  // expected-error @below {{'memref.alloca' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = memref.alloca(%n) : memref<?x4x?xf32>
  return
}

// -----

func.func @extra_size(%n: index) {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0
  // expected-error @below {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4xf32>
  return
}

// -----

func.func @not_a_power_of_two() {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0
  // expected-error @below {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 24} : memref<4xf32>
  return
}

// -----

func.func @zero() {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloca' op attribute 'alignment' failed to satisfy constraint
  // expected-error @below {{'memref.alloca' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloca() {alignment = 0 : i64} : memref<4xf32>
  return
}

// -----

func.func @not_i64() {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint
  // expected-error @below {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloc() {alignment = 8 : i32} : memref<4xf32>
  return
}

// -----

// Every broken allocation of a chunk is reported (mlir-opt stops at the first); good ones
// are not.
func.func @several(%n: index) {
  // CHECK-NOT: alloc-verify.mlir:[[# @LINE + 1]]:
  %ok = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint
  // expected-error @below {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloc() {alignment = -16} : memref<4xf32>
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 1]]:8: error: 'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 1
  %1 = memref.alloca() : memref<?xf32>
  return
}

// -----

// Segment sizes that do not add up to the operands: the verifier used to count the first
// segment only and pass this, and the printer then wrote `memref.alloc(%n)` for a memref
// with two dynamic dimensions, which does not verify.
func.func @segments_total(%n: index) {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'
  // expected-error @below {{'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 2, 0>}> : (index) -> memref<?x?xf32>
  return
}

// -----

func.func @segments_groups(%n: index) {
  // CHECK: {{.*}}alloc-verify.mlir:[[# @LINE + 2]]:8: error: invalid properties {operandSegmentSizes = array<i32: 1, 0, 0>} for op memref.alloc: size mismatch in attribute conversion: 3 vs 2
  // expected-error @below {{invalid properties {operandSegmentSizes = array<i32: 1, 0, 0>} for op memref.alloc: size mismatch in attribute conversion: 3 vs 2}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> memref<?xf32>
  return
}
