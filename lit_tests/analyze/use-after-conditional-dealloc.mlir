// A use after a dealloc that may have run (it is nested in an scf.if before the use) is a
// use after the dealloc on the path where the condition holds: `use-after-dealloc` belongs in
// `all_reasons`, after `dealloc-in-other-block`, and the use deserves the warning.
//
// (Fixed: this test used to be XFAIL.)
// Was a bug: src/analysis/lifetime.rs `analyze_one` compares the last use only with a dealloc that
// stands in the allocation's own block; a dealloc nested in an scf.if is never compared, so
// %a is only `dealloc-in-other-block` and no warning is given.
//
// RUN: bufreuse --analyze --format=json %s -o %t 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: FileCheck --input-file=%t %s

func.func @maybe_freed(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %v = memref.load %a[%c0] : memref<4xf32>
  return %v : f32
}

// WARN: use-after-conditional-dealloc.mlir:19:3: warning: %a is used after it is deallocated
// CHECK: "all_reasons": [
// CHECK-NEXT: "dealloc-in-other-block",
// CHECK-NEXT: "use-after-dealloc"
// CHECK-NEXT: ],
