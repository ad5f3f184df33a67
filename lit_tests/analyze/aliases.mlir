// Every view-like op makes an alias whose uses keep the allocation live. Each %aK is used
// only through its alias %vK, after %t was allocated and freed: every interval must reach the
// alias's use, so %t shares bytes with none of them (10 x 64 B are live at point 22).
// extract_strided_metadata aliases its base buffer; the uses of bufferization.to_tensor's
// tensor count (tensor.extract is not a known op, hence `unknown-op`).
// Inputs/aliases.generic.mlir is this file after `mlir-opt --mlir-print-op-generic`: the
// generic forms must give the same analysis.
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s | %python %S/Inputs/strip_location.py > %t/custom.json
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %S/Inputs/aliases.generic.mlir \
// RUN:   | %python %S/Inputs/strip_location.py > %t/generic.json
// RUN: diff %t/custom.json %t/generic.json

// Program points: %aK at 2K, its alias at 2K+1 (K = 1..10), 22 %t, 23 store, 24 dealloc,
// 25..32 the stores through %v1..%v8, 33 the load from %base, 34 tensor.extract.
func.func @aliases(%i: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %v1 = memref.subview %a1[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  %a2 = memref.alloc() : memref<16xf32>
  %v2 = memref.cast %a2 : memref<16xf32> to memref<?xf32>
  %a3 = memref.alloc() : memref<16xf32>
  %v3 = memref.reinterpret_cast %a3 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
  %a4 = memref.alloc() : memref<64xi8>
  %v4 = memref.view %a4[%c0][] : memref<64xi8> to memref<16xf32>
  %a5 = memref.alloc() : memref<4x4xf32>
  %v5 = memref.collapse_shape %a5 [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %a6 = memref.alloc() : memref<16xf32>
  %v6 = memref.expand_shape %a6 [[0, 1]] output_shape [4, 4] : memref<16xf32> into memref<4x4xf32>
  %a7 = memref.alloc() : memref<4x4xf32>
  %v7 = memref.transpose %a7 (d0, d1) -> (d1, d0) : memref<4x4xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>
  %a8 = memref.alloc() : memref<16xf32>
  %v8 = memref.memory_space_cast %a8 : memref<16xf32> to memref<16xf32, 1>
  %a9 = memref.alloc() : memref<16xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %a9 : memref<16xf32> -> memref<f32>, index, index, index
  %a10 = memref.alloc() : memref<16xf32>
  %v10 = bufferization.to_tensor %a10 : memref<16xf32> to tensor<16xf32>
  %t = memref.alloc() : memref<16xf32>
  memref.store %f, %t[%c0] : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  memref.store %f, %v1[%c0] : memref<4xf32, strided<[1], offset: 4>>
  memref.store %f, %v2[%c0] : memref<?xf32>
  memref.store %f, %v3[%c0, %c0] : memref<4x4xf32>
  memref.store %f, %v4[%c0] : memref<16xf32>
  memref.store %f, %v5[%c0] : memref<16xf32>
  memref.store %f, %v6[%c0, %c0] : memref<4x4xf32>
  memref.store %f, %v7[%c0, %c0] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>
  memref.store %f, %v8[%c0] : memref<16xf32, 1>
  %x = memref.load %base[] : memref<f32>
  %y = tensor.extract %v10[%i] : tensor<16xf32>
  memref.dealloc %a1 : memref<16xf32>
  memref.dealloc %a2 : memref<16xf32>
  memref.dealloc %a3 : memref<16xf32>
  memref.dealloc %a4 : memref<64xi8>
  memref.dealloc %a5 : memref<4x4xf32>
  memref.dealloc %a6 : memref<16xf32>
  memref.dealloc %a7 : memref<4x4xf32>
  memref.dealloc %a8 : memref<16xf32>
  memref.dealloc %a9 : memref<16xf32>
  memref.dealloc %a10 : memref<16xf32>
  return %x, %y : f32, f32
}

// CHECK-LABEL: func @aliases: 11 allocations, 10 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a1 memref<16xf32> 64 B [2, 25] 22 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a2 memref<16xf32> 64 B [4, 26] 24 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a3 memref<16xf32> 64 B [6, 27] 26 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a4 memref<64xi8> 64 B [8, 28] 28 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a5 memref<4x4xf32> 64 B [10, 29] 30 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a6 memref<16xf32> 64 B [12, 30] 32 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a7 memref<4x4xf32> 64 B [14, 31] 34 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a8 memref<16xf32> 64 B [16, 32] 36 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a9 memref<16xf32> 64 B [18, 33] 38 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %a10 memref<16xf32> 64 B [20, 34] 40 unknown-op -{{$}}
// CHECK-NEXT: %t memref<16xf32> 64 B [22, 23] 42 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 640 B at point 22 (%a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %t)
// CHECK-NEXT: naive: 640 B, pool: 640 B (saves 0 B, 0.0%)
// CHECK: total: 11 allocations, 10 pooled
// CHECK-NEXT: not pooled: unknown-op 1

// JSON-LABEL: function {"name":"aliases","peak_live_bytes":640,"naive_bytes":640,"pool_bytes":640,"peak_point":22,"kept_out":null}
// JSON: allocation {"value":"%a1","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":22,"column":3,"live":[2,25],"live_from":"allocation","first_use_line":23,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a2","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":24,"column":3,"live":[4,26],"live_from":"allocation","first_use_line":25,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a3","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":26,"column":3,"live":[6,27],"live_from":"allocation","first_use_line":27,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a4","op":"memref.alloc","type":"memref<64xi8>","bytes":64,"size":null,"line":28,"column":3,"live":[8,28],"live_from":"allocation","first_use_line":29,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":1,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a5","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":30,"column":3,"live":[10,29],"live_from":"allocation","first_use_line":31,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a6","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":32,"column":3,"live":[12,30],"live_from":"allocation","first_use_line":33,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a7","op":"memref.alloc","type":"memref<4x4xf32>","bytes":64,"size":null,"line":34,"column":3,"live":[14,31],"live_from":"allocation","first_use_line":35,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a8","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":36,"column":3,"live":[16,32],"live_from":"allocation","first_use_line":37,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a9","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":38,"column":3,"live":[18,33],"live_from":"allocation","first_use_line":39,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%a10","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":40,"column":3,"live":[20,34],"live_from":"allocation","first_use_line":41,"eligible":false,"reason":"unknown-op","all_reasons":["unknown-op"],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%t","op":"memref.alloc","type":"memref<16xf32>","bytes":64,"size":null,"line":42,"column":3,"live":[22,23],"live_from":"allocation","first_use_line":43,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"unknown-op":1}
