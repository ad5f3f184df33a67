// Buffers read and written by vector.transfer_read / transfer_write / load / store and by
// linalg.softmax, all in custom form, are accessed and not kept: each is eligible and pooled.
// (linalg.pack, linalg.unpack and the winograd transforms take tensors only in MLIR 22: no
// buffer reaches them.) The last buffer, passed to an op bufreuse does not know, is the
// control: `unknown-op`.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s

func.func @vector_ops(%i: index, %pad: f32, %mask: vector<4xi1>, %v: vector<4xf32>) {
  %a = memref.alloc() : memref<4x8xf32>
  %r = vector.transfer_read %a[%i, %i], %pad, %mask {in_bounds = [true]} : memref<4x8xf32>, vector<4xf32>
  memref.dealloc %a : memref<4x8xf32>
  %b = memref.alloc() : memref<4x8xf32>
  vector.transfer_write %r, %b[%i, %i] : vector<4xf32>, memref<4x8xf32>
  memref.dealloc %b : memref<4x8xf32>
  %c = memref.alloc() : memref<4x8xf32>
  %l = vector.load %c[%i, %i] : memref<4x8xf32>, vector<4xf32>
  memref.dealloc %c : memref<4x8xf32>
  %d = memref.alloc() : memref<4x8xf32>
  vector.store %l, %d[%i, %i] {nontemporal = true} : memref<4x8xf32>, vector<4xf32>
  memref.dealloc %d : memref<4x8xf32>
  %e = memref.alloc() : memref<4x8xf32>
  %f = memref.alloc() : memref<4x8xf32>
  linalg.softmax dimension(1) ins(%e : memref<4x8xf32>) outs(%f : memref<4x8xf32>)
  memref.dealloc %e : memref<4x8xf32>
  memref.dealloc %f : memref<4x8xf32>
  %g = memref.alloc() : memref<4x8xf32>
  "test.opaque"(%g) : (memref<4x8xf32>) -> ()
  memref.dealloc %g : memref<4x8xf32>
  return
}

// CHECK-LABEL: func @vector_ops: 7 allocations, 6 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<4x8xf32> 128 B [{{[0-9, ]+}}] 9 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %b memref<4x8xf32> 128 B [{{[0-9, ]+}}] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %c memref<4x8xf32> 128 B [{{[0-9, ]+}}] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %d memref<4x8xf32> 128 B [{{[0-9, ]+}}] 18 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %e memref<4x8xf32> 128 B [{{[0-9, ]+}}] 21 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %f memref<4x8xf32> 128 B [{{[0-9, ]+}}] 22 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %g memref<4x8xf32> 128 B [{{[0-9, ]+}}] 26 unknown-op -{{$}}
