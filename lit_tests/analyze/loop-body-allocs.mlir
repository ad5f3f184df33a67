// Allocations inside a loop body are live only within the body (each iteration allocates
// and frees its own), so they share memory with each other, also across nesting levels,
// but not with the accumulator that lives across the loop; a buffer after the loop may reuse
// the accumulator's bytes.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

// Program points: 0 %c0, 1 %c1, 2 %f, 3 %acc, 4 scf.for, 5 %t1, 6 store, 7 load, 8 dealloc,
// 9 %t2, 10 store, 11 store %acc, 12 dealloc, 13 scf.for, 14 %t3, 15 store, 16 dealloc,
// 17 scf.yield, 18 scf.yield, 19 %after, 20 store, 21 dealloc, 22 dealloc, 23 return.
func.func @loop_body(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %acc = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t1 = memref.alloc() : memref<16xf32>
    memref.store %f, %t1[%i] : memref<16xf32>
    %v = memref.load %t1[%c0] : memref<16xf32>
    memref.dealloc %t1 : memref<16xf32>
    %t2 = memref.alloc() : memref<16xf32>
    memref.store %v, %t2[%i] : memref<16xf32>
    memref.store %v, %acc[%c0] : memref<4xf32>
    memref.dealloc %t2 : memref<16xf32>
    scf.for %j = %c0 to %n step %c1 {
      %t3 = memref.alloc() : memref<8xf32>
      memref.store %v, %t3[%j] : memref<8xf32>
      memref.dealloc %t3 : memref<8xf32>
    }
  }
  %after = memref.alloc() : memref<16xf32>
  memref.store %f, %after[%c0] : memref<16xf32>
  memref.dealloc %after : memref<16xf32>
  memref.dealloc %acc : memref<4xf32>
  return
}

// CHECK-LABEL: func @loop_body: 5 allocations, 5 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %acc memref<4xf32> 16 B [4, 18] 16 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t1 memref<16xf32> 64 B [6, 7] 18 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t2 memref<16xf32> 64 B [10, 10] 22 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t3 memref<8xf32> 32 B [15, 15] 27 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %after memref<16xf32> 64 B [20, 20] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 80 B at point 6 (%acc, %t1)
// CHECK-NEXT: naive: 240 B, pool: 80 B (saves 160 B, 66.7%)
// CHECK: total: 5 allocations, 5 pooled

// JSON-LABEL: function {"name":"loop_body","peak_live_bytes":80,"naive_bytes":240,"pool_bytes":80,"peak_point":6,"kept_out":null}
// JSON: allocation {"value":"%acc","op":"memref.alloc","type":"memref<4xf32>","bytes":16,"size":null,"line":16,"column":3,"live":[4,18],"live_from":"first-use","first_use_line":17,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t1","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":5,"live":[6,7],"live_from":"first-use","first_use_line":19,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t2","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":22,"column":5,"live":[10,10],"live_from":"first-use","first_use_line":23,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t3","op":"memref.alloc","type":"memref<8xf32>","bytes":32,"size":null,"line":27,"column":7,"live":[15,15],"live_from":"first-use","first_use_line":28,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%after","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[20,20],"live_from":"first-use","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {}
