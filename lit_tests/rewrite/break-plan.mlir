// The rewrite checks its own output: the printed IR is parsed again and every pair of views
// that are live together must be disjoint. --debug-break-plan (test only) puts every buffer
// at offset 0; a and b are live together here, so the check must fail. By default the
// function at fault is then left as it was read, with a warning that names it, its buffers
// and the check's message, and every other function is rewritten (exit status 0).
// With --strict-check the failure is an error: exit status 1, an internal error naming both
// views, and no output written. With --debug-skip-verify the broken IR is printed
// (tests/mlir_equiv.rs runs it and sees it print something else).
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --pool-all --rewrite --debug-break-plan %s -o %t/kept.mlir 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: FileCheck --check-prefix=KEPT --input-file=%t/kept.mlir %s
// RUN: %python %S/Inputs/exit-status.py bufreuse --pool-all --rewrite --debug-break-plan %s 2>&1 \
// RUN:   | FileCheck --check-prefix=STATUS0 %s
// RUN: bufreuse --pool-all --rewrite --stats --debug-break-plan %s 2>&1 >/dev/null | FileCheck --check-prefix=STATS %s
// RUN: not bufreuse --pool-all --rewrite --strict-check --debug-break-plan %s -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlir
// RUN: %python %S/Inputs/exit-status.py bufreuse --pool-all --rewrite --strict-check --debug-break-plan %s 2>&1 \
// RUN:   | FileCheck --check-prefix=STATUS %s
// RUN: bufreuse --pool-all --rewrite --debug-break-plan --debug-skip-verify %s \
// RUN:   | FileCheck --check-prefix=BROKEN %s
// --analyze says what --rewrite would leave out (text and json reports):
// RUN: bufreuse --pool-all --analyze --debug-break-plan %s 2>/dev/null | FileCheck --check-prefix=TEXT %s
// RUN: bufreuse --pool-all --analyze --format=json --debug-break-plan %s 2>/dev/null | FileCheck --check-prefix=JSON %s
// The correct plan passes the same check:
// RUN: bufreuse --pool-all --rewrite %s -o %t/good.mlir

// WARN: break-plan.mlir:[[@LINE+29]]:1: warning: @both_live is left as it was read, its buffers unpooled (%a, %b): the check of its rewrite failed: views %a [0, 64) and %b [0, 64) of %pool overlap while both are live
// STATUS0: exit status: 0
// KEPT-LABEL: func.func @both_live
// KEPT:         %a = memref.alloc() : memref<16xf32>
// KEPT:         %b = memref.alloc() : memref<16xf32>
// KEPT-NOT:     memref.view
// KEPT-LABEL: func.func @alone
// KEPT:         %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// KEPT:         memref.view %[[P]]
// KEPT:         memref.view %[[P]]
// STATS: @both_live: 0 allocations pooled, 2 kept; 0 bytes -> 0 bytes; mallocs per call 2 -> 2; kept out of the rewrite: the check of its rewrite failed: views %a [0, 64) and %b [0, 64) of %pool overlap
// STATS: @alone: 2 allocations pooled, 0 kept
// TEXT: func @both_live: 2 allocations, 0 pooled
// TEXT-NEXT: left as it was read by --rewrite: the check of its rewrite failed: views %a [0, 64) and %b [0, 64) of %pool overlap
// TEXT: eligible (function kept out: check failed)
// JSON: "name": "both_live",
// JSON: "kept_out": "views %a [0, 64) and %b [0, 64) of %pool overlap while both are live
// JSON: "name": "alone",
// JSON: "kept_out": null,

// CHECK: internal error
// CHECK: views %a [0, 64) and %b [0, 64) of %pool overlap while both are live
// STATUS: exit status: 1

// BROKEN:      [[Z:%[a-z0-9_]+]] = arith.constant 0 : index
// BROKEN-NOT:  arith.constant 64 : index
// BROKEN:      %a = memref.view %pool{{\[}}[[Z]]{{\]}}[]
// BROKEN-NEXT: %b = memref.view %pool{{\[}}[[Z]]{{\]}}[]

func.func @both_live(%x: f32, %y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.store %y, %b[%c0] : memref<16xf32>
  %va = memref.load %a[%c0] : memref<16xf32>
  %vb = memref.load %b[%c0] : memref<16xf32>
  %s = arith.addf %va, %vb : f32
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %s : f32
}

// Two buffers one after the other: at one offset even in the broken plan, so this function
// passes the check and is rewritten.
func.func @alone(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %va = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %va, %b[%c0] : memref<16xf32>
  %vb = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %vb : f32
}
