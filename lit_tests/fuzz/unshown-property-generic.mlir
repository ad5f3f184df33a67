// Found by hand, checking the printer against mlir-opt: a known op read in generic form with a
// property its custom form does not show (mlir-opt rejects most such ops: "invalid properties
// ... for op memref.dealloc") was printed in custom form without it, and one whose shown
// property has the wrong kind of value (`callee = 1`) was printed as text that does not parse
// again. Both keep the generic form now, so nothing is lost and the output reads again.
// RUN: bufreuse %s > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: bufreuse %t.mlir | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: "memref.dealloc"(%m) <{callee = @x}> : (memref<4xf32>) -> ()
// CHECK-NEXT: %g = "memref.get_global"() <{name = 1}> : () -> memref<4xf32>
// CHECK-NEXT: "cf.assert"(%c) <{msg = 1}> : (i1) -> ()
// CHECK-NEXT: %x = "arith.addi"(%i, %i) <{value = 1}> : (i32, i32) -> i32
// CHECK-NEXT: return
func.func @f(%m: memref<4xf32>, %c: i1, %i: i32) {
  "memref.dealloc"(%m) <{callee = @x}> : (memref<4xf32>) -> ()
  %g = "memref.get_global"() <{name = 1}> : () -> memref<4xf32>
  "cf.assert"(%c) <{msg = 1}> : (i1) -> ()
  %x = "arith.addi"(%i, %i) <{value = 1}> : (i32, i32) -> i32
  return
}

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "g", value = 1}> ({
// CHECK-NEXT: return
"func.func"() <{function_type = () -> (), sym_name = "g", value = 1}> ({
  "func.return"() : () -> ()
}) : () -> ()
