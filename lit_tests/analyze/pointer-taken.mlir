// Reason `pointer-taken`: once the address of a buffer is an integer or an LLVM pointer it
// can be kept anywhere, so the buffer is not pooled; the same buffers without it are.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit() -> (index, !llvm.ptr) {
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
  %addr = memref.extract_aligned_pointer_as_index %x : memref<16xf32> -> index
  %ptr = "builtin.unrealized_conversion_cast"(%y) : (memref<16xf32>) -> !llvm.ptr
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return %addr, %ptr : index, !llvm.ptr
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
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 11 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 14 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 12] 17 pointer-taken -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 13] 18 pointer-taken -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 31 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 34 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 10] 37 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 11] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: pointer-taken 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":11,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":12,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":14,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":15,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":17,"column":3,"live":[8,12],"live_from":"allocation","first_use_line":19,"eligible":false,"reason":"pointer-taken","all_reasons":["pointer-taken"],"detail":"where this comes from lowered deallocation, which compares addresses at run time, run bufreuse before --bufferization-lower-deallocations, or with --before-dealloc before --buffer-deallocation-pipeline","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":3,"live":[9,13],"live_from":"allocation","first_use_line":20,"eligible":false,"reason":"pointer-taken","all_reasons":["pointer-taken"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":31,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":32,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":34,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":35,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":37,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":39,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":40,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"pointer-taken":2}

// REMARK: {{.*}}pointer-taken.mlir:17:3: remark: %x cannot share memory [pointer-taken]: its address is taken (where this comes from lowered deallocation, which compares addresses at run time, run bufreuse before --bufferization-lower-deallocations, or with --before-dealloc before --buffer-deallocation-pipeline){{$}}
// REMARK: {{.*}}pointer-taken.mlir:21:3: note: address taken here ('memref.extract_aligned_pointer_as_index')
// REMARK: {{.*}}pointer-taken.mlir:18:3: remark: %y cannot share memory [pointer-taken]: its address is taken{{$}}
// REMARK: {{.*}}pointer-taken.mlir:22:3: note: address taken here ('builtin.unrealized_conversion_cast')
// REMARK-NOT: {{remark|warning}}:
