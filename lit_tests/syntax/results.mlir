// Value names: multi-result bindings `%a, %b:2 = ...`, `%b#1` uses, names that are numbers
// and names with `.`, `$`, `-` and `_` are printed as written.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect | diff %t.ref - %}

// CHECK-LABEL: func.func @bindings(%m: memref<?x?xf32>) -> (index, index) {
// CHECK-NEXT: %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %s = arith.addi %sizes#0, %sizes#1 : index
// CHECK-NEXT: %t = arith.muli %strides#1, %offset : index
// CHECK-NEXT: %p:2 = "foo.two"() : () -> (i32, i32)
// CHECK-NEXT: %q = arith.addi %p#0, %p#1 : i32
// CHECK-NEXT: %0:3 = "foo.three"() : () -> (i32, i32, i32)
// CHECK-NEXT: %1 = arith.addi %0#2, %0#0 : i32
// CHECK-NEXT: %a, %b:2, %c = "foo.four"() : () -> (i32, i32, i32, i32)
// CHECK-NEXT: %d = arith.addi %b#1, %c : i32
// CHECK-NEXT: %e = arith.addi %a, %b#0 : i32
// CHECK-NEXT: %name_with.dot$-_9 = arith.constant 1 : index
// CHECK-NEXT: %42 = arith.addi %name_with.dot$-_9, %s : index
// CHECK-NEXT: return %42, %t : index, index
// CHECK-NEXT: }
func.func @bindings(%m: memref<?x?xf32>) -> (index, index) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %s = arith.addi %sizes#0, %sizes#1 : index
  %t = arith.muli %strides#1, %offset : index
  %p:2 = "foo.two"() : () -> (i32, i32)
  %q = arith.addi %p#0, %p#1 : i32
  %0:3 = "foo.three"() : () -> (i32, i32, i32)
  %1 = arith.addi %0#2, %0#0 : i32
  %a, %b:2, %c = "foo.four"() : () -> (i32, i32, i32, i32)
  %d = arith.addi %b#1, %c : i32
  %e = arith.addi %a, %b#0 : i32
  %name_with.dot$-_9 = arith.constant 1 : index
  %42 = arith.addi %name_with.dot$-_9, %s : index
  return %42, %t : index, index
}
