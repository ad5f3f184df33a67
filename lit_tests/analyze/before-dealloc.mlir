// --before-dealloc: IR straight after bufferization, where nothing is freed yet. An
// allocation without a dealloc may then share memory, its live interval ending at its last
// use (through aliases, an scf.if result that may be it included); the other rules stay:
// returned, passed to a call that captures it, used by an unknown op. Else no-dealloc.
// RUN: bufreuse --live-from-alloc --analyze --before-dealloc %s | FileCheck %s
// RUN: bufreuse --live-from-alloc --analyze --before-dealloc --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --live-from-alloc --analyze %s | FileCheck --check-prefix=AFTER %s

func.func private @keep(memref<16xf32>)

func.func @straight_after_bufferize(%arg0: memref<16xf32>, %c: i1) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  %sub = memref.subview %b[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.add ins(%a, %arg0 : memref<16xf32>, memref<16xf32>) outs(%b : memref<16xf32>)
  %x = memref.load %sub[%c0] : memref<8xf32, strided<[1]>>
  %ret = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%ret : memref<16xf32>)
  %kept = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  func.call @keep(%kept) : (memref<16xf32>) -> ()
  %y = scf.if %c -> memref<16xf32> {
    %yielded = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    scf.yield %yielded : memref<16xf32>
  } else {
    scf.yield %arg0 : memref<16xf32>
  }
  %later = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %y, %later : memref<16xf32> to memref<16xf32>
  return %ret : memref<16xf32>
}

// %a dies at the linalg.add, %b at the load through its subview; %later starts after both.
// %yielded lives from the scf.if that allocates it to the copy of its result.
// CHECK-LABEL: func @straight_after_bufferize: 6 allocations, 4 pooled
// CHECK-NEXT:  value type bytes live line status offset
// CHECK-NEXT:  %a memref<16xf32> 64 B [2, 6] 15 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT:  %b memref<16xf32> 64 B [4, 7] 17 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT:  %ret memref<16xf32> 64 B [8, 18] 21 escapes-return -{{$}}
// CHECK-NEXT:  %kept memref<16xf32> 64 B [10, 11] 23 escapes-call -{{$}}
// CHECK-NEXT:  %yielded memref<16xf32> 64 B [12, 17] 26 pooled {{[0-9]+}}{{$}}
// CHECK-NEXT:  %later memref<16xf32> 64 B [16, 17] 31 pooled {{[0-9]+}}{{$}}
// CHECK:       total: 6 allocations, 4 pooled
// CHECK-NEXT:  not pooled: escapes-return 1, escapes-call 1

// JSON-LABEL: function {"name":"straight_after_bufferize"
// JSON:      allocation {"value":"%a",{{.*}}"live":[2,6],"live_from":{{"[a-z-]+"}},"first_use_line":{{[0-9]+|null}},"eligible":true,"reason":null,"all_reasons":[],"detail":null,
// JSON-NEXT: allocation {"value":"%b",{{.*}}"live":[4,7],"live_from":{{"[a-z-]+"}},"first_use_line":{{[0-9]+|null}},"eligible":true,"reason":null,"all_reasons":[],"detail":null,
// JSON-NEXT: allocation {"value":"%ret",{{.*}}"eligible":false,"reason":"escapes-return","all_reasons":["escapes-return"],"detail":"where the function returns a buffer it allocated {{.*}}","offset":null,"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%kept",{{.*}}"eligible":false,"reason":"escapes-call","all_reasons":["escapes-call"],"detail":"@keep argument #0 is an external declaration without llvm.nocapture","offset":null,"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%yielded",{{.*}}"live":[12,17],"live_from":{{"[a-z-]+"}},"first_use_line":25,"eligible":true,"reason":null,"all_reasons":[],"detail":null,
// JSON-NEXT: allocation {"value":"%later",{{.*}}"eligible":true,
// JSON-NEXT: conflicts []

// AFTER-LABEL: func @straight_after_bufferize: 6 allocations, 0 pooled
// AFTER:       %a {{.*}} no-dealloc -
// AFTER:       %yielded {{.*}} no-dealloc -
// AFTER:       not pooled: escapes-return 1, escapes-call 1, no-dealloc 4
