// Reason `unsupported-element-type`: element types whose byte size depends on the target (a
// memref descriptor, a scalable vector) give no size, so the buffer is not pooled; the same
// buffers of i64 and of a fixed vector are.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

func.func @culprit(%m: memref<4xf32>, %v: vector<[4]xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xmemref<4xf32>>
  %y = memref.alloc() : memref<16xvector<[4]xf32>>
  memref.store %m, %x[%c0] : memref<16xmemref<4xf32>>
  memref.store %v, %y[%c0] : memref<16xvector<[4]xf32>>
  memref.dealloc %x : memref<16xmemref<4xf32>>
  memref.dealloc %y : memref<16xvector<[4]xf32>>
  return
}

func.func @control(%i: i64, %v: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xi64>
  %y = memref.alloc() : memref<16xvector<4xf32>>
  memref.store %i, %x[%c0] : memref<16xi64>
  memref.store %v, %y[%c0] : memref<16xvector<4xf32>>
  memref.dealloc %x : memref<16xi64>
  memref.dealloc %y : memref<16xvector<4xf32>>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 11 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 14 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xmemref<4xf32>> - [8, 10] 17 unsupported-element-type -{{$}}
// CHECK-NEXT: %y memref<16xvector<[4]xf32>> - [9, 11] 18 unsupported-element-type -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 29 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xi64> 128 B [8, 10] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xvector<4xf32>> 256 B [9, 11] 36 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 384 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 512 B, pool: 384 B (saves 128 B, 25.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: unsupported-element-type 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":11,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":12,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":14,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":15,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xmemref<4xf32>>","bytes":null,"size":null,"line":17,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":19,"eligible":false,"reason":"unsupported-element-type","all_reasons":["unsupported-element-type"],"detail":null,"offset":null,"run_time_offset":null,"alignment":1,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xvector<[4]xf32>>","bytes":null,"size":null,"line":18,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":20,"eligible":false,"reason":"unsupported-element-type","all_reasons":["unsupported-element-type"],"detail":null,"offset":null,"run_time_offset":null,"alignment":1,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":384,"naive_bytes":512,"pool_bytes":384,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":29,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":30,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xi64>","bytes":128,"size":null,"line":35,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":37,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":8,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xvector<4xf32>>","bytes":256,"size":null,"line":36,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":38,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":16,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"unsupported-element-type":2}
