// Reason `unknown-op`: a buffer (or an alias) used by an op whose memory behaviour bufreuse
// does not know may be captured by it, so it is not pooled. Ops that are known to only read
// and write (memref.copy, linalg) keep the same buffers eligible.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

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
  %y = memref.alloc() : memref<4x4xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  "test.opaque"(%x) : (memref<16xf32>) -> ()
  %s = memref.subview %y[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  "test.opaque"(%s) : (memref<2x2xf32, strided<[4, 1]>>) -> ()
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<4x4xf32>
  return
}

func.func @control(%out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<4x4xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  memref.copy %x, %out : memref<16xf32> to memref<16xf32>
  %s = memref.subview %y[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  linalg.fill ins(%f : f32) outs(%s : memref<2x2xf32, strided<[4, 1]>>)
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<4x4xf32>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 11] 18 unknown-op -{{$}}
// CHECK-NEXT: %y memref<4x4xf32> 64 B [9, 13] 19 unknown-op -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 11] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<4x4xf32> 64 B [9, 13] 39 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: unknown-op 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":12,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":13,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":15,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":16,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":3,"live":[8,11],"live_from":"allocation","first_use_line":20,"eligible":false,"reason":"unknown-op","all_reasons":["unknown-op"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":19,"column":3,"live":[9,13],"live_from":"allocation","first_use_line":22,"eligible":false,"reason":"unknown-op","all_reasons":["unknown-op"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":36,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[8,11],"live_from":"allocation","first_use_line":40,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":39,"column":3,"live":[9,13],"live_from":"allocation","first_use_line":42,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"unknown-op":2}

// REMARK: {{.*}}unknown-op.mlir:18:3: remark: %x cannot share memory [unknown-op]: it or an alias is used by an op whose memory behaviour is not known
// REMARK: {{.*}}unknown-op.mlir:21:3: note: used by this op ('test.opaque')
// REMARK: {{.*}}unknown-op.mlir:19:3: remark: %y cannot share memory [unknown-op]: it or an alias is used by an op whose memory behaviour is not known
// REMARK: {{.*}}unknown-op.mlir:23:3: note: used by this op ('test.opaque')
// REMARK-NOT: {{remark|warning}}:
