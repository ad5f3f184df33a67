// The `alignment` attribute of an allocation is honoured: the buffer's offset and the pool are
// aligned to it (alignment-not-power-of-two.mlir has the attributes that are errors).
// RUN: bufreuse --live-from-alloc --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py | FileCheck %s

func.func @aligned() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() {alignment = 256 : i64} : memref<4xf32>
  memref.store %f, %a[%c0] : memref<4xf32>
  memref.store %f, %b[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// The pool takes the largest alignment; %b's offset is a multiple of 256.
// CHECK: pool {"memory_space":null,"bytes":{{[0-9]+}},"alignment":256,
// CHECK: allocation {"value":"%a",{{.*}}"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%b",{{.*}}"offset":{{0|256|512|768}},"run_time_offset":null,"alignment":256,"in_place":null,"branches":[]}
// CHECK-NEXT: conflicts []
