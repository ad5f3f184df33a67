// Reason `used-outside-block`: in a function with several blocks, a buffer used in a block
// other than its own (directly, as SSA dominance allows) has no interval in one block, so it
// is not pooled; its dealloc there also gives `dealloc-in-other-block`. The same buffer
// used and freed in its own block is pooled, in the entry block as in a later one.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit(%c: i1) -> f32 {
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
  cf.cond_br %c, ^left, ^right
^left:
  %v = memref.load %x[%c0] : memref<16xf32>
  cf.br ^right
^right:
  memref.dealloc %x : memref<16xf32>
  return %f : f32
}

func.func @control(%c: i1) -> f32 {
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
  cf.cond_br %c, ^left, ^right
^left:
  %y = memref.alloc() : memref<16xf32>
  memref.store %f, %y[%c0] : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return %v : f32
^right:
  return %f : f32
}

// CHECK-LABEL: func @culprit: 3 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 13 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 16 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [9, 9] 19 used-outside-block -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 33 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 36 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [9, 10] 39 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [14, 14] 45 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 256 B, pool: 64 B (saves 192 B, 75.0%)
// CHECK: total: 7 allocations, 6 pooled
// CHECK-NEXT: not pooled: used-outside-block 1

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":13,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":14,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":16,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":17,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":19,"column":3,"live":[9,9],"live_from":"first-use","first_use_line":20,"eligible":false,"reason":"used-outside-block","all_reasons":["used-outside-block","dealloc-in-other-block"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":64,"naive_bytes":256,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":33,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":34,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":36,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":37,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":39,"column":3,"live":[9,10],"live_from":"first-use","first_use_line":40,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":45,"column":3,"live":[14,14],"live_from":"first-use","first_use_line":46,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"used-outside-block":1}

// REMARK: {{.*}}used-outside-block.mlir:19:3: remark: %x cannot share memory [used-outside-block]: it or an alias is used outside the block of the allocation
// REMARK: {{.*}}used-outside-block.mlir:23:3: note: used outside the block here ('memref.load')
// REMARK-NOT: {{remark|warning}}:
