// Reason `multiple-deallocs`: a buffer freed twice (twice in its block, or once in each
// branch of an scf.if, which also gives `dealloc-in-other-block`) is not pooled, and a second
// dealloc that always runs is a warning; the same buffer freed once is pooled.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit(%c: i1) {
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
  memref.dealloc %x : memref<16xf32>
  scf.if %c {
    memref.dealloc %y : memref<16xf32>
  } else {
    memref.dealloc %y : memref<16xf32>
  }
  return
}

func.func @control(%c: i1) {
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
  scf.if %c {
  } else {
  }
  memref.dealloc %y : memref<16xf32>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 10] 18 multiple-deallocs -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 11] 19 multiple-deallocs -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [8, 10] 41 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [9, 11] 42 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: multiple-deallocs 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":12,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":13,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":15,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":16,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":20,"eligible":false,"reason":"multiple-deallocs","all_reasons":["multiple-deallocs"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":19,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":21,"eligible":false,"reason":"multiple-deallocs","all_reasons":["multiple-deallocs","dealloc-in-other-block"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":36,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":39,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":41,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":43,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":42,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":44,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"multiple-deallocs":2}

// REMARK: {{.*}}multiple-deallocs.mlir:23:3: warning: %x is deallocated more than once
// REMARK: {{.*}}multiple-deallocs.mlir:22:3: note: first deallocated here
// No warning for %y: each path frees it once (see exclusive-deallocs.mlir).
// REMARK-NOT: warning
// REMARK: {{.*}}multiple-deallocs.mlir:18:3: remark: %x cannot share memory [multiple-deallocs]: it is deallocated more than once
// REMARK: {{.*}}multiple-deallocs.mlir:23:3: note: deallocated again here ('memref.dealloc')
// REMARK: {{.*}}multiple-deallocs.mlir:19:3: remark: %y cannot share memory [multiple-deallocs]: it is deallocated more than once
// REMARK: {{.*}}multiple-deallocs.mlir:27:5: note: deallocated again here ('memref.dealloc')
// REMARK-NOT: remark:
