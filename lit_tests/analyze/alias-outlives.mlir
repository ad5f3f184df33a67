// A subview read after other temporaries were allocated keeps its allocation live: %a's
// interval ends at the last use of %s (the memref.copy), not at %a's own last use, so %t,
// allocated and freed in between, must not share %a's bytes. %u, allocated after %t is
// freed, may share %t's.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

// Program points: 0 %c0, 1 %f, 2 %a, 3 store %a, 4 subview, 5 %t, 6 store, 7 load,
// 8 dealloc %t, 9 %u, 10 copy from %s, 11 store %u, 12 dealloc %u, 13 dealloc %a, 14 return.
func.func @alias_outlives(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  %s = memref.subview %a[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  %t = memref.alloc() : memref<16xf32>
  memref.store %f, %t[%c0] : memref<16xf32>
  %v = memref.load %t[%c0] : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %u = memref.alloc() : memref<16xf32>
  memref.copy %s, %out : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  memref.store %v, %u[%c0] : memref<16xf32>
  memref.dealloc %u : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// CHECK-LABEL: func @alias_outlives: 3 allocations, 3 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<16xf32> 64 B [2, 10] 14 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t memref<16xf32> 64 B [5, 7] 17 pooled [[T:[0-9]+]]{{$}}
// CHECK-NEXT: %u memref<16xf32> 64 B [9, 11] 21 pooled [[T]]{{$}}
// CHECK-NEXT: peak live: 128 B at point 5 (%a, %t)
// CHECK-NEXT: naive: 192 B, pool: 128 B (saves 64 B, 33.3%)
// CHECK: total: 3 allocations, 3 pooled

// JSON-LABEL: function {"name":"alias_outlives","peak_live_bytes":128,"naive_bytes":192,"pool_bytes":128,"peak_point":5,"kept_out":null}
// JSON: allocation {"value":"%a","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":14,"column":3,"live":[2,10],"live_from":"allocation","first_use_line":15,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":17,"column":3,"live":[5,7],"live_from":"allocation","first_use_line":18,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%u","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":21,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":23,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// `conflicts []`: no two allocations live at one point share a byte (%a and %t in particular);
// with a pool of 128 B that leaves %u only %t's slot.
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {}
