// Reason `escapes-yield`: a buffer that leaves its block as a value (scf.yield, an iter_arg
// of scf.for, an operand of scf.while or scf.condition, a branch operand) is no longer
// tracked, so it is not pooled; the same buffers used in place are.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit(%c: i1, %m: memref<16xf32>) {
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
  %r = scf.execute_region -> memref<16xf32> {
    %x = memref.alloc() : memref<16xf32>
    memref.store %f, %x[%c0] : memref<16xf32>
    scf.yield %x : memref<16xf32>
  }
  %c2 = arith.constant 2 : index
  // (The yields of scf.if and scf.index_switch are followed: analyze/branch-results.mlir.)
  %y = memref.alloc() : memref<16xf32>
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %y) -> (memref<16xf32>) {
    memref.store %f, %it[%i] : memref<16xf32>
    scf.yield %it : memref<16xf32>
  }
  memref.dealloc %y : memref<16xf32>
  %z = memref.alloc() : memref<16xf32>
  %w = memref.alloc() : memref<16xf32>
  %wl = scf.while (%arg = %z) : (memref<16xf32>) -> memref<16xf32> {
    scf.condition(%c) %w : memref<16xf32>
  } do {
  ^bb0(%arg2: memref<16xf32>):
    scf.yield %arg2 : memref<16xf32>
  }
  memref.dealloc %z : memref<16xf32>
  memref.dealloc %w : memref<16xf32>
  %v = memref.alloc() : memref<16xf32>
  cf.br ^exit(%v : memref<16xf32>)
^exit(%e: memref<16xf32>):
  memref.dealloc %e : memref<16xf32>
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
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.if %c {
    %x = memref.alloc() : memref<16xf32>
    memref.store %f, %x[%c0] : memref<16xf32>
    memref.dealloc %x : memref<16xf32>
  }
  %y = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %f, %y[%i] : memref<16xf32>
  }
  memref.dealloc %y : memref<16xf32>
  %z = memref.alloc() : memref<16xf32>
  %w = memref.alloc() : memref<16xf32>
  scf.while : () -> () {
    memref.store %f, %z[%c0] : memref<16xf32>
    scf.condition(%c)
  } do {
    memref.store %f, %w[%c0] : memref<16xf32>
    scf.yield
  }
  memref.dealloc %z : memref<16xf32>
  memref.dealloc %w : memref<16xf32>
  %v = memref.alloc() : memref<16xf32>
  memref.store %f, %v[%c0] : memref<16xf32>
  memref.dealloc %v : memref<16xf32>
  cf.br ^exit
^exit:
  return
}

// CHECK-LABEL: func @culprit: 7 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 12 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 13] 21 escapes-yield -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [16, 18] 27 escapes-yield -{{$}}
// CHECK-NEXT: %z memref<16xf32> 64 B [22, 24] 33 escapes-yield -{{$}}
// CHECK-NEXT: %w memref<16xf32> 64 B [22, 24] 34 escapes-yield -{{$}}
// CHECK-NEXT: %v memref<16xf32> 64 B [28, 28] 43 escapes-yield -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 7 allocations, 7 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 53 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 56 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 12] 62 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [16, 18] 66 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %z memref<16xf32> 64 B [22, 26] 71 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %w memref<16xf32> 64 B [22, 26] 72 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %v memref<16xf32> 64 B [30, 30] 82 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 22 (%z, %w)
// CHECK-NEXT: naive: 448 B, pool: 128 B (saves 320 B, 71.4%)
// CHECK: total: 14 allocations, 9 pooled
// CHECK-NEXT: not pooled: escapes-yield 5

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":12,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":13,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":15,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":16,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":21,"column":5,"live":[12,13],"live_from":"first-use","first_use_line":22,"eligible":false,"reason":"escapes-yield","all_reasons":["escapes-yield","no-dealloc"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":27,"column":3,"live":[16,18],"live_from":"first-use","first_use_line":28,"eligible":false,"reason":"escapes-yield","all_reasons":["escapes-yield"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%z","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":33,"column":3,"live":[22,24],"live_from":"first-use","first_use_line":35,"eligible":false,"reason":"escapes-yield","all_reasons":["escapes-yield"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%w","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":34,"column":3,"live":[22,24],"live_from":"first-use","first_use_line":35,"eligible":false,"reason":"escapes-yield","all_reasons":["escapes-yield"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%v","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":43,"column":3,"live":[28,28],"live_from":"first-use","first_use_line":44,"eligible":false,"reason":"escapes-yield","all_reasons":["escapes-yield","no-dealloc"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":448,"pool_bytes":128,"peak_point":22,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":53,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":54,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":56,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":57,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":62,"column":5,"live":[12,12],"live_from":"first-use","first_use_line":63,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[{"op":"scf.if","line":61,"column":3,"region":0}]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":66,"column":3,"live":[16,18],"live_from":"first-use","first_use_line":67,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%z","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":71,"column":3,"live":[22,26],"live_from":"first-use","first_use_line":73,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%w","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":72,"column":3,"live":[22,26],"live_from":"first-use","first_use_line":73,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%v","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":82,"column":3,"live":[30,30],"live_from":"first-use","first_use_line":83,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"escapes-yield":5}

// REMARK: {{.*}}escapes-yield.mlir:21:5: remark: %x cannot share memory [escapes-yield]: it or an alias leaves its block through a yield, branch or loop-carried value
// REMARK: {{.*}}escapes-yield.mlir:23:5: note: leaves its block here ('scf.yield')
// REMARK: {{.*}}escapes-yield.mlir:27:3: remark: %y cannot share memory [escapes-yield]: it or an alias leaves its block through a yield, branch or loop-carried value
// REMARK: {{.*}}escapes-yield.mlir:28:3: note: leaves its block here ('scf.for')
// REMARK: {{.*}}escapes-yield.mlir:33:3: remark: %z cannot share memory [escapes-yield]: it or an alias leaves its block through a yield, branch or loop-carried value
// REMARK: {{.*}}escapes-yield.mlir:35:3: note: leaves its block here ('scf.while')
// REMARK: {{.*}}escapes-yield.mlir:34:3: remark: %w cannot share memory [escapes-yield]: it or an alias leaves its block through a yield, branch or loop-carried value
// REMARK: {{.*}}escapes-yield.mlir:36:5: note: leaves its block here ('scf.condition')
// REMARK: {{.*}}escapes-yield.mlir:43:3: remark: %v cannot share memory [escapes-yield]: it or an alias leaves its block through a yield, branch or loop-carried value
// REMARK: {{.*}}escapes-yield.mlir:44:3: note: leaves its block here ('cf.br')
// REMARK-NOT: {{remark|warning}}:
