// A function whose memory space holds a single eligible allocation gains nothing from a
// pool: the function is printed exactly as without --rewrite (byte for byte), and a file in
// which no function has a pool is the plain print of the input.
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --rewrite %s -o %t/rewritten.mlir
// RUN: bufreuse %s -o %t/printed.mlir
// RUN: diff %t/printed.mlir %t/rewritten.mlir
// RUN: FileCheck %s --input-file=%t/rewritten.mlir

// CHECK-LABEL: func.func @single(%x: f32) -> f32 {
// CHECK-NOT:     memref.view
// CHECK:         %a = memref.alloc() : memref<64xf32>
// CHECK:         memref.dealloc %a : memref<64xf32>
// CHECK-NEXT:    return %v : f32
func.func @single(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  memref.store %x, %a[%c0] : memref<64xf32>
  %v = memref.load %a[%c0] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return %v : f32
}

// One eligible buffer per memory space: still no pool.
// CHECK-LABEL: func.func @one_per_space(%x: f32) {
// CHECK-NOT:     memref.view
// CHECK:         %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %b = memref.alloc() : memref<4xf32, 1>
func.func @one_per_space(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32, 1>
  memref.store %x, %a[%c0] : memref<4xf32>
  memref.store %x, %b[%c0] : memref<4xf32, 1>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32, 1>
  return
}
