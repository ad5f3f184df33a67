// --stats: one line per function on stderr -- pooled and kept allocations, the bytes of the
// pooled allocations before and the pool bytes after, and memref.alloc executions per call
// (trip counts of constant scf.for loops multiply; `?` when a trip count is not constant).
// stdout is the rewritten IR only.
// RUN: bufreuse --pool-all --rewrite --stats %s 2>&1 >/dev/null | FileCheck %s
// RUN: bufreuse --pool-all --rewrite --stats %s 2>/dev/null | FileCheck --check-prefix=STDOUT %s
// Without --stats, nothing on stderr:
// RUN: bufreuse --pool-all --rewrite %s 2>&1 >/dev/null | FileCheck --allow-empty --check-prefix=QUIET %s
// QUIET-NOT: {{.}}

// CHECK:      stats.mlir: @pooled: 2 allocations pooled, 1 kept; 160 bytes -> 160 bytes; mallocs per call 12 -> 2{{$}}
// CHECK-NEXT: stats.mlir: @unknown_trips: 2 allocations pooled, 0 kept; 96 bytes -> 96 bytes; mallocs per call ? -> 1{{$}}
// CHECK-NEXT: stats.mlir: @nothing: 0 allocations pooled, 0 kept; 0 bytes -> 0 bytes; mallocs per call 0 -> 0{{$}}
// CHECK-NOT:  {{.}}

// STDOUT-NOT: allocations pooled
// STDOUT:     func.func @pooled

func.func private @keep(memref<*xf32>)

// k escapes into a call (kept); a (96 B) is live across a loop of 10 iterations that
// allocates b (64 B) each time: 1 + 1 + 10 = 12 mallocs before; k and the pool after. The
// pool, b@0 and a@64, is 160 bytes, as large as the two buffers together.
func.func @pooled() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %x = arith.constant 1.0 : f32
  %k = memref.alloc() : memref<8xf32>
  memref.store %x, %k[%c0] : memref<8xf32>
  %u = memref.cast %k : memref<8xf32> to memref<*xf32>
  func.call @keep(%u) : (memref<*xf32>) -> ()
  memref.dealloc %k : memref<8xf32>
  %a = memref.alloc() : memref<24xf32>
  memref.store %x, %a[%c0] : memref<24xf32>
  scf.for %i = %c0 to %c10 step %c1 {
    %b = memref.alloc() : memref<16xf32>
    %v = memref.load %a[%c0] : memref<24xf32>
    memref.store %v, %b[%i] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  memref.dealloc %a : memref<24xf32>
  return
}

func.func @unknown_trips(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = arith.constant 1 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %y, %a[%c0] : memref<4xi64>
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<8xi64>
    %v = memref.load %a[%c0] : memref<4xi64>
    memref.store %v, %b[%c0] : memref<8xi64>
    memref.dealloc %b : memref<8xi64>
  }
  memref.dealloc %a : memref<4xi64>
  return
}

func.func @nothing() {
  return
}
