// --rewrite of its own output changes nothing: the pool is a single allocation in its memory
// space (freed before each return, so either alone or deallocated more than once), and the
// views are not allocations. Checked on this file and on the multi-return and loop tests.
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --pool-all --rewrite %s -o %t/once.mlir
// RUN: bufreuse --pool-all --rewrite %t/once.mlir -o %t/twice.mlir
// RUN: diff %t/once.mlir %t/twice.mlir
// RUN: bufreuse --pool-all --rewrite %S/returns.mlir -o %t/returns.once.mlir
// RUN: bufreuse --pool-all --rewrite %t/returns.once.mlir -o %t/returns.twice.mlir
// RUN: diff %t/returns.once.mlir %t/returns.twice.mlir
// RUN: bufreuse --pool-all --rewrite %S/loops.mlir -o %t/loops.once.mlir
// RUN: bufreuse --pool-all --rewrite %t/loops.once.mlir -o %t/loops.twice.mlir
// RUN: diff %t/loops.once.mlir %t/loops.twice.mlir
// The first rewrite did pool something:
// RUN: FileCheck %s --input-file=%t/once.mlir
// CHECK: memref.view %pool

func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xi32>
  memref.store %x, %a[%c0] : memref<8xi32>
  %v = memref.load %a[%c0] : memref<8xi32>
  %b = memref.alloc() : memref<8xi32>
  memref.store %v, %b[%c0] : memref<8xi32>
  %w = memref.load %b[%c0] : memref<8xi32>
  memref.dealloc %a : memref<8xi32>
  memref.dealloc %b : memref<8xi32>
  return %w : i32
}
