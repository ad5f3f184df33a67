// Comments are dropped wherever they are, also inside an op and at the end of a file
// that has no final newline.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: bufreuse %s | FileCheck --check-prefix=NONE %s
// NONE-NOT: {{//}}
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: module {
// A comment before everything.
// Another one with "quotes", braces } { and a // nested marker.
module { // trailing comment after the brace
  // comment line in a region
  // CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT: return %0 : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  func.func @f(%arg0: i32, // between arguments
               %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, // inside an op
                    %arg1 : i32 // after the type
    // ---- not a split marker
    return %0 : i32
  }
  // last comment
}
// The file ends in a comment without a newline.
// no newline