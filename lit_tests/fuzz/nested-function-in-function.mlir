// Found by fuzz/ (rewrite). A `func.func` directly inside a function's body is an error, as in
// mlir-opt ('func.func' op symbol's parent must have the SymbolTable trait); it used to be
// accepted. (A function in a `builtin.module` in a function is valid:
// nested-module-in-function.mlir.)
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

func.func @h() {
  // CHECK: {{.*}}nested-function-in-function.mlir:[[# @LINE + 1]]:3: error: 'func.func' op symbol's parent must have the SymbolTable trait
  func.func @f() {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    return
  }
  return
}

// -----

// A global too, and in any op bufreuse knows.
func.func @k() {
  scf.execute_region {
    // CHECK: {{.*}}nested-function-in-function.mlir:[[# @LINE + 1]]:5: error: 'memref.global' op symbol's parent must have the SymbolTable trait
    memref.global @g : memref<4xf32>
    scf.yield
  }
  return
}

// -----

// In an op bufreuse does not know, which might be a symbol table, a function is accepted, as
// mlir-opt accepts it in an unregistered op.
// CHECK-NOT: error:
"foo.op"() ({
  func.func @g() {
    return
  }
}) : () -> ()
