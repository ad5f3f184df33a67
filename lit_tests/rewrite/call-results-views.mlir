// What a call's result may be, as the analysis and the output check both see it: a callee
// that returns (a view of) its argument captures it, so the caller's buffer passed to it is
// not pooled (escapes-call); a callee that returns a cast of a fresh allocation, or the
// fresh result of another call, returns a buffer of its own, so the caller's buffer is a
// plain use and pooled; a recursive callee and an external one capture (conservative).
// Every function is rewritten: nothing is left as it was read.
// RUN: bufreuse --rewrite --before-dealloc --stats %s 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=STATS %s < %t.err
// RUN: bufreuse --analyze --before-dealloc %s | FileCheck --check-prefix=REPORT %s
// RUN: bufreuse --rewrite --before-dealloc %s | %mlir_opt > /dev/null
// REQUIRES: mlir-opt

// STATS-NOT: left as it was read
// STATS: @main: 3 allocations pooled, 3 kept
// REPORT-LABEL: func @main
// REPORT: %v {{.*}} escapes-call
// REPORT: %f {{.*}} pooled
// REPORT: %g {{.*}} pooled
// REPORT: %r {{.*}} escapes-call
// REPORT: %x {{.*}} escapes-call
// REPORT: %w {{.*}} pooled

// CHECK-LABEL: func.func @main
// CHECK:         %v = memref.alloc() : memref<64xf32>
// CHECK:         %f = memref.view
// CHECK:         %g = memref.view
// CHECK:         %r = memref.alloc() : memref<64xf32>
// CHECK:         %x = memref.alloc() : memref<64xf32>
// CHECK:         %w = memref.view

func.func @view_of_arg(%arg0: memref<64xf32>) -> memref<16xf32, strided<[1], offset: 8>> {
  %s = memref.subview %arg0[8] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1], offset: 8>>
  return %s : memref<16xf32, strided<[1], offset: 8>>
}
func.func @fresh_cast(%arg0: memref<64xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %d = memref.dim %arg0, %c0 : memref<64xf32>
  %a = memref.alloc(%d) : memref<?xf32>
  memref.copy %arg0, %a : memref<64xf32> to memref<?xf32>
  %c = memref.cast %a : memref<?xf32> to memref<?xf32>
  return %c : memref<?xf32>
}
func.func @fresh_via_call(%arg0: memref<64xf32>) -> memref<?xf32> {
  %r = call @fresh_cast(%arg0) : (memref<64xf32>) -> memref<?xf32>
  return %r : memref<?xf32>
}
func.func @recursive(%arg0: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %stop = arith.cmpi eq, %n, %c0 : index
  %v = scf.if %stop -> f32 {
    %x = memref.load %arg0[%c0] : memref<64xf32>
    scf.yield %x : f32
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @recursive(%arg0, %m) : (memref<64xf32>, index) -> f32
    scf.yield %x : f32
  }
  return %v : f32
}
func.func private @external(memref<64xf32>) -> memref<64xf32>

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %cst = arith.constant 1.0 : f32
  %v = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%v : memref<64xf32>)
  %sv = call @view_of_arg(%v) : (memref<64xf32>) -> memref<16xf32, strided<[1], offset: 8>>
  %a = memref.load %sv[%c0] : memref<16xf32, strided<[1], offset: 8>>
  %f = memref.alloc() : memref<64xf32>
  linalg.fill ins(%a : f32) outs(%f : memref<64xf32>)
  %rf = call @fresh_cast(%f) : (memref<64xf32>) -> memref<?xf32>
  %b = memref.load %rf[%c0] : memref<?xf32>
  %g = memref.alloc() : memref<64xf32>
  linalg.fill ins(%b : f32) outs(%g : memref<64xf32>)
  %rg = call @fresh_via_call(%g) : (memref<64xf32>) -> memref<?xf32>
  %c = memref.load %rg[%c0] : memref<?xf32>
  %r = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c : f32) outs(%r : memref<64xf32>)
  %d = call @recursive(%r, %c3) : (memref<64xf32>, index) -> f32
  %x = memref.alloc() : memref<64xf32>
  linalg.fill ins(%d : f32) outs(%x : memref<64xf32>)
  %rx = call @external(%x) : (memref<64xf32>) -> memref<64xf32>
  %e = memref.load %rx[%c0] : memref<64xf32>
  %w = memref.alloc() : memref<64xf32>
  linalg.fill ins(%e : f32) outs(%w : memref<64xf32>)
  %y = memref.load %w[%c0] : memref<64xf32>
  return %y : f32
}
