// The affine ops in custom form, as the analysis sees them: affine.load and affine.store
// (into the buffer) are uses, and buffers used so, also inside affine.for and affine.if, are
// pooled; a buffer stored as a value by affine.store escapes (escapes-store), and one carried
// by affine.for's iter_args or yielded by affine.if leaves its block (escapes-yield).
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s

func.func @uses(%n: index, %box: memref<1xmemref<16xf32>>) {
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 16 {
    affine.store %f, %p[%i] : memref<16xf32>
  }
  %v = affine.load %p[symbol(%n) + 1] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
    affine.store %v, %q[%n mod 16] : memref<16xf32>
  }
  memref.dealloc %q : memref<16xf32>
  %s = memref.alloc() : memref<16xf32>
  affine.store %s, %box[0] : memref<1xmemref<16xf32>>
  memref.dealloc %s : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  %l = affine.for %i = 0 to 4 iter_args(%it = %t) -> (memref<16xf32>) {
    affine.yield %it : memref<16xf32>
  }
  memref.dealloc %t : memref<16xf32>
  return
}

// CHECK-LABEL: func @uses: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B {{.*}} pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B {{.*}} pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %s memref<16xf32> 64 B {{.*}} escapes-store -{{$}}
// CHECK-NEXT: %t memref<16xf32> 64 B {{.*}} escapes-yield -{{$}}
