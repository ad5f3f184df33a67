// Uses nested in scf.for and scf.if count at their ancestor in the allocation's block: an
// outer buffer used inside a loop is live across the WHOLE loop (the next iteration uses it
// again), and one used in either branch of an scf.if across the whole scf.if. A temporary in
// the loop body must therefore not share %a's bytes; one after the loop may.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

// Program points: 0 %c0, 1 %c1, 2 %f, 3 %a, 4 %b, 5 %t0, 6 store, 7 dealloc, 8 scf.for,
// 9 scf.if, 10 store %a, 11 scf.yield, 12 %t1, 13 store, 14 dealloc, 15 scf.yield,
// 16 %t2, 17 store, 18 dealloc, 19 scf.if, 20 load %b, 21 scf.yield, 22 store %b,
// 23 scf.yield, 24 dealloc, 25 dealloc, 26 return.
func.func @nested(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %t0 = memref.alloc() : memref<16xf32>
  memref.store %f, %t0[%c0] : memref<16xf32>
  memref.dealloc %t0 : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      memref.store %f, %a[%i] : memref<16xf32>
    }
    %t1 = memref.alloc() : memref<16xf32>
    memref.store %f, %t1[%i] : memref<16xf32>
    memref.dealloc %t1 : memref<16xf32>
  }
  %t2 = memref.alloc() : memref<16xf32>
  memref.store %f, %t2[%c0] : memref<16xf32>
  memref.dealloc %t2 : memref<16xf32>
  %r = scf.if %c -> (f32) {
    %v = memref.load %b[%c0] : memref<16xf32>
    scf.yield %v : f32
  } else {
    memref.store %f, %b[%c0] : memref<16xf32>
    scf.yield %f : f32
  }
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %r : f32
}

// CHECK-LABEL: func @nested: 5 allocations, 5 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<16xf32> 64 B [3, 15] 17 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %b memref<16xf32> 64 B [4, 23] 18 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t0 memref<16xf32> 64 B [5, 6] 19 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t1 memref<16xf32> 64 B [12, 13] 26 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %t2 memref<16xf32> 64 B [16, 17] 30 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 192 B at point 5 (%a, %b, %t0)
// CHECK-NEXT: naive: 320 B, pool: 192 B (saves 128 B, 40.0%)
// CHECK: total: 5 allocations, 5 pooled

// JSON-LABEL: function {"name":"nested","peak_live_bytes":192,"naive_bytes":320,"pool_bytes":192,"peak_point":5,"kept_out":null}
// JSON: allocation {"value":"%a","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":17,"column":3,"live":[3,15],"live_from":"allocation","first_use_line":22,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%b","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":18,"column":3,"live":[4,23],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t0","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":19,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":20,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t1","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":26,"column":5,"live":[12,13],"live_from":"allocation","first_use_line":27,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t2","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":30,"column":3,"live":[16,17],"live_from":"allocation","first_use_line":31,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {}
