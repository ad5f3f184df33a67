// Every function with a body is analyzed on its own, in textual order, also inside a nested
// module: program points start again at 0, each function gets its own pool, and a
// declaration is skipped. The reason counts at the end add up over all functions.
// RUN: bufreuse --live-from-alloc --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --live-from-alloc --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s

func.func private @declared(memref<8xf32>)

func.func @first() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  memref.store %f, %a[%c0] : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  memref.store %f, %b[%c0] : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}

func.func @second() -> memref<4xf64> {
  %c0 = arith.constant 0 : index
  %d = arith.constant 2.0 : f64
  %a = memref.alloc() : memref<4xf64>
  %b = memref.alloc() : memref<4xf64>
  %c = memref.alloc() : memref<4xf64>
  memref.store %d, %a[%c0] : memref<4xf64>
  memref.store %d, %b[%c0] : memref<4xf64>
  memref.store %d, %c[%c0] : memref<4xf64>
  memref.dealloc %a : memref<4xf64>
  memref.dealloc %b : memref<4xf64>
  return %c : memref<4xf64>
}

module @inner {
  func.func @third() {
    %x = memref.alloc() : memref<2xi32>
    %y = memref.alloc() : memref<2xi32>
    func.call @declared_inner(%y) : (memref<2xi32>) -> ()
    memref.dealloc %x : memref<2xi32>
    memref.dealloc %y : memref<2xi32>
    return
  }
  func.func private @declared_inner(memref<2xi32>)
}

// CHECK-LABEL: func @first: 2 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<8xf32> 32 B [2, 3] 13 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %b memref<8xf32> 32 B [5, 6] 16 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: peak live: 32 B at point 2 (%a)
// CHECK-NEXT: naive: 64 B, pool: 32 B (saves 32 B, 50.0%)
// CHECK-LABEL: func @second: 3 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<4xf64> 32 B [2, 5] 25 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %b memref<4xf64> 32 B [3, 6] 26 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT: %c memref<4xf64> 32 B [4, 10] 27 escapes-return -{{$}}
// CHECK-NEXT: peak live: 64 B at point 3 (%a, %b)
// CHECK-NEXT: naive: 64 B, pool: 96 B (saves 0 B, 0.0%)
// CHECK-LABEL: func @third: 2 allocations, 0 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %x memref<2xi32> 8 B [0, 0] 38 eligible (alone in its memory space) -{{$}}
// CHECK-NEXT: %y memref<2xi32> 8 B [1, 2] 39 escapes-call -{{$}}
// CHECK-NEXT: peak live: 8 B at point 0 (%x)
// CHECK-NEXT: naive: 8 B, pool: 0 B
// CHECK: total: 7 allocations, 4 pooled
// CHECK-NEXT: not pooled: escapes-return 1, escapes-call 1

// JSON-LABEL: function {"name":"first","peak_live_bytes":32,"naive_bytes":64,"pool_bytes":32,"peak_point":2,"kept_out":null}
// JSON: allocation {"value":"%a","op":"memref.alloc","type":"memref<8xf32>","bytes":32,"size":null,"line":13,"column":3,"live":[2,3],"live_from":"allocation","first_use_line":14,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%b","op":"memref.alloc","type":"memref<8xf32>","bytes":32,"size":null,"line":16,"column":3,"live":[5,6],"live_from":"allocation","first_use_line":17,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"second","peak_live_bytes":64,"naive_bytes":64,"pool_bytes":96,"peak_point":3,"kept_out":null}
// JSON: allocation {"value":"%a","op":"memref.alloc","type":"memref<4xf64>","bytes":32,"size":null,"line":25,"column":3,"live":[2,5],"live_from":"allocation","first_use_line":28,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":8,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%b","op":"memref.alloc","type":"memref<4xf64>","bytes":32,"size":null,"line":26,"column":3,"live":[3,6],"live_from":"allocation","first_use_line":29,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,"alignment":8,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%c","op":"memref.alloc","type":"memref<4xf64>","bytes":32,"size":null,"line":27,"column":3,"live":[4,10],"live_from":"allocation","first_use_line":30,"eligible":false,"reason":"escapes-return","all_reasons":["escapes-return","no-dealloc"],"detail":"where the function returns a buffer it allocated (bufferize-function-boundaries), run mlir-opt --buffer-results-to-out-params=\"hoist-static-allocs modify-public-functions\" first: the caller then allocates it, and may pool it","offset":null,"run_time_offset":null,"alignment":8,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"third","peak_live_bytes":8,"naive_bytes":8,"pool_bytes":0,"peak_point":0,"kept_out":null}
// JSON: allocation {"value":"%x","op":"memref.alloc","type":"memref<2xi32>","bytes":8,"size":null,"line":38,"column":5,"live":[0,0],"live_from":"allocation","first_use_line":null,"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: allocation {"value":"%y","op":"memref.alloc","type":"memref<2xi32>","bytes":8,"size":null,"line":39,"column":5,"live":[1,2],"live_from":"allocation","first_use_line":40,"eligible":false,"reason":"escapes-call","all_reasons":["escapes-call"],"detail":"@declared_inner argument #0 is an external declaration without llvm.nocapture","offset":null,"run_time_offset":null,"alignment":4,"in_place":null,"branches":[]}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"escapes-return":1,"escapes-call":1}
