// Reason `parallel-region`: an allocation inside a region that may run concurrently
// (scf.parallel, scf.forall, async.execute, an op not known to be sequential) is not
// pooled, however deep it is nested; the same allocations inside sequential regions
// (scf.for, scf.if, scf.while, scf.execute_region, affine.for, memref.alloca_scope) are.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s

func.func @culprit(%c: i1) {
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
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %x = memref.alloc() : memref<16xf32>
    memref.store %f, %x[%i] : memref<16xf32>
    memref.dealloc %x : memref<16xf32>
    scf.reduce
  }
  scf.forall (%i) in (4) {
    scf.if %c {
      %y = memref.alloc() : memref<16xf32>
      memref.store %f, %y[%i] : memref<16xf32>
      memref.dealloc %y : memref<16xf32>
    }
  }
  %token = "async.execute"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
    %z = memref.alloc() : memref<16xf32>
    memref.store %f, %z[%c0] : memref<16xf32>
    memref.dealloc %z : memref<16xf32>
    "async.yield"() : () -> ()
  }) : () -> !async.token
  "test.region"() ({
    %w = memref.alloc() : memref<16xf32>
    memref.store %f, %w[%c0] : memref<16xf32>
    memref.dealloc %w : memref<16xf32>
    "test.terminator"() : () -> ()
  }) : () -> ()
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
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.alloc() : memref<16xf32>
    memref.store %f, %x[%i] : memref<16xf32>
    memref.dealloc %x : memref<16xf32>
  }
  scf.while : () -> () {
    scf.if %c {
      %y = memref.alloc() : memref<16xf32>
      memref.store %f, %y[%c0] : memref<16xf32>
      memref.dealloc %y : memref<16xf32>
    }
    scf.condition(%c)
  } do {
    scf.execute_region {
      %z = memref.alloc() : memref<16xf32>
      memref.store %f, %z[%c0] : memref<16xf32>
      memref.dealloc %z : memref<16xf32>
      scf.yield
    }
    scf.yield
  }
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (4)>}> ({
  ^bb0(%i: index):
    memref.alloca_scope {
      %w = memref.alloc() : memref<16xf32>
      memref.store %f, %w[%i] : memref<16xf32>
      memref.dealloc %w : memref<16xf32>
    }
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// CHECK-LABEL: func @culprit: 6 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 13 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 16 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 12] 22 parallel-region -{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [18, 18] 29 parallel-region -{{$}}
// CHECK-NEXT: %z memref<16xf32> 64 B [24, 24] 35 parallel-region -{{$}}
// CHECK-NEXT: %w memref<16xf32> 64 B [29, 29] 41 parallel-region -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 6 allocations, 6 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [3, 3] 52 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [6, 6] 55 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<16xf32> 64 B [12, 12] 61 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<16xf32> 64 B [18, 18] 67 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %z memref<16xf32> 64 B [24, 24] 74 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %w memref<16xf32> 64 B [31, 31] 84 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%p)
// CHECK-NEXT: naive: 384 B, pool: 64 B (saves 320 B, 83.3%)
// CHECK: total: 12 allocations, 8 pooled
// CHECK-NEXT: not pooled: parallel-region 4

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":13,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":14,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":16,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":17,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":22,"column":5,"live":[12,12],"live_from":"first-use","first_use_line":23,"eligible":false,"reason":"parallel-region","all_reasons":["parallel-region"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":29,"column":7,"live":[18,18],"live_from":"first-use","first_use_line":30,"eligible":false,"reason":"parallel-region","all_reasons":["parallel-region"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[{"op":"scf.if","line":28,"column":5,"region":0}]}
// JSON-NEXT: allocation {"value":"%z","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":5,"live":[24,24],"live_from":"first-use","first_use_line":36,"eligible":false,"reason":"parallel-region","all_reasons":["parallel-region"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%w","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":41,"column":5,"live":[29,29],"live_from":"first-use","first_use_line":42,"eligible":false,"reason":"parallel-region","all_reasons":["parallel-region"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":64,"naive_bytes":384,"pool_bytes":64,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":52,"column":3,"live":[3,3],"live_from":"first-use","first_use_line":53,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":55,"column":3,"live":[6,6],"live_from":"first-use","first_use_line":56,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":61,"column":5,"live":[12,12],"live_from":"first-use","first_use_line":62,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":67,"column":7,"live":[18,18],"live_from":"first-use","first_use_line":68,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[{"op":"scf.if","line":66,"column":5,"region":0}]}
// JSON-NEXT: allocation {"value":"%z","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":74,"column":7,"live":[24,24],"live_from":"first-use","first_use_line":75,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%w","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":84,"column":7,"live":[31,31],"live_from":"first-use","first_use_line":85,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"parallel-region":4}

// REMARK: {{.*}}parallel-region.mlir:22:5: remark: %x cannot share memory [parallel-region]: it is inside a region that may run concurrently
// REMARK: {{.*}}parallel-region.mlir:21:3: note: inside this op ('scf.parallel')
// REMARK: {{.*}}parallel-region.mlir:29:7: remark: %y cannot share memory [parallel-region]: it is inside a region that may run concurrently
// REMARK: {{.*}}parallel-region.mlir:27:3: note: inside this op ('scf.forall')
// REMARK: {{.*}}parallel-region.mlir:35:5: remark: %z cannot share memory [parallel-region]: it is inside a region that may run concurrently
// REMARK: {{.*}}parallel-region.mlir:34:3: note: inside this op ('async.execute')
// REMARK: {{.*}}parallel-region.mlir:41:5: remark: %w cannot share memory [parallel-region]: it is inside a region that may run concurrently
// REMARK: {{.*}}parallel-region.mlir:40:3: note: inside this op ('test.region')
// REMARK-NOT: {{remark|warning}}:
