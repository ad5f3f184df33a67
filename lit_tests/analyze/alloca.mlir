// Reason `alloca`: a memref.alloca is stack memory; it is reported, never pooled. The same
// buffer made by memref.alloc and freed in its block is pooled with its siblings.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

func.func @culprit() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloca() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  %v = memref.load %x[%c0] : memref<16xf32>
  return %v : f32
}

func.func @control() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  %v = memref.load %x[%c0] : memref<16xf32>
  memref.dealloc %x : memref<16xf32>
  return %v : f32
}

// CHECK-LABEL: func @culprit: 3 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 10 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 13 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [9, 10] 16 alloca -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 3 allocations, 3 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 25 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 28 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [9, 10] 31 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 192 B, pool: 64 B (saves 128 B, 66.7%)
// CHECK: total: 6 allocations, 5 pooled
// CHECK-NEXT: not pooled: alloca 1

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":10,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":11,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":13,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":14,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloca","type":"memref<16xf32>","bytes":64,"size":null,"line":16,"column":3,"live":[9,10],"live_from":"first-use","first_use_line":17,"eligible":false,"reason":"alloca","all_reasons":["alloca","no-dealloc"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":64,"naive_bytes":192,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":25,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":26,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":28,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":29,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":31,"column":3,"live":[9,10],"live_from":"first-use","first_use_line":32,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"alloca":1}
