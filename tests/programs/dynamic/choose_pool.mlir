// Dynamic shapes (issue 32, part 3): buffers allocated together at the start and freed
// together at the end, used one after another. Apart they hold 3 * 4n bytes at once; in a
// pool %da_a and %da_c share their bytes, 2 * 4n, and MLIR's lowering adds 64 for the pool's
// alignment. The rewritten function compares when it runs: called with n = 4 it keeps the
// buffers apart (32 + 64 > 48), with n = 64 it uses the pool (512 + 64 <= 768). Both calls
// must print what they print without bufreuse.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @work(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %da_a = memref.alloc(%n) : memref<?xf32>
  %da_b = memref.alloc(%n) : memref<?xf32>
  %da_c = memref.alloc(%n) : memref<?xf32>
  // a[i] = i
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %da_a[%i] : memref<?xf32>
  }
  // b = a + 1
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %da_a[%i] : memref<?xf32>
    %y = arith.addf %x, %one : f32
    memref.store %y, %da_b[%i] : memref<?xf32>
  }
  // c[i] = b[i] * b[n - 1 - i] (a plan that put %da_c over %da_b would read what it wrote)
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %da_b[%i] : memref<?xf32>
    %j = arith.subi %last, %i : index
    %z = memref.load %da_b[%j] : memref<?xf32>
    %y = arith.mulf %x, %z : f32
    memref.store %y, %da_c[%i] : memref<?xf32>
  }
  %u = memref.cast %da_c : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %da_a : memref<?xf32>
  memref.dealloc %da_b : memref<?xf32>
  memref.dealloc %da_c : memref<?xf32>
  return
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  func.call @work(%c4) : (index) -> ()
  func.call @work(%c64) : (index) -> ()
  return
}
