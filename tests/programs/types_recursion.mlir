// Element types of every size (i8, i16, i32, i64, index, f32, f64), an allocation with its
// own {alignment = 128 : i64}, and a recursive function whose temporary is live across the
// recursive call: every activation gets a pool of its own, so the caller's data must survive
// the callee's use of its pool. Narrow integers are widened before they are printed.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()

// A hash of n's temporaries and all below; `mine` (24 x i8) is live across the recursive
// call, `tmp` (8 x i64) dies before it and shares the pool with `mine`.
func.func @rec(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %z = arith.constant 0 : i64
  %done = arith.cmpi eq, %n, %c0 : index
  cf.cond_br %done, ^base, ^step
^base:
  return %z : i64
^step:
  %tmp = memref.alloc() : memref<8xi64>
  scf.for %i = %c0 to %c8 step %c1 {
    %p = arith.addi %i, %n : index
    %q = arith.index_cast %p : index to i64
    memref.store %q, %tmp[%i] : memref<8xi64>
  }
  %mine = memref.alloc() : memref<24xi8>
  scf.for %i = %c0 to %c24 step %c1 {
    %j = arith.remui %i, %c8 : index
    %t = memref.load %tmp[%j] : memref<8xi64>
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %t, %ii : i64
    %q = arith.trunci %p : i64 to i8
    memref.store %q, %mine[%i] : memref<24xi8>
  }
  memref.dealloc %tmp : memref<8xi64>
  %m1 = arith.subi %n, %c1 : index
  %below = call @rec(%m1) : (index) -> i64
  %s = scf.for %i = %c0 to %c24 step %c1 iter_args(%acc = %below) -> (i64) {
    %v = memref.load %mine[%i] : memref<24xi8>
    %w = arith.extsi %v : i8 to i64
    %k = arith.constant 7 : i64
    %h = arith.muli %acc, %k : i64
    %n2 = arith.addi %h, %w : i64
    scf.yield %n2 : i64
  }
  memref.dealloc %mine : memref<24xi8>
  return %s : i64
}

func.func @types() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %z = arith.constant 0 : i64
  %fz = arith.constant 0.0 : f64
  // bytes: i8 [7] then i16 [3x5] from it
  %p8 = memref.alloc() : memref<7xi8>
  scf.for %i = %c0 to %c7 step %c1 {
    %ii = arith.index_cast %i : index to i8
    %k = arith.constant 37 : i8
    %v = arith.muli %ii, %k : i8
    memref.store %v, %p8[%i] : memref<7xi8>
  }
  %p16 = memref.alloc() : memref<3x5xi16>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %l = arith.addi %i, %j : index
      %m = arith.remui %l, %c7 : index
      %b = memref.load %p8[%m] : memref<7xi8>
      %w = arith.extsi %b : i8 to i16
      %jj = arith.index_cast %j : index to i16
      %k = arith.constant 300 : i16
      %jk = arith.muli %jj, %k : i16
      %x = arith.addi %w, %jk : i16
      memref.store %x, %p16[%i, %j] : memref<3x5xi16>
    }
  }
  memref.dealloc %p8 : memref<7xi8>
  // a 128-aligned index buffer and an f64 one, both from p16
  %ix = memref.alloc() {alignment = 128 : i64} : memref<5xindex>
  %fd = memref.alloc() : memref<3xf64>
  scf.for %j = %c0 to %c5 step %c1 {
    %a = memref.load %p16[%c1, %j] : memref<3x5xi16>
    %b = arith.index_cast %a : i16 to index
    memref.store %b, %ix[%j] : memref<5xindex>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.load %p16[%i, %c3] : memref<3x5xi16>
    %b = arith.sitofp %a : i16 to f64
    %q = arith.constant 0.125 : f64
    %c = arith.mulf %b, %q : f64
    memref.store %c, %fd[%i] : memref<3xf64>
  }
  %s16 = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (i64) {
    %in = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc2 = %acc) -> (i64) {
      %v = memref.load %p16[%i, %j] : memref<3x5xi16>
      %w = arith.extsi %v : i16 to i64
      %k = arith.constant 31 : i64
      %h = arith.muli %acc2, %k : i64
      %n = arith.addi %h, %w : i64
      scf.yield %n : i64
    }
    scf.yield %in : i64
  }
  memref.dealloc %p16 : memref<3x5xi16>
  // i32 and f32 from ix and fd
  %q32 = memref.alloc() : memref<5xi32>
  %f32s = memref.alloc() : memref<5xf32>
  scf.for %j = %c0 to %c5 step %c1 {
    %a = memref.load %ix[%j] : memref<5xindex>
    %b = arith.index_cast %a : index to i32
    %k = arith.constant -3 : i32
    %c = arith.muli %b, %k : i32
    memref.store %c, %q32[%j] : memref<5xi32>
    %i3 = arith.remui %j, %c3 : index
    %d = memref.load %fd[%i3] : memref<3xf64>
    %e = arith.truncf %d : f64 to f32
    memref.store %e, %f32s[%j] : memref<5xf32>
  }
  memref.dealloc %ix : memref<5xindex>
  memref.dealloc %fd : memref<3xf64>
  %s32 = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %z) -> (i64) {
    %v = memref.load %q32[%j] : memref<5xi32>
    %w = arith.extsi %v : i32 to i64
    %n = arith.addi %acc, %w : i64
    scf.yield %n : i64
  }
  %sf = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %fz) -> (f64) {
    %v = memref.load %f32s[%j] : memref<5xf32>
    %w = arith.extf %v : f32 to f64
    %n = arith.addf %acc, %w : f64
    scf.yield %n : f64
  }
  memref.dealloc %q32 : memref<5xi32>
  memref.dealloc %f32s : memref<5xf32>
  call @printI64(%s16) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%s32) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printF64(%sf) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c6 = arith.constant 6 : index
  call @types() : () -> ()
  %r = call @rec(%c6) : (index) -> i64
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
