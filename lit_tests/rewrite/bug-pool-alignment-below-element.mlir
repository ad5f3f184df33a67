// BUG: with --alignment below an element type's size, the pool's alignment attribute is
// --alignment itself (here 4), not the largest alignment its members need (8, for f64).
// The f64 view sits at offset 0 of the pool, so its address is only as aligned as the pool's
// base, which the attribute promises to be 4. Expected: {alignment = 8 : i64}.
// (src/analysis/mod.rs folds only the members' `alignment` attributes into the pool's
// alignment, not their element alignment.)
// RUN: bufreuse --pool-all --live-from-alloc --rewrite --alignment=4 %s | FileCheck %s

// CHECK-LABEL: func.func @wide() {
// CHECK:         memref.alloc() {alignment = 8 : i64} : memref<29xi8>
func.func @wide() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f64
  %y = arith.constant 1 : i8
  %a = memref.alloc() : memref<5xi8>
  %b = memref.alloc() : memref<3xf64>
  memref.store %y, %a[%c0] : memref<5xi8>
  memref.store %x, %b[%c0] : memref<3xf64>
  memref.dealloc %a : memref<5xi8>
  memref.dealloc %b : memref<3xf64>
  return
}
