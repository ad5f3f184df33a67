// Reason `escapes-call`: a buffer passed to an external function (calls.mlir: defined ones),
// directly or through an alias, may be kept, so it is not pooled; without the calls it is.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func private @keep(memref<16xf32>)
func.func private @keep_unranked(memref<*xf32>)

func.func @culprit() {
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
  func.call @keep(%x) : (memref<16xf32>) -> ()
  %u = memref.cast %y : memref<16xf32> to memref<*xf32>
  call @keep_unranked(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return
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
  memref.dealloc %y : memref<16xf32>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 14 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 17 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 12] 20 escapes-call -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 14] 21 escapes-call -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 10] 41 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 12] 42 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: escapes-call 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":14,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":15,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":17,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":18,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":20,"column":3,"live":[8,12],"live_from":"allocation","first_use_line":22,"eligible":false,"reason":"escapes-call","all_reasons":["escapes-call"],"detail":"@keep argument #0 is an external declaration without llvm.nocapture","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":21,"column":3,"live":[9,14],"live_from":"allocation","first_use_line":23,"eligible":false,"reason":"escapes-call","all_reasons":["escapes-call"],"detail":"@keep_unranked argument #0 is an external declaration without llvm.nocapture","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":36,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":39,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":41,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":43,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":42,"column":3,"live":[9,12],"live_from":"allocation","first_use_line":44,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"escapes-call":2}

// REMARK: {{.*}}escapes-call.mlir:20:3: remark: %x cannot share memory [escapes-call]: it or an alias is passed to a call (@keep argument #0 is an external declaration without llvm.nocapture){{$}}
// REMARK: {{.*}}escapes-call.mlir:24:3: note: passed to a call here ('func.call')
// REMARK: {{.*}}escapes-call.mlir:21:3: remark: %y cannot share memory [escapes-call]: it or an alias is passed to a call (@keep_unranked argument #0 is an external declaration without llvm.nocapture){{$}}
// REMARK: {{.*}}escapes-call.mlir:26:3: note: passed to a call here ('func.call')
// REMARK-NOT: {{remark|warning}}:
