// Reason `non-identity-layout`: a buffer whose type has a layout other than the identity
// (here a transposing affine map, written inline and through an alias) is not pooled; an
// identity affine map is the identity, so the same buffer with one is pooled.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

#transposed = affine_map<(d0, d1) -> (d1, d0)>
#identity = affine_map<(i, j) -> (i, j)>

func.func @culprit() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %x = memref.alloc() : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %y = memref.alloc() : memref<4x4xf32, #transposed>
  memref.store %f, %x[%c0, %c0] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  memref.store %f, %y[%c0, %c0] : memref<4x4xf32, #transposed>
  memref.dealloc %x : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  memref.dealloc %y : memref<4x4xf32, #transposed>
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
  %x = memref.alloc() : memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>
  %y = memref.alloc() : memref<4x4xf32, #identity>
  memref.store %f, %x[%c0, %c0] : memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>
  memref.store %f, %y[%c0, %c0] : memref<4x4xf32, #identity>
  memref.dealloc %x : memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>
  memref.dealloc %y : memref<4x4xf32, #identity>
  return
}

// CHECK-LABEL: func @culprit: 4 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 14 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 17 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> 64 B [8, 10] 20 non-identity-layout -{{$}}
// CHECK-NEXT: %y memref<4x4xf32, #transposed> 64 B [9, 11] 21 non-identity-layout -{{$}}
// CHECK-NEXT: peak live: 64 B at point 2 (%p)
// CHECK-NEXT: naive: 128 B, pool: 64 B (saves 64 B, 50.0%)
// CHECK-LABEL: func @control: 4 allocations, 4 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %p memref<16xf32> 64 B [2, 3] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %q memref<16xf32> 64 B [5, 6] 35 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %x memref<4x4xf32> 64 B [8, 10] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %y memref<4x4xf32> 64 B [9, 11] 39 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 128 B at point 9 (%x, %y)
// CHECK-NEXT: naive: 256 B, pool: 128 B (saves 128 B, 50.0%)
// CHECK: total: 8 allocations, 6 pooled
// CHECK-NEXT: not pooled: non-identity-layout 2

// JSON-LABEL: function {"name":"culprit","peak_live_bytes":64,"naive_bytes":128,"pool_bytes":64,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":14,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":15,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":17,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":18,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>","bytes":64,"size":null,"line":20,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":22,"eligible":false,"reason":"non-identity-layout","all_reasons":["non-identity-layout"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<4x4xf32, #transposed>","bytes":64,"size":null,"line":21,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":23,"eligible":false,"reason":"non-identity-layout","all_reasons":["non-identity-layout"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"control","peak_live_bytes":128,"naive_bytes":256,"pool_bytes":128,"peak_point":9,"kept_out":null}
// JSON: allocation {"value":"%p","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%q","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":35,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":36,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%x","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[8,10],"live_from":"allocation","first_use_line":40,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":39,"column":3,"live":[9,11],"live_from":"allocation","first_use_line":41,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"non-identity-layout":2}
