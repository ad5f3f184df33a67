// A second dealloc that runs whenever the first one did is a double free, worth the warning
// "deallocated more than once", also when the two deallocs are not in one block: here the
// second is nested in an scf.if after the first, or in the successor block of the first.
// Deallocs on exclusive paths are not (exclusive-deallocs.mlir).
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/analysis/mod.rs
// `check_allocation` (since 0e0fe35) warns only when two deallocs share a parent block, so
// these double frees go without a warning. They are still not pooled (`multiple-deallocs`),
// which the REPORT lines check.
//
// RUN: bufreuse --analyze %s -o %t 2>&1 | FileCheck --allow-empty %s
// RUN: FileCheck --check-prefix=REPORT --input-file=%t %s

func.func @then_nested(%c: i1) {
  %x = memref.alloc() : memref<16xf32>
  memref.dealloc %x : memref<16xf32>
  scf.if %c {
    memref.dealloc %x : memref<16xf32>
  }
  return
}

func.func @then_successor() {
  %y = memref.alloc() : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  cf.br ^next
^next:
  memref.dealloc %y : memref<16xf32>
  return
}

// REPORT: %x {{.*}} multiple-deallocs -
// REPORT: %y {{.*}} multiple-deallocs -

// CHECK: double-dealloc-warning.mlir:18:5: warning: %x is deallocated more than once
// CHECK: double-dealloc-warning.mlir:28:3: warning: %y is deallocated more than once
