// A buffer is live from its first use, not from its memref.alloc (issue 35): before its first
// use it holds nothing anyone may read. The interval starts at the first op of the
// allocation's block that uses it or an alias (a use nested in a loop counts from the loop);
// an allocation nothing uses is live at its own point. --live-from-alloc starts every interval
// at the allocation, as before. The rewrite still makes each view where its allocation was,
// and its own check (which also counts from the first use) passes.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --live-from-alloc %s | FileCheck --check-prefix=ALLOC %s
// RUN: bufreuse --pool-all --analyze --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --rewrite %s 2>&1 | FileCheck --check-prefix=REWRITE %s

// As one-shot-bufferize writes it: %b is allocated before %a is filled and read, but first
// used after %a's last use, so the two share one offset.
func.func @allocated_early(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  memref.copy %in, %b : memref<16xf32> to memref<16xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// CHECK-LABEL: func @allocated_early: 2 allocations, 2 pooled, live from first use
// CHECK-NEXT:    value  type             bytes  live    line  status  offset
// CHECK-NEXT:    %a     memref<16xf32>   64 B   [2, 3]  15    pooled  0
// CHECK-NEXT:    %b     memref<16xf32>   64 B   [4, 5]  16    pooled  0
// CHECK:         pool (default memory space): 64 B for 2 allocations, alignment 64, lower bound 64 B, optimal

// ALLOC-LABEL: func @allocated_early: 2 allocations, 2 pooled{{$}}
// ALLOC-NEXT:    value  type             bytes  live    line  status  offset
// ALLOC-NEXT:    %a     memref<16xf32>   64 B   [0, 3]  15    pooled  {{[0-9]+}}
// ALLOC-NEXT:    %b     memref<16xf32>   64 B   [1, 5]  16    pooled  {{[0-9]+}}
// ALLOC:         pool (default memory space): 128 B for 2 allocations, alignment 64, lower bound 128 B, optimal

// JSON:      "name": "allocated_early",
// JSON:      "value": "%a",
// JSON:      "live": [
// JSON-NEXT:   2,
// JSON-NEXT:   3
// JSON-NEXT: ],
// JSON-NEXT: "live_from": "first-use",
// JSON-NEXT: "first_use_line": 17,
// JSON:      "value": "%b",
// JSON:      "live_from": "first-use",
// JSON-NEXT: "first_use_line": 19,

// REWRITE-NOT:  warning
// REWRITE-LABEL: func.func @allocated_early
// REWRITE:        %[[OFF:.*]] = arith.constant 0 : index
// REWRITE:        %pool = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// REWRITE-NEXT:   %a = memref.view %pool[%[[OFF]]][] : memref<64xi8> to memref<16xf32>
// REWRITE-NEXT:   %b = memref.view %pool[%[[OFF]]][] : memref<64xi8> to memref<16xf32>

// The first use of %b is inside a loop: its interval starts at the loop. %c is never used:
// it is live at its own point only.
func.func @nested_first_use(%in: memref<16xf32>, %out: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %in, %b : memref<16xf32> to memref<16xf32>
  }
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// CHECK-LABEL: func @nested_first_use: 3 allocations, 3 pooled, live from first use
// CHECK-NEXT:    value  type             bytes  live     line  status  offset
// CHECK-NEXT:    %a     memref<16xf32>   64 B   [5, 6]   62    pooled  0
// CHECK-NEXT:    %b     memref<16xf32>   64 B   [7, 10]  63    pooled  0
// CHECK-NEXT:    %c     memref<16xf32>   64 B   [4, 4]   64    pooled  0
// CHECK:         pool (default memory space): 64 B for 3 allocations, alignment 64, lower bound 64 B, optimal

// JSON:      "name": "nested_first_use",
// JSON:      "value": "%c",
// JSON:      "live_from": "allocation",
// JSON-NEXT: "first_use_line": null,
