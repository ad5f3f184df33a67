// Blocks: labels, arguments and the entry block; cf.br, cf.cond_br and cf.assert.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @blocks(%cond: i1, %x: i32, %m: memref<4xf32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : i32
// CHECK-NEXT: cf.cond_br %cond, ^bb1(%x : i32), ^bb2
// CHECK-NEXT: ^bb1(%a: i32):
// CHECK-NEXT: cf.br ^exit(%a, %m : i32, memref<4xf32>)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.cond_br %cond, ^bb1(%c0 : i32), ^exit(%c0, %m : i32, memref<4xf32>)
// CHECK-NEXT: ^exit(%r: i32, %mm: memref<4xf32>):
// CHECK-NEXT: return %r : i32
// CHECK-NEXT: }
func.func @blocks(%cond: i1, %x: i32, %m: memref<4xf32>) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.cond_br %cond, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):  // pred: ^bb0
  cf.br ^exit(%a, %m : i32, memref<4xf32>)
^bb2:
  cf.cond_br %cond, ^bb1(%c0 : i32), ^exit(%c0, %m : i32, memref<4xf32>)
^exit(%r: i32, %mm: memref<4xf32>):
  return %r : i32
}

// A branch to a block defined later, blocks in any order.
// CHECK-LABEL: func.func @forward() {
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @forward() {
  cf.br ^bb2
^bb1:
  return
^bb2:
  cf.br ^bb1
}

// Blocks inside a nested region.
// CHECK-LABEL: func.func @nested(%cond: i1) {
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: cf.cond_br %cond, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: scf.yield
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @nested(%cond: i1) {
  scf.execute_region {
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    scf.yield
  ^bb2:
    cf.br ^bb1
  }
  return
}

// CHECK-LABEL: func.func @assert(%cond: i1) {
// CHECK-NEXT: cf.assert %cond, "x < \"10\"\n"
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert(%cond: i1) {
  cf.assert %cond, "x < \"10\"\n"
  return
}
