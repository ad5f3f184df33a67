// A `func.call` must name a function of the nearest symbol table and agree with its
// signature: operand count and types, result count and types. The errors are mlir-opt's,
// at the op's name.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f() {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:3: error: 'func.call' op 'missing' does not reference a valid function
  call @missing() : () -> ()
  return
}

// -----

// A global is no function.
memref.global @g : memref<4xf32>
func.func @f() {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:3: error: 'func.call' op 'g' does not reference a valid function
  call @g() : () -> ()
  return
}

// -----

func.func private @h(i32) -> i32
func.func @f(%a: i32) {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:8: error: 'func.call' op incorrect number of operands for callee
  %0 = call @h(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @h(i32) -> i32
func.func @f(%a: f32) {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:8: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0
  %0 = call @h(%a) : (f32) -> i32
  return
}

// -----

func.func private @h(i32) -> i32
func.func @f(%a: i32) {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:12: error: 'func.call' op incorrect number of results for callee
  %0, %1 = call @h(%a) : (i32) -> (i32, i32)
  return
}

// -----

func.func private @h(i32) -> i32
func.func @f(%a: i32) {
  // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:8: error: 'func.call' op result type mismatch at index 0
  %0 = call @h(%a) : (i32) -> f32
  return
}

// -----

// Calls resolve in the nearest symbol table: @k of the outer module is not visible in @m.
func.func private @k()
module @m {
  func.func @f() {
    // CHECK: {{.*}}call-mismatch.mlir:[[# @LINE + 1]]:5: error: 'func.call' op 'k' does not reference a valid function
    call @k() : () -> ()
    return
  }
}
