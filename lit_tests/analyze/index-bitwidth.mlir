// `index` elements take 8 bytes, or 4 with --index-bitwidth=32; that changes the sizes, the
// peak and the pool, not the intervals or the eligibility.
// RUN: bufreuse --live-from-alloc --pool-all --analyze %s | FileCheck --check-prefix=I64 %s
// RUN: bufreuse --live-from-alloc --pool-all --analyze --index-bitwidth=64 %s | FileCheck --check-prefix=I64 %s
// RUN: bufreuse --live-from-alloc --pool-all --analyze --index-bitwidth=32 %s | FileCheck --check-prefix=I32 %s
// RUN: bufreuse --live-from-alloc --pool-all --analyze --index-bitwidth=32 --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON32 %s

func.func @indices(%i: index) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xindex>
  %b = memref.alloc() : memref<2x3xindex>
  %c = memref.alloc() : memref<4xi64>
  memref.store %i, %a[%c0] : memref<4xindex>
  memref.store %i, %b[%c0, %c0] : memref<2x3xindex>
  memref.dealloc %a : memref<4xindex>
  memref.dealloc %b : memref<2x3xindex>
  memref.dealloc %c : memref<4xi64>
  return
}

// I64:      %a memref<4xindex> 32 B [1, 4] 11 pooled
// I64-NEXT: %b memref<2x3xindex> 48 B [2, 5] 12 pooled
// I64-NEXT: %c memref<4xi64> 32 B [3, 3] 13 pooled
// I64-NEXT: peak live: 112 B at point 3 (%a, %b, %c)
// I64-NEXT: naive: 112 B,

// I32:      %a memref<4xindex> 16 B [1, 4] 11 pooled
// I32-NEXT: %b memref<2x3xindex> 24 B [2, 5] 12 pooled
// I32-NEXT: %c memref<4xi64> 32 B [3, 3] 13 pooled
// I32-NEXT: peak live: 72 B at point 3 (%a, %b, %c)
// I32-NEXT: naive: 72 B,

// JSON32:      allocation {"value":"%a",{{.*}}"bytes":16,"size":null,{{.*}}"alignment":4,"in_place":null,"branches":[]}
// JSON32-NEXT: allocation {"value":"%b",{{.*}}"bytes":24,"size":null,{{.*}}"alignment":4,"in_place":null,"branches":[]}
// JSON32-NEXT: allocation {"value":"%c",{{.*}}"bytes":32,"size":null,{{.*}}"alignment":8,"in_place":null,"branches":[]}
