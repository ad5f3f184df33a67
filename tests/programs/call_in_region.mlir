// Calls inside scf.for and scf.if regions, in a function whose temporaries are pooled. In a
// nested region the default dialect is not `func`, so a call must be printed as `func.call`.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @square_sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %next = arith.addi %acc, %sq : i64
    scf.yield %next : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %n = arith.addi %i, %c2 : index
    %v = func.call @square_sum(%n) : (index) -> i64
    memref.store %v, %a[%i] : memref<4xi64>
  }
  %b = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xi64>
    %w = arith.addi %v, %v : i64
    memref.store %w, %b[%i] : memref<4xi64>
  }
  memref.dealloc %a : memref<4xi64>
  %c = memref.alloc() : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %b[%i] : memref<4xi64>
    %r = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    %w = scf.if %even -> (i64) {
      func.call @printI64(%v) : (i64) -> ()
      func.call @printNewline() : () -> ()
      scf.yield %v : i64
    } else {
      %k = arith.constant 3 : i64
      %x = arith.muli %v, %k : i64
      scf.yield %x : i64
    }
    memref.store %w, %c[%i] : memref<4xi64>
  }
  memref.dealloc %b : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %c[%i] : memref<4xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %c : memref<4xi64>
  return
}
