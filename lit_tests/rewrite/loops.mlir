// Allocations inside scf.for bodies (freed in the body) become views of the one pool that is
// allocated once, at the function's entry: no memref.alloc runs inside a loop any more, and
// --stats counts the mallocs per call (trip counts 4 and 4 x 3) before and after.
// An accumulator outside the loops is live across them, so no loop buffer may overlap it.
// RUN: bufreuse --pool-all --live-from-alloc --rewrite %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --rewrite --stats %s -o %t 2>&1 | FileCheck --check-prefix=STATS %s

func.func @loops() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4xf32>
  memref.store %zero, %acc[%c0] : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<16xf32>
    %u = memref.alloc() : memref<8xf64>
    memref.store %zero, %t[%i] : memref<16xf32>
    %v = memref.load %t[%i] : memref<16xf32>
    %w = arith.extf %v : f32 to f64
    memref.store %w, %u[%c0] : memref<8xf64>
    memref.dealloc %t : memref<16xf32>
    scf.for %j = %c0 to %c3 step %c1 {
      %inner = memref.alloc() : memref<2x2xf32>
      memref.store %v, %inner[%c0, %c1] : memref<2x2xf32>
      %x = memref.load %inner[%c0, %c1] : memref<2x2xf32>
      memref.store %x, %acc[%j] : memref<4xf32>
      memref.dealloc %inner : memref<2x2xf32>
    }
    memref.dealloc %u : memref<8xf64>
  }
  %r = memref.load %acc[%c0] : memref<4xf32>
  memref.dealloc %acc : memref<4xf32>
  return %r : f32
}

// acc (16 B) is live throughout; t and u (64 B each) live together; inner (16 B) lives
// after t: t@0, u@64, acc@128 (the last 16 bytes), inner@0: 144 bytes, the peak.
// CHECK-LABEL: func.func @loops() -> f32 {
// CHECK-DAG:     [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG:     [[OFF64:%[a-z0-9_]+]] = arith.constant 64 : index
// CHECK-DAG:     [[OFF128:%[a-z0-9_]+]] = arith.constant 128 : index
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<144xi8>
// CHECK-NOT:     memref.alloc
// CHECK:         %acc = memref.view [[POOL]]{{\[}}[[OFF128]]{{\]}}[] : memref<144xi8> to memref<4xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %i =
// CHECK-NEXT:      %t = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<144xi8> to memref<16xf32>
// CHECK-NEXT:      %u = memref.view [[POOL]]{{\[}}[[OFF64]]{{\]}}[] : memref<144xi8> to memref<8xf64>
// CHECK-NOT:       memref.alloc
// CHECK-NOT:       memref.dealloc
// CHECK:           scf.for %j =
// CHECK-NEXT:        %inner = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<144xi8> to memref<2x2xf32>
// CHECK-NOT:         memref.alloc
// CHECK-NOT:         memref.dealloc
// CHECK:           }
// CHECK-NOT:       memref.alloc
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK-NEXT:    %r = memref.load %acc[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc [[POOL]] : memref<144xi8>
// CHECK-NEXT:    return %r : f32

// 1 + 4 x 2 + 4 x 3 = 21 mallocs per call before, 1 after.
// STATS: loops.mlir: @loops: 4 allocations pooled, 0 kept; 160 bytes -> 144 bytes; mallocs per call 21 -> 1
