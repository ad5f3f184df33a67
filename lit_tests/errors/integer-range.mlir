// An integer attribute must fit its type, as mlir-opt's parser requires: an `index` holds a
// signed 64-bit value, `iN` N bits read signed or unsigned, `siN` signed, `uiN` unsigned, and
// an integer without a type is an `i64`. The message starts as mlir-opt's (checked against
// mlir-opt's own diagnostics with --verify-diagnostics, skipped without mlir-opt) and says
// which attribute, since it points at the op.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s %}

func.func @index() -> index {
  // CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:8: error: integer constant out of range for attribute 'value': 9223372036854775808 does not fit in index
  // expected-error @below {{integer constant out of range for attribute}}
  %c = arith.constant 9223372036854775808 : index
  return %c : index
}

// -----

func.func @index_2_64() -> index {
  // CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:8: error: integer constant out of range for attribute 'value': 18446744073709551616 does not fit in index
  // expected-error @below {{integer constant out of range for attribute}}
  %c = arith.constant 18446744073709551616 : index
  return %c : index
}

// -----

func.func @index_generic() -> index {
  // CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:8: error: integer constant out of range for attribute 'value': -9223372036854775809 does not fit in index
  // expected-error @below {{integer constant out of range for attribute}}
  %c = "arith.constant"() <{value = -9223372036854775809 : index}> : () -> index
  return %c : index
}

// -----

func.func @i8() -> i8 {
  // CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:8: error: integer constant out of range for attribute 'value': 256 does not fit in i8
  // expected-error @below {{integer constant out of range for attribute}}
  %c = arith.constant 256 : i8
  return %c : i8
}

// -----

// Nested in other attributes, of any op; without a type, an i64.
// CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:1: error: integer constant out of range for attribute 'list': 128 does not fit in si8
// expected-error @below {{integer constant out of range for attribute}}
"test.op"() {list = [1 : si8, {inner = 128 : si8}]} : () -> ()

// -----

// CHECK: {{.*}}integer-range.mlir:[[# @LINE + 2]]:1: error: integer constant out of range for attribute 'big': 18446744073709551616 does not fit in i64
// expected-error @below {{integer constant out of range for attribute}}
"test.op"() {big = 18446744073709551616} : () -> ()

// -----

// The largest and smallest values of each type are read.
// CHECK-NOT: error
func.func @limits() {
  %a = arith.constant 9223372036854775807 : index
  %b = arith.constant -9223372036854775808 : index
  %c = arith.constant 18446744073709551615 : i64
  %d = arith.constant -9223372036854775808 : i64
  %e = arith.constant 255 : i8
  %f = arith.constant -128 : i8
  %g = arith.constant -1 : i1
  %h = arith.constant 0xffffffffffffffff : i64
  "test.op"() {s = -128 : si8, u = 255 : ui8} : () -> ()
  return
}
