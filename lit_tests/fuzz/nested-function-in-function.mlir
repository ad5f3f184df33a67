// Found by fuzz/ (rewrite). BUG (src/ir): a `func.func` directly inside a function's body is
// accepted; mlir-opt rejects it: 'func.func' op symbol's parent must have the SymbolTable
// trait. (--rewrite no longer fails on it since the analysis leaves the allocations of nested
// isolated ops alone, see nested-module-in-function.mlir.)
// XFAIL: *
// RUN: not bufreuse %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

func.func @h() {
  // CHECK: {{.*}}nested-function-in-function.mlir:[[# @LINE + 1]]:3: error: {{.*}}func.func
  func.func @f() {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    return
  }
  return
}
