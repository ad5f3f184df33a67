// The rewrite checks its own output: the printed IR is parsed again and every pair of views
// that are live together must be disjoint. --debug-break-plan (test only) puts every buffer
// at offset 0; a and b are live together here, so the check must fail: exit status 1, an
// internal error naming both views, and no output written. With --debug-skip-verify the
// broken IR is printed (tests/mlir_equiv.rs runs it and sees it print something else).
// RUN: rm -rf %t && mkdir %t
// RUN: not bufreuse --rewrite --debug-break-plan %s -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlir
// RUN: %python %S/Inputs/exit-status.py bufreuse --rewrite --debug-break-plan %s 2>&1 \
// RUN:   | FileCheck --check-prefix=STATUS %s
// RUN: bufreuse --rewrite --debug-break-plan --debug-skip-verify %s \
// RUN:   | FileCheck --check-prefix=BROKEN %s
// The correct plan passes the same check:
// RUN: bufreuse --rewrite %s -o %t/good.mlir

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
