// A function without allocations has an empty table, zero bytes and no peak point; a module
// with only declarations reports no function at all.
// RUN: bufreuse --analyze %s | FileCheck %s
// RUN: bufreuse --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --analyze --split-input-file %s | FileCheck --check-prefix=SPLIT %s

func.func @no_allocs(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return %v : f32
}

// -----

func.func private @only_declared(memref<4xf32>)

// CHECK-LABEL: func @no_allocs: 0 allocations, 0 pooled
// CHECK-EMPTY:
// CHECK-NEXT: total: 0 allocations, 0 pooled
// CHECK-NOT: {{.}}

// JSON-LABEL: function {"name":"no_allocs","peak_live_bytes":0,"naive_bytes":0,"pool_bytes":0,"peak_point":null,"kept_out":null}
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {}

// SPLIT: {{^}}func @no_allocs: 0 allocations, 0 pooled
// SPLIT-EMPTY:
// SPLIT-NEXT: {{^}}total: 0 allocations, 0 pooled
// SPLIT-NEXT: {{^}}// -----
// SPLIT-NEXT: {{^}}total: 0 allocations, 0 pooled
// SPLIT-NOT: {{.}}
