// A buffer that memref.assume_alignment declares 256-byte aligned keeps that alignment in the
// pool, above the pool's own (--alignment 16): its offset there keeps the assumption true.
// RUN: bufreuse --pool-all --live-from-alloc --analyze --alignment 16 --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck %s

// CHECK: pool {"memory_space":null,"bytes":32,"alignment":256,
// CHECK-NEXT: allocation {"value":"%small",{{.*}}"eligible":true,{{.*}}"alignment":4,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%big",{{.*}}"eligible":true,{{.*}}"offset":0,{{.*}}"alignment":256,"in_place":null,"branches":[]}
func.func @assumed(%i: index, %f: f32) {
  %small = memref.alloc() : memref<4xf32>
  %big = memref.alloc() : memref<4xf32>
  memref.store %f, %small[%i] : memref<4xf32>
  %v = memref.assume_alignment %big, 256 : memref<4xf32>
  memref.store %f, %v[%i] : memref<4xf32>
  memref.dealloc %big : memref<4xf32>
  memref.dealloc %small : memref<4xf32>
  return
}
