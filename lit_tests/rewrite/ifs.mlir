// Allocations inside both branches of an scf.if (freed in their branch) become views of the
// function's pool; a buffer from before the scf.if that is read in both branches stays live
// across it, so neither branch's buffer may overlap it. The two branches never run together,
// so their buffers may share bytes.
// RUN: bufreuse --pool-all --rewrite %s | FileCheck %s

func.func @ifs(%flag: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : i32
  %outer = memref.alloc() : memref<16xi32>
  memref.store %k, %outer[%c0] : memref<16xi32>
  %r = scf.if %flag -> (i32) {
    %then = memref.alloc() : memref<32xi32>
    %x = memref.load %outer[%c0] : memref<16xi32>
    memref.store %x, %then[%c0] : memref<32xi32>
    %y = memref.load %then[%c0] : memref<32xi32>
    memref.dealloc %then : memref<32xi32>
    scf.yield %y : i32
  } else {
    %else = memref.alloc() : memref<4xi64>
    %x = memref.load %outer[%c0] : memref<16xi32>
    %w = arith.extsi %x : i32 to i64
    memref.store %w, %else[%c0] : memref<4xi64>
    %z = memref.load %else[%c0] : memref<4xi64>
    %t = arith.trunci %z : i64 to i32
    memref.dealloc %else : memref<4xi64>
    scf.yield %t : i32
  }
  memref.dealloc %outer : memref<16xi32>
  return %r : i32
}

// then (128 B) and else (32 B) both at 0, outer (64 B) at 128: 192 bytes, the peak.
// CHECK-LABEL: func.func @ifs(
// CHECK-DAG:     [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG:     [[OFF128:%[a-z0-9_]+]] = arith.constant 128 : index
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// CHECK:         %outer = memref.view [[POOL]]{{\[}}[[OFF128]]{{\]}}[] : memref<192xi8> to memref<16xi32>
// CHECK:         %r = scf.if %flag -> (i32) {
// CHECK-NEXT:      %then = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<192xi8> to memref<32xi32>
// CHECK-NOT:       memref.dealloc
// CHECK:         } else {
// CHECK-NEXT:      %else = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<192xi8> to memref<4xi64>
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK-NEXT:    memref.dealloc [[POOL]] : memref<192xi8>
// CHECK-NEXT:    return %r : i32
