// Reason `use-after-dealloc`: a buffer (or an alias) used after its dealloc is not pooled,
// and the use is a warning with a note at the dealloc; the same buffer used before its
// dealloc is pooled. A use nested in a later loop counts too.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  %s = memref.subview %x[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %y[%i] : memref<16xf32>
  }
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
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %x[%c0] : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  %s = memref.subview %x[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %v, %y[%i] : memref<16xf32>
  }
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return %v : f32
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 17] 20 use-after-dealloc -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [13, 20] 21 use-after-dealloc -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 37 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 40 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 15] 45 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [13, 18] 46 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 13 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: use-after-dealloc 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":12,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":13,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":15,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":16,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":20,"column":3,"live":[12,17],"live_from":"first-use","first_use_line":22,"eligible":false,"reason":"use-after-dealloc","all_reasons":["use-after-dealloc"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":21,"column":3,"live":[13,20],"live_from":"first-use","first_use_line":23,"eligible":false,"reason":"use-after-dealloc","all_reasons":["use-after-dealloc"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":13,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":37,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":38,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":40,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":41,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":45,"column":3,"live":[12,15],"live_from":"first-use","first_use_line":47,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":46,"column":3,"live":[13,18],"live_from":"first-use","first_use_line":48,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"use-after-dealloc":2}

// REMARK: {{.*}}use-after-dealloc.mlir:27:3: warning: %x is used after it is deallocated
// REMARK: {{.*}}use-after-dealloc.mlir:25:3: note: deallocated here
// REMARK: {{.*}}use-after-dealloc.mlir:29:5: warning: %y is used after it is deallocated
// REMARK: {{.*}}use-after-dealloc.mlir:26:3: note: deallocated here
// REMARK: {{.*}}use-after-dealloc.mlir:20:3: remark: %x cannot share memory [use-after-dealloc]: it or an alias is used after its dealloc
// REMARK: {{.*}}use-after-dealloc.mlir:27:3: note: used here after the dealloc ('memref.load')
// REMARK: {{.*}}use-after-dealloc.mlir:21:3: remark: %y cannot share memory [use-after-dealloc]: it or an alias is used after its dealloc
// REMARK: {{.*}}use-after-dealloc.mlir:29:5: note: used here after the dealloc ('memref.store')
// REMARK-NOT: {{remark|warning}}:
