// Input of ../dimension-overflow.mlir: 2^62 f32 elements are 2^64 bytes.
func.func @f() {
  %0 = memref.alloc() : memref<4611686018427387904xf32>
  memref.dealloc %0 : memref<4611686018427387904xf32>
  return
}
