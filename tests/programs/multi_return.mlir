// A function with two returns (cf.cond_br to two blocks): the pool must be freed before
// each of them. Temporaries in the entry block and in each returning block; @main calls it
// with both outcomes several times, so a pool that is not freed, or freed twice, shows.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @pick(%n: index, %flag: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  // a[i] = i * n, b[i] = a[i] + 3
  %a = memref.alloc() : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %p = arith.muli %i, %n : index
    %v = arith.index_cast %p : index to i64
    memref.store %v, %a[%i] : memref<8xi64>
  }
  %b = memref.alloc() : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<8xi64>
    %three = arith.constant 3 : i64
    %w = arith.addi %v, %three : i64
    memref.store %w, %b[%i] : memref<8xi64>
  }
  memref.dealloc %a : memref<8xi64>
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %b[%i] : memref<8xi64>
    %n2 = arith.addi %acc, %v : i64
    scf.yield %n2 : i64
  }
  memref.dealloc %b : memref<8xi64>
  cf.cond_br %flag, ^even(%s : i64), ^odd(%s : i64)
^even(%x: i64):
  // c[i / 4, i % 4] = x - i, summed, times 2
  %c = memref.alloc() : memref<4x4xi32>
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %i0 = arith.divui %i, %c4 : index
    %i1 = arith.remui %i, %c4 : index
    %ii = arith.index_cast %i : index to i64
    %d = arith.subi %x, %ii : i64
    %t = arith.trunci %d : i64 to i32
    memref.store %t, %c[%i0, %i1] : memref<4x4xi32>
  }
  %e = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %z) -> (i64) {
    %i0 = arith.divui %i, %c4 : index
    %i1 = arith.remui %i, %c4 : index
    %v = memref.load %c[%i0, %i1] : memref<4x4xi32>
    %w = arith.extsi %v : i32 to i64
    %n2 = arith.addi %acc, %w : i64
    scf.yield %n2 : i64
  }
  memref.dealloc %c : memref<4x4xi32>
  %two = arith.constant 2 : i64
  %e2 = arith.muli %e, %two : i64
  return %e2 : i64
^odd(%y: i64):
  %f = memref.alloc() : memref<16xf64>
  %g = memref.alloc() : memref<16xf64>
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %yi = arith.addi %y, %ii : i64
    %fv = arith.sitofp %yi : i64 to f64
    memref.store %fv, %f[%i] : memref<16xf64>
    %half = arith.constant 0.5 : f64
    %gv = arith.mulf %fv, %half : f64
    memref.store %gv, %g[%i] : memref<16xf64>
  }
  %fs = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> (i64) {
    %u = memref.load %f[%i] : memref<16xf64>
    %w = memref.load %g[%i] : memref<16xf64>
    %m = arith.subf %u, %w : f64
    %k = arith.fptosi %m : f64 to i64
    %n2 = arith.addi %acc, %k : i64
    scf.yield %n2 : i64
  }
  memref.dealloc %g : memref<16xf64>
  memref.dealloc %f : memref<16xf64>
  return %fs : i64
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %t = arith.constant true
  %f = arith.constant false
  %v0 = call @pick(%c1, %t) : (index, i1) -> i64
  call @printI64(%v0) : (i64) -> ()
  call @printNewline() : () -> ()
  %v1 = call @pick(%c2, %f) : (index, i1) -> i64
  call @printI64(%v1) : (i64) -> ()
  call @printNewline() : () -> ()
  %v2 = call @pick(%c5, %t) : (index, i1) -> i64
  call @printI64(%v2) : (i64) -> ()
  call @printNewline() : () -> ()
  %v3 = call @pick(%c8, %f) : (index, i1) -> i64
  call @printI64(%v3) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
