// Dynamic shapes (issue 18): temporaries allocated and freed in every iteration of an
// scf.for. In @accumulate, %da_row (size %n, an argument) and %da_wide (size 2 * %n, computed
// inside the loop body: a rewrite must hoist it) are available at function entry and may be
// pooled; they are live together with each other and with %da_acc, which lives across the
// whole loop. Three allocations are NOT available at entry and must stay separate with
// reason size-not-available: %dn_iv (sized by the induction variable plus one), %dn_loaded
// (sized by a value loaded inside the function from the table @main filled) and %dn_for
// (sized by the result of an scf.for). @main calls @accumulate twice with different sizes.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @accumulate(%n: index, %steps: index, %table: memref<4xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %da_acc = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%da_acc : memref<?xf32>)
  %counts = memref.alloc() : memref<4xi32>
  %z32 = arith.constant 0 : i32
  linalg.fill ins(%z32 : i32) outs(%counts : memref<4xi32>)
  scf.for %i = %c0 to %steps step %c1 {
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    // row[j] = i + j / 4
    %da_row = memref.alloc(%n) : memref<?xf32>
    scf.for %j = %c0 to %n step %c1 {
      %jj = arith.index_cast %j : index to i32
      %jf = arith.sitofp %jj : i32 to f32
      %q = arith.constant 0.25 : f32
      %jq = arith.mulf %jf, %q : f32
      %v = arith.addf %if, %jq : f32
      memref.store %v, %da_row[%j] : memref<?xf32>
    }
    // wide[j] = row[j mod n] * (j + 1) - acc[j mod n]
    %c2 = arith.constant 2 : index
    %n2 = arith.muli %n, %c2 : index
    %da_wide = memref.alloc(%n2) : memref<?xf32>
    scf.for %j = %c0 to %n2 step %c1 {
      %jm = arith.remui %j, %n : index
      %r = memref.load %da_row[%jm] : memref<?xf32>
      %a = memref.load %da_acc[%jm] : memref<?xf32>
      %j1 = arith.addi %j, %c1 : index
      %jj = arith.index_cast %j1 : index to i32
      %jf = arith.sitofp %jj : i32 to f32
      %p = arith.mulf %r, %jf : f32
      %v = arith.subf %p, %a : f32
      memref.store %v, %da_wide[%j] : memref<?xf32>
    }
    // acc[j] += wide[j] + wide[j + n] + row[j]
    scf.for %j = %c0 to %n step %c1 {
      %jn = arith.addi %j, %n : index
      %x = memref.load %da_wide[%j] : memref<?xf32>
      %y = memref.load %da_wide[%jn] : memref<?xf32>
      %r = memref.load %da_row[%j] : memref<?xf32>
      %a = memref.load %da_acc[%j] : memref<?xf32>
      %s1 = arith.addf %x, %y : f32
      %s2 = arith.addf %s1, %r : f32
      %s3 = arith.addf %s2, %a : f32
      memref.store %s3, %da_acc[%j] : memref<?xf32>
    }
    memref.dealloc %da_wide : memref<?xf32>
    memref.dealloc %da_row : memref<?xf32>
    // sized by the induction variable: i + 1 elements of 1.0, summed into acc[0]
    %i1 = arith.addi %i, %c1 : index
    %dn_iv = memref.alloc(%i1) : memref<?xf32>
    linalg.fill ins(%one : f32) outs(%dn_iv : memref<?xf32>)
    %sum = scf.for %j = %c0 to %i1 step %c1 iter_args(%s = %zero) -> (f32) {
      %x = memref.load %dn_iv[%j] : memref<?xf32>
      %t = arith.addf %s, %x : f32
      scf.yield %t : f32
    }
    %a0 = memref.load %da_acc[%c0] : memref<?xf32>
    %a0s = arith.addf %a0, %sum : f32
    memref.store %a0s, %da_acc[%c0] : memref<?xf32>
    memref.dealloc %dn_iv : memref<?xf32>
    // sized by a value loaded inside the function: counts[i mod 4] += number of elements
    %im = arith.remui %i, %c4 : index
    %l = memref.load %table[%im] : memref<4xindex>
    %dn_loaded = memref.alloc(%l) : memref<?xi32>
    scf.for %j = %c0 to %l step %c1 {
      %jj = arith.index_cast %j : index to i32
      memref.store %jj, %dn_loaded[%j] : memref<?xi32>
    }
    %tot = scf.for %j = %c0 to %l step %c1 iter_args(%s = %z32) -> (i32) {
      %x = memref.load %dn_loaded[%j] : memref<?xi32>
      %t = arith.addi %s, %x : i32
      scf.yield %t : i32
    }
    %old = memref.load %counts[%im] : memref<4xi32>
    %new = arith.addi %old, %tot : i32
    memref.store %new, %counts[%im] : memref<4xi32>
    memref.dealloc %dn_loaded : memref<?xi32>
  }
  // sized by the result of a loop (steps + n)
  %len = scf.for %k = %c0 to %steps step %c1 iter_args(%s = %n) -> (index) {
    %t = arith.addi %s, %c1 : index
    scf.yield %t : index
  }
  %dn_for = memref.alloc(%len) : memref<?xf32>
  scf.for %k = %c0 to %len step %c1 {
    %kn = arith.remui %k, %n : index
    %a = memref.load %da_acc[%kn] : memref<?xf32>
    %kk = arith.index_cast %k : index to i32
    %kf = arith.sitofp %kk : i32 to f32
    %v = arith.subf %a, %kf : f32
    memref.store %v, %dn_for[%k] : memref<?xf32>
  }
  %u1 = memref.cast %da_acc : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %dn_for : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %u3 = memref.cast %counts : memref<4xi32> to memref<*xi32>
  func.call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
  memref.dealloc %dn_for : memref<?xf32>
  memref.dealloc %counts : memref<4xi32>
  memref.dealloc %da_acc : memref<?xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %table = memref.alloc() : memref<4xindex>
  memref.store %c3, %table[%c0] : memref<4xindex>
  memref.store %c6, %table[%c1] : memref<4xindex>
  memref.store %c1, %table[%c2] : memref<4xindex>
  memref.store %c4, %table[%c3] : memref<4xindex>
  %n = memref.load %table[%c2] : memref<4xindex>
  %n4 = arith.addi %n, %c3 : index
  func.call @accumulate(%n4, %c5, %table) : (index, index, memref<4xindex>) -> ()
  %m = memref.load %table[%c1] : memref<4xindex>
  func.call @accumulate(%m, %c3, %table) : (index, index, memref<4xindex>) -> ()
  memref.dealloc %table : memref<4xindex>
  return
}
