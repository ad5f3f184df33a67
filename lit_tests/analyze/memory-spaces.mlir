// One pool per memory space: the two buffers in memory space 1 share one pool and the two in
// the default space another (so offsets are per pool: both pools start at 0). A memory space
// with a single eligible buffer gets no pool: the buffer stays eligible, with no offset.
// RUN: bufreuse --live-from-alloc --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --live-from-alloc --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

func.func @spaces() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %g1 = memref.alloc() : memref<16xf32, 1>
  %h1 = memref.alloc() : memref<16xf32>
  %g2 = memref.alloc() : memref<16xf32, 1>
  %h2 = memref.alloc() : memref<16xf32>
  %lone = memref.alloc() : memref<16xf32, 2>
  memref.store %f, %g1[%c0] : memref<16xf32, 1>
  memref.store %f, %h1[%c0] : memref<16xf32>
  memref.store %f, %g2[%c0] : memref<16xf32, 1>
  memref.store %f, %h2[%c0] : memref<16xf32>
  memref.store %f, %lone[%c0] : memref<16xf32, 2>
  memref.dealloc %g1 : memref<16xf32, 1>
  memref.dealloc %h1 : memref<16xf32>
  memref.dealloc %g2 : memref<16xf32, 1>
  memref.dealloc %h2 : memref<16xf32>
  memref.dealloc %lone : memref<16xf32, 2>
  return
}

// All five are live together at point 6: in each pool the two buffers need 2 x 64 B.
// CHECK-LABEL: func @spaces: 5 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %g1 memref<16xf32, 1> 64 B [2, 7] 11 pooled {{0|64}}{{$}}
// CHECK-NEXT: %h1 memref<16xf32> 64 B [3, 8] 12 pooled {{0|64}}{{$}}
// CHECK-NEXT: %g2 memref<16xf32, 1> 64 B [4, 9] 13 pooled {{0|64}}{{$}}
// CHECK-NEXT: %h2 memref<16xf32> 64 B [5, 10] 14 pooled {{0|64}}{{$}}
// CHECK-NEXT: %lone memref<16xf32, 2> 64 B [6, 11] 15 eligible (alone in its memory space) -{{$}}
// CHECK-NEXT: peak live: 320 B at point 6 (%g1, %h1, %g2, %h2, %lone)
// CHECK-NEXT: naive: 320 B, pool: 256 B (saves 64 B, 20.0%)
// CHECK-DAG: pool (1 memory space): 128 B for 2 allocations
// CHECK-DAG: pool (default memory space): 128 B for 2 allocations
// CHECK-NOT: pool (
// CHECK: total: 5 allocations, 4 pooled

// JSON-LABEL: function {"name":"spaces","peak_live_bytes":320,"naive_bytes":320,"pool_bytes":256,"peak_point":6,"kept_out":null}
// JSON-DAG: pool {"memory_space":"1","bytes":128,{{.*}}"allocations":2,"run_time_allocations":0,"chosen_at_run_time":false}
// JSON-DAG: pool {"memory_space":null,"bytes":128,{{.*}}"allocations":2,"run_time_allocations":0,"chosen_at_run_time":false}
// JSON: allocation {"value":"%g1",{{.*}}"eligible":true,{{.*}}"offset":{{0|64}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%h1",{{.*}}"eligible":true,{{.*}}"offset":{{0|64}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%g2",{{.*}}"eligible":true,{{.*}}"offset":{{0|64}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%h2",{{.*}}"eligible":true,{{.*}}"offset":{{0|64}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%lone",{{.*}}"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":null,"run_time_offset":null,
// JSON-NEXT: conflicts []
