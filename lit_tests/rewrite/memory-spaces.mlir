// One pool per memory space: buffers in memory space 1 share a `memref<Nxi8, 1>` pool, the
// others a pool in the default space; views keep their memory space, both pools are freed
// before the return.
// RUN: bufreuse --pool-all --rewrite %s | FileCheck %s

func.func @spaces() -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.constant 2.0 : f32
  %g0 = memref.alloc() : memref<16xf32, 1>
  %g1 = memref.alloc() : memref<8xf32, 1>
  %h0 = memref.alloc() : memref<16xf32>
  %h1 = memref.alloc() : memref<16xf32>
  memref.store %x, %g0[%c0] : memref<16xf32, 1>
  memref.store %x, %g1[%c0] : memref<8xf32, 1>
  memref.store %x, %h0[%c0] : memref<16xf32>
  memref.store %x, %h1[%c0] : memref<16xf32>
  %a = memref.load %g0[%c0] : memref<16xf32, 1>
  %b = memref.load %g1[%c0] : memref<8xf32, 1>
  %c = memref.load %h0[%c0] : memref<16xf32>
  %d = memref.load %h1[%c0] : memref<16xf32>
  memref.dealloc %g0 : memref<16xf32, 1>
  memref.dealloc %g1 : memref<8xf32, 1>
  memref.dealloc %h0 : memref<16xf32>
  memref.dealloc %h1 : memref<16xf32>
  %s = arith.addf %a, %b : f32
  %t = arith.addf %c, %d : f32
  %r = arith.addf %s, %t : f32
  return %r : f32
}

// All four live together. Space 1: g0@0 (64 B), g1@64 (32 B): 96 bytes. Default space:
// h0@0, h1@64: 128 bytes.
// CHECK-LABEL: func.func @spaces() -> f32 {
// CHECK-DAG:     [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG:     [[OFF64:%[a-z0-9_]+]] = arith.constant 64 : index
// CHECK-DAG:     [[P1:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<96xi8, 1>
// CHECK-DAG:     [[P0:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %g0 = memref.view [[P1]]{{\[}}[[OFF0]]{{\]}}[] : memref<96xi8, 1> to memref<16xf32, 1>
// CHECK-NEXT:    %g1 = memref.view [[P1]]{{\[}}[[OFF64]]{{\]}}[] : memref<96xi8, 1> to memref<8xf32, 1>
// CHECK-NEXT:    %h0 = memref.view [[P0]]{{\[}}[[OFF0]]{{\]}}[] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:    %h1 = memref.view [[P0]]{{\[}}[[OFF64]]{{\]}}[] : memref<128xi8> to memref<16xf32>
// CHECK-NOT:     memref.dealloc %{{[gh]}}
// CHECK:         memref.dealloc [[P1]] : memref<96xi8, 1>
// CHECK-NEXT:    memref.dealloc [[P0]] : memref<128xi8>
// CHECK-NEXT:    return %r : f32
