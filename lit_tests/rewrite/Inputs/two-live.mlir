// Two buffers live together, then a third after them: pooled into one 128-byte pool. With
// every buffer at offset 0, filling b overwrites a and the sums change.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %z = arith.constant 0 : i64
  %hundred = arith.constant 100 : i64
  %a = memref.alloc() : memref<16xi64>
  %b = memref.alloc() : memref<16xi64>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %a[%i] : memref<16xi64>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i64
    %w = arith.addi %v, %hundred : i64
    memref.store %w, %b[%i] : memref<16xi64>
  }
  %sa = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %a[%i] : memref<16xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  %sb = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %b[%i] : memref<16xi64>
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  %a3 = memref.load %a[%c3] : memref<16xi64>
  %b3 = memref.load %b[%c3] : memref<16xi64>
  memref.dealloc %a : memref<16xi64>
  memref.dealloc %b : memref<16xi64>
  %c = memref.alloc() : memref<1xi64>
  %p = arith.muli %a3, %b3 : i64
  memref.store %p, %c[%c0] : memref<1xi64>
  %r = memref.load %c[%c0] : memref<1xi64>
  memref.dealloc %c : memref<1xi64>
  func.call @printI64(%sa) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%sb) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
