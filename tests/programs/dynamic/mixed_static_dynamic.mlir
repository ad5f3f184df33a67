// Dynamic shapes (issue 18): static (%s_*) and dynamic (%da_*) temporaries of one function,
// some with disjoint lifetimes (so that a plan can reuse memory between a static buffer and a
// dynamic one) and some live together (so that an overlap changes the output); shapes ?,
// 4x?, ?x?, ?x4 with sizes from the arguments %n and %m, from a constant operand
// (memref.alloc(%c6) : memref<?xf32>) and from addi, minui and subi of them. %dn_div is sized
// by `arith.divui` by an argument, not by a nonzero constant: by the eligibility rule of
// issue 18 as briefed (divui only by a nonzero constant) it is NOT available at entry and
// must stay separate (size-not-available). @main calls @mix with sizes loaded from a memref
// it filled and with constants.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @mix(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  // a[i] = i / 2 (static; dies before c, d, e, f are made)
  %s_a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %v = arith.mulf %if, %half : f32
    memref.store %v, %s_a[%i] : memref<16xf32>
  }
  // b[i][j] = a[(i * n + j) mod 16] + j, 4 x n
  %da_b = memref.alloc(%n) : memref<4x?xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %p = arith.muli %i, %n : index
      %l = arith.addi %p, %j : index
      %k = arith.remui %l, %c16 : index
      %x = memref.load %s_a[%k] : memref<16xf32>
      %jj = arith.index_cast %j : index to i32
      %jf = arith.sitofp %jj : i32 to f32
      %v = arith.addf %x, %jf : f32
      memref.store %v, %da_b[%i, %j] : memref<4x?xf32>
    }
  }
  memref.dealloc %s_a : memref<16xf32>
  // c[i][j] = 8 i + j - 20 (static, live with b, d, e and f)
  %s_c = memref.alloc() : memref<8x8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %p = arith.muli %i, %c8 : index
      %l = arith.addi %p, %j : index
      %li = arith.index_cast %l : index to i32
      %twenty = arith.constant 20 : i32
      %v = arith.subi %li, %twenty : i32
      memref.store %v, %s_c[%i, %j] : memref<8x8xi32>
    }
  }
  // d[i][j] = b[i mod 4][j mod n] * c[i mod 8][j mod 8], (n + m) x m
  %nm = arith.addi %n, %m : index
  %da_d = memref.alloc(%nm, %m) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%da_d : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i4 = arith.remui %i, %c4 : index
    %jn = arith.remui %j, %n : index
    %i8 = arith.remui %i, %c8 : index
    %j8 = arith.remui %j, %c8 : index
    %x = memref.load %da_b[%i4, %jn] : memref<4x?xf32>
    %y = memref.load %s_c[%i8, %j8] : memref<8x8xi32>
    %yf = arith.sitofp %y : i32 to f32
    %v = arith.mulf %x, %yf : f32
    linalg.yield %v : f32
  }
  memref.dealloc %da_b : memref<4x?xf32>
  // e[k] = sum_j d[k mod (n + m)][j], 6 elements, a constant operand
  %c6 = arith.constant 6 : index
  %da_e = memref.alloc(%c6) : memref<?xf32>
  scf.for %k = %c0 to %c6 step %c1 {
    %kr = arith.remui %k, %nm : index
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %da_d[%kr, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %x : f32
      scf.yield %t : f32
    }
    memref.store %s, %da_e[%k] : memref<?xf32>
  }
  // f[i][j] = c[i mod 8][j] + e[i mod 6], (min(n, m) + 3) x 4
  %mi = arith.minui %n, %m : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %mi5 = arith.addi %mi, %c5 : index
  %rows = arith.subi %mi5, %c2 : index
  %da_f = memref.alloc(%rows) : memref<?x4xi32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %i8 = arith.remui %i, %c8 : index
      %i6 = arith.remui %i, %c6 : index
      %x = memref.load %s_c[%i8, %j] : memref<8x8xi32>
      %e = memref.load %da_e[%i6] : memref<?xf32>
      %ei = arith.fptosi %e : f32 to i32
      %v = arith.addi %x, %ei : i32
      memref.store %v, %da_f[%i, %j] : memref<?x4xi32>
    }
  }
  memref.dealloc %s_c : memref<8x8xi32>
  memref.dealloc %da_d : memref<?x?xf32>
  // g[i][j] = e[i + j] - f[j][i] (static, after c and d are gone)
  %s_g = memref.alloc() : memref<3x3xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ij = arith.addi %i, %j : index
      %e = memref.load %da_e[%ij] : memref<?xf32>
      %f = memref.load %da_f[%j, %i] : memref<?x4xi32>
      %ff = arith.sitofp %f : i32 to f32
      %v = arith.subf %e, %ff : f32
      memref.store %v, %s_g[%i, %j] : memref<3x3xf32>
    }
  }
  // divided by an argument: (n + m) / m elements
  %q = arith.divui %nm, %m : index
  %dn_div = memref.alloc(%q) : memref<?xf32>
  scf.for %k = %c0 to %q step %c1 {
    %e = memref.load %da_e[%k] : memref<?xf32>
    %g = memref.load %s_g[%c1, %c1] : memref<3x3xf32>
    %v = arith.addf %e, %g : f32
    memref.store %v, %dn_div[%k] : memref<?xf32>
  }
  %u1 = memref.cast %da_e : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %da_f : memref<?x4xi32> to memref<*xi32>
  func.call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  %u3 = memref.cast %s_g : memref<3x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %u4 = memref.cast %dn_div : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
  memref.dealloc %dn_div : memref<?xf32>
  memref.dealloc %s_g : memref<3x3xf32>
  memref.dealloc %da_f : memref<?x4xi32>
  memref.dealloc %da_e : memref<?xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %sizes = memref.alloc() : memref<2xindex>
  memref.store %c3, %sizes[%c0] : memref<2xindex>
  memref.store %c2, %sizes[%c1] : memref<2xindex>
  %n = memref.load %sizes[%c0] : memref<2xindex>
  %m = memref.load %sizes[%c1] : memref<2xindex>
  func.call @mix(%n, %m) : (index, index) -> ()
  func.call @mix(%c5, %c1) : (index, index) -> ()
  memref.dealloc %sizes : memref<2xindex>
  return
}
