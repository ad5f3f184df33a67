// Reason `escapes-return`: a returned buffer outlives the function; one returned through an
// alias (a cast) too. Neither has a dealloc, so `no-dealloc` is in `all_reasons`. The same
// buffers, freed instead of returned, are pooled.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit() -> (memref<16xf32>, memref<*xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  %u = memref.cast %y : memref<16xf32> to memref<*xf32>
  return %x, %u : memref<16xf32>, memref<*xf32>
}

func.func @control() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  %u = memref.cast %y : memref<16xf32> to memref<*xf32>
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %u : memref<*xf32>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 13] 18 escapes-return -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 13] 19 escapes-return -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 29 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 10] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 12] 36 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: escapes-return 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":12,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":13,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":15,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":16,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":3,"live":[8,13],"live_from":"allocation","first_use_line":20,"eligible":false,"reason":"escapes-return","all_reasons":["escapes-return","no-dealloc"],"detail":"where the function returns a buffer it allocated (bufferize-function-boundaries), run mlir-opt --buffer-results-to-out-params=\"hoist-static-allocs modify-public-functions\" first: the caller then allocates it, and may pool it","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":19,"column":3,"live":[9,13],"live_from":"allocation","first_use_line":21,"eligible":false,"reason":"escapes-return","all_reasons":["escapes-return","no-dealloc"],"detail":"where the function returns a buffer it allocated (bufferize-function-boundaries), run mlir-opt --buffer-results-to-out-params=\"hoist-static-allocs modify-public-functions\" first: the caller then allocates it, and may pool it","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":29,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":30,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":37,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":36,"column":3,"live":[9,12],"live_from":"allocation","first_use_line":38,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"escapes-return":2}

// REMARK: {{.*}}escapes-return.mlir:18:3: remark: %x cannot share memory [escapes-return]: it or an alias is returned
// REMARK: {{.*}}escapes-return.mlir:23:3: note: returned here ('func.return')
// REMARK: {{.*}}escapes-return.mlir:19:3: remark: %y cannot share memory [escapes-return]: it or an alias is returned
// REMARK: {{.*}}escapes-return.mlir:23:3: note: returned here ('func.return')
// REMARK-NOT: {{remark|warning}}:
