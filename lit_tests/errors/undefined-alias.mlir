// A use of a type alias that is defined nowhere is an error. (It points at the whole op that
// uses it; mlir-opt points at the alias: "undefined symbol alias id 'nope'".)
// An undefined ATTRIBUTE alias is not detected: bug-undefined-attribute-alias.mlir.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}undefined-alias.mlir:[[# @LINE + 2]]:1: error: undefined type alias '!nope'
// CHECK-NEXT: {{^func.func private @f\(!nope\)$}}
func.func private @f(!nope)

// -----

!defined = memref<4xf32>
func.func @g() {
  // CHECK: {{.*}}undefined-alias.mlir:[[# @LINE + 1]]:3: error: undefined type alias '!misspelled'
  %0 = memref.alloc() : !misspelled
  return
}
