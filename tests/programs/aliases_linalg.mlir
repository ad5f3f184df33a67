// Named linalg ops on temporaries, and temporaries read through aliases (subview,
// collapse_shape, expand_shape, cast): an alias keeps its buffer alive, so a buffer must not
// be reused while one of its aliases is still read. One result escapes into a print.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  // a = 0.5 everywhere; b[i][j] = i - 2j
  %a = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%half : f32) outs(%a : memref<8x8xf32>)
  %b = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%b : memref<8x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %jj = arith.addi %j, %j : index
    %ii = arith.index_cast %i : index to i32
    %j2 = arith.index_cast %jj : index to i32
    %d = arith.subi %ii, %j2 : i32
    %f = arith.sitofp %d : i32 to f32
    linalg.yield %f : f32
  }
  // m = a * b + b (matmul accumulates into its output)
  %m = memref.alloc() : memref<8x8xf32>
  memref.copy %b, %m : memref<8x8xf32> to memref<8x8xf32>
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%m : memref<8x8xf32>)
  memref.dealloc %a : memref<8x8xf32>
  // the middle 4x4 block of m, transposed into t, through a subview
  %sv = memref.subview %m[2, 3] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 19>>
  %t = memref.alloc() : memref<4x4xf32>
  linalg.transpose ins(%sv : memref<4x4xf32, strided<[8, 1], offset: 19>>) outs(%t : memref<4x4xf32>) permutation = [1, 0]
  // a late read of m through the subview: m must stay intact until here
  %late = memref.load %sv[%c1, %c1] : memref<4x4xf32, strided<[8, 1], offset: 19>>
  memref.dealloc %m : memref<8x8xf32>
  // u (fresh) = t + b[0..4, 0..4], read through a flattened alias of t
  %flat = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %u = memref.alloc() : memref<16xf32>
  scf.for %k = %c0 to %c16 step %c1 {
    %i = arith.divui %k, %c4 : index
    %j = arith.remui %k, %c4 : index
    %x = memref.load %flat[%k] : memref<16xf32>
    %y = memref.load %b[%i, %j] : memref<8x8xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %u[%k] : memref<16xf32>
  }
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %t : memref<4x4xf32>
  // r[i] = sum_j u2[i][j] with u2 = u viewed as 4x4
  %u2 = memref.expand_shape %u [[0, 1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  %r = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%r : memref<4xf32>)
  linalg.reduce ins(%u2 : memref<4x4xf32>) outs(%r : memref<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  // w = u2 * u2 elementwise, via a dynamic-shape cast
  %w = memref.alloc() : memref<4x4xf32>
  %wd = memref.cast %w : memref<4x4xf32> to memref<?x4xf32>
  linalg.mul ins(%u2, %u2 : memref<4x4xf32>, memref<4x4xf32>) outs(%wd : memref<?x4xf32>)
  memref.dealloc %u : memref<16xf32>
  %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %w[%k, %k] : memref<4x4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  memref.dealloc %w : memref<4x4xf32>
  %ru = memref.cast %r : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  call @printF32(%late) : (f32) -> ()
  call @printNewline() : () -> ()
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %r : memref<4xf32>
  return
}
