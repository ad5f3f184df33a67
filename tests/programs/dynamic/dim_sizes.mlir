// Dynamic shapes (issue 18): sizes from `memref.dim` of a function argument with a constant
// index, and from pure arith of those (maxui, ceildivui, index_cast through i32 and addi,
// muli), computed where they are used, in the middle of @stats. @main calls @stats with a
// 3x5 buffer it allocates with sizes loaded from a memref it filled (a `%dn_*` allocation of
// @main: its sizes come from loads, so it is not available where @main's pool would be
// allocated), and with a static 6x2 buffer cast to memref<?x?xf32>. The temporaries of @stats
// (named %da_*) live in a staggered way: the transpose dies before the padded sums are made,
// the row and column sums live together with both, and the last ones are live at once;
// overlapping any two that live together changes what is printed.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @stats(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %n = memref.dim %a, %c1 : memref<?x?xf32>
  // t = transpose(a), n x m
  %da_t = memref.alloc(%n, %m) : memref<?x?xf32>
  linalg.transpose ins(%a : memref<?x?xf32>) outs(%da_t : memref<?x?xf32>) permutation = [1, 0]
  // rows[i] = sum_j a[i][j]; cols[j] = sum_i t[j][i]
  %da_rows = memref.alloc(%m) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%da_rows : memref<?xf32>)
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<?x?xf32>) outs(%da_rows : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  %c1b = arith.constant 1 : index
  %n_again = memref.dim %a, %c1b : memref<?x?xf32>
  %da_cols = memref.alloc(%n_again) : memref<?xf32>
  linalg.fill ins(%zero : f32) outs(%da_cols : memref<?xf32>)
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%da_t : memref<?x?xf32>) outs(%da_cols : memref<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  // t2 = a scaled, through the transpose: t2[i][j] = 2 * t[j][i] + i (m x n)
  %da_t2 = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%da_t : memref<?x?xf32>) outs(%da_t2 : memref<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %x, %two : f32
    %v = arith.addf %d, %if : f32
    linalg.yield %v : f32
  }
  memref.dealloc %da_t : memref<?x?xf32>
  // pad[k] = rows[k mod m] + cols[k mod n] - t2[k mod m][k mod n], k < max(m, n)
  %mn = arith.maxui %m, %n : index
  %da_pad = memref.alloc(%mn) : memref<?xf32>
  scf.for %k = %c0 to %mn step %c1 {
    %km = arith.remui %k, %m : index
    %kn = arith.remui %k, %n : index
    %r = memref.load %da_rows[%km] : memref<?xf32>
    %c = memref.load %da_cols[%kn] : memref<?xf32>
    %q = memref.load %da_t2[%km, %kn] : memref<?x?xf32>
    %s = arith.addf %r, %c : f32
    %v = arith.subf %s, %q : f32
    memref.store %v, %da_pad[%k] : memref<?xf32>
  }
  memref.dealloc %da_rows : memref<?xf32>
  memref.dealloc %da_cols : memref<?xf32>
  memref.dealloc %da_t2 : memref<?x?xf32>
  // half[k] = pad[2k] + pad[2k + 1] (when it exists), k < ceil(max(m, n) / 2)
  %c2 = arith.constant 2 : index
  %h = arith.ceildivui %mn, %c2 : index
  %da_half = memref.alloc(%h) : memref<?xf32>
  scf.for %k = %c0 to %h step %c1 {
    %k2 = arith.muli %k, %c2 : index
    %x = memref.load %da_pad[%k2] : memref<?xf32>
    %k3 = arith.addi %k2, %c1 : index
    %in = arith.cmpi ult, %k3, %mn : index
    %y = scf.if %in -> (f32) {
      %l = memref.load %da_pad[%k3] : memref<?xf32>
      scf.yield %l : f32
    } else {
      scf.yield %zero : f32
    }
    %v = arith.addf %x, %y : f32
    memref.store %v, %da_half[%k] : memref<?xf32>
  }
  // ids[i][j] = i * (m + 1) + j, of (m + 1) x (2 n): sizes through i32 and back
  %m32 = arith.index_cast %m : index to i32
  %one32 = arith.constant 1 : i32
  %m1_32 = arith.addi %m32, %one32 : i32
  %m1 = arith.index_cast %m1_32 : i32 to index
  %n2 = arith.muli %n, %c2 : index
  %da_ids = memref.alloc(%m1, %n2) : memref<?x?xi32>
  scf.for %i = %c0 to %m1 step %c1 {
    scf.for %j = %c0 to %n2 step %c1 {
      %p = arith.muli %i, %m1 : index
      %s = arith.addi %p, %j : index
      %hk = arith.remui %s, %h : index
      %hv = memref.load %da_half[%hk] : memref<?xf32>
      %hi = arith.fptosi %hv : f32 to i32
      %si = arith.index_cast %s : index to i32
      %v = arith.addi %si, %hi : i32
      memref.store %v, %da_ids[%i, %j] : memref<?x?xi32>
    }
  }
  %u1 = memref.cast %da_pad : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %u2 = memref.cast %da_half : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %u3 = memref.cast %da_ids : memref<?x?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
  memref.dealloc %da_pad : memref<?xf32>
  memref.dealloc %da_half : memref<?xf32>
  memref.dealloc %da_ids : memref<?x?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %quarter = arith.constant 0.25 : f32
  %sizes = memref.alloc() : memref<2xindex>
  memref.store %c3, %sizes[%c0] : memref<2xindex>
  memref.store %c5, %sizes[%c1] : memref<2xindex>
  %m = memref.load %sizes[%c0] : memref<2xindex>
  %n = memref.load %sizes[%c1] : memref<2xindex>
  %dn_a = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%dn_a : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i3 = arith.muli %i, %c3 : index
    %s = arith.addi %i3, %j : index
    %si = arith.index_cast %s : index to i32
    %sf = arith.sitofp %si : i32 to f32
    %v = arith.mulf %sf, %quarter : f32
    linalg.yield %v : f32
  }
  func.call @stats(%dn_a) : (memref<?x?xf32>) -> ()
  memref.dealloc %dn_a : memref<?x?xf32>
  %s_b = memref.alloc() : memref<6x2xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%s_b : memref<6x2xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j5 = arith.muli %j, %c5 : index
    %s = arith.subi %j5, %i : index
    %si = arith.index_cast %s : index to i32
    %sf = arith.sitofp %si : i32 to f32
    %v = arith.mulf %sf, %quarter : f32
    linalg.yield %v : f32
  }
  %b = memref.cast %s_b : memref<6x2xf32> to memref<?x?xf32>
  func.call @stats(%b) : (memref<?x?xf32>) -> ()
  memref.dealloc %s_b : memref<6x2xf32>
  memref.dealloc %sizes : memref<2xindex>
  return
}
