// Found by fuzz/ (rewrite). A function inside a `builtin.module` inside a function (valid
// MLIR: mlir-opt reads it) is isolated from above: its allocations belong to it, not to the
// outer function, whose pool it cannot see. They used to be pooled into the outer function's
// pool, and --rewrite failed with "internal error: the rewritten IR does not parse again"
// ("use of undefined value '%pool'"). Fixed in src/analysis/lifetime.rs: they are left alone,
// and the outer function's own allocations are still pooled; tests/regressions.rs guards that.
//
// Found by tests/mlir_equiv.rs on this file: a nested `builtin.module` was printed `module {`,
// which only the top level (and a module's body) reads as `builtin.module`; inside a function
// mlir-opt reads it as `func.module`. It is printed `builtin.module {` there now, as mlir-opt
// prints it.
// RUN: bufreuse --pool-all --rewrite %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze %s | FileCheck --check-prefix=REPORT %s
// RUN: %if mlir-opt %{ bufreuse --pool-all --rewrite %s | %mlir_opt > /dev/null %}

// CHECK-LABEL: func.func @h() {
// CHECK: %pool = memref.alloc()
// CHECK: %x = memref.view %pool
// CHECK: {{^  builtin\.module {$}}
// CHECK-NEXT: func.func @f() {
// CHECK-NEXT: %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.dealloc %a : memref<4xf32>
// CHECK-NEXT: %b = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.dealloc %b : memref<4xf32>
// CHECK-NEXT: return
// CHECK: %y = memref.view %pool
// CHECK: memref.dealloc %pool
// CHECK-NEXT: return

// REPORT: func @h: 2 allocations, 2 pooled
// REPORT-NOT: %a
// REPORT-NOT: %b
// REPORT: total: 2 allocations, 2 pooled
func.func @h() {
  %x = memref.alloc() : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  builtin.module {
    func.func @f() {
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      return
    }
  }
  %y = memref.alloc() : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  return
}
