// Was a bug: the printer writes `func.call` as `call` everywhere, but MLIR resolves the bare name
// only directly inside a `func.func` body, whose default dialect is `func`. In a nested
// region (scf.for, scf.if, linalg.generic ...) `call` does not parse: mlir-opt says
// "Dialect `' not found for custom op 'call'". Plain printing (no --rewrite) has the same
// problem; the output of --rewrite of such a function cannot be run.
// Expected: `func.call` inside nested regions (the bare `call` is fine at the top level).
// (Fixed: this test used to be XFAIL.)
// RUN: bufreuse --rewrite %s | FileCheck %s

func.func private @use(f32)

// CHECK-LABEL: func.func @calls_in_loop(
// CHECK:         scf.for
// CHECK:           func.call @use(%v) : (f32) -> ()
func.func @calls_in_loop(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %x, %a[%i] : memref<4xf32>
    memref.store %x, %b[%i] : memref<4xf32>
    %v = memref.load %a[%i] : memref<4xf32>
    func.call @use(%v) : (f32) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
