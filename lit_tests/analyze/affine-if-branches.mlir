// The two regions of affine.if are exclusive, as those of scf.if are: at most one runs. A
// free in one branch and a use in the other are no use after the free (no warning, no
// `use-after-dealloc`), a free in the then-branch does precede a use after the op, and the
// JSON report names the affine.if as a branch of the buffers allocated in it.
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze %s -o %t.txt 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=REPORT --input-file=%t.txt %s
// RUN: bufreuse --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: %if mlir-opt %{ %mlir_opt %s > /dev/null %}

#large = affine_set<(d0) : (d0 - 8 >= 0)>

func.func @free_in_one_use_in_the_other(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %one, %a[%c0] : memref<16xf32>
  %r = affine.if #large(%n) -> f32 {
    memref.dealloc %a : memref<16xf32>
    affine.yield %one : f32
  } else {
    %v = memref.load %a[%c0] : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    affine.yield %v : f32
  }
  return %r : f32
}

func.func @free_in_one_use_after(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<16xf32>
  affine.if #large(%n) {
    memref.dealloc %b : memref<16xf32>
  }
  %v = memref.load %b[%c0] : memref<16xf32>
  return %v : f32
}

func.func @one_buffer_in_each(%n: index, %x: memref<16xf32>) {
  affine.if #large(%n) {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %x, %t : memref<16xf32> to memref<16xf32>
    memref.copy %t, %x : memref<16xf32> to memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  } else {
    %e = memref.alloc() : memref<32xf32>
    %e16 = memref.subview %e[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
    memref.copy %x, %e16 : memref<16xf32> to memref<16xf32, strided<[1]>>
    memref.dealloc %e : memref<32xf32>
  }
  return
}

// Only the use after the op is warned about.
// CHECK-NOT: warning
// CHECK: affine-if-branches.mlir:35:3: warning: %b is used after it is deallocated
// CHECK-NOT: warning
// CHECK: exit status: 0

// REPORT-LABEL: func @free_in_one_use_in_the_other:
// REPORT: %a {{.*}} multiple-deallocs
// REPORT-LABEL: func @free_in_one_use_after:
// REPORT: %b {{.*}} dealloc-in-other-block

// JSON: "name":"free_in_one_use_in_the_other"
// JSON: "value":"%a"{{.*}}"all_reasons":["multiple-deallocs","dealloc-in-other-block"],{{.*}}"branches":[]}
// JSON: "name":"free_in_one_use_after"
// JSON: "value":"%b"{{.*}}"all_reasons":["dealloc-in-other-block","use-after-dealloc"],
// JSON: "name":"one_buffer_in_each"
// JSON: "value":"%t"{{.*}}"branches":[{"op":"affine.if","line":40,"column":3,"region":0}]}
// JSON: "value":"%e"{{.*}}"branches":[{"op":"affine.if","line":40,"column":3,"region":1}]}
