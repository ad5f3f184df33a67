// Unbalanced braces: a `}` that closes nothing, a function that is never closed, and a `)`
// where a `}` belongs. Each chunk fails on its own; all errors are reported.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}unbalanced-braces.mlir:[[# @LINE + 6]]:1: error: unexpected '}'
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}}^{{$}}
func.func @extra_close() {
  return
}
}

// -----

// The body of @missing_close runs on into @next, where a function may not start.
// CHECK: {{.*}}unbalanced-braces.mlir:[[# @LINE + 5]]:1: error: unexpected op 'func.func'
// CHECK-NEXT: {{^func.func @next\(\) {$}}
func.func @missing_close() {
  return

func.func @next() {
  return
}

// -----

// CHECK: {{.*}}unbalanced-braces.mlir:[[# @LINE + 3]]:3: error: unexpected ')'
func.func @paren() {
  scf.execute_region {
  )
  return
}

// -----

// The last `}` is missing: the input ends inside the module.
// CHECK: {{.*}}unbalanced-braces.mlir:[[# @LINE + 2]]:25: error: unexpected end of input
module {
  func.func private @f()
