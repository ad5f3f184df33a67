// Empty blocks and regions that mlir-opt refuses are errors: a block may be empty only as
// the one block of a region of `builtin.module` or of an op bufreuse does not know (which
// may need no terminator), a function body `{}` has no block (it is no declaration), and a
// module's body is one block without arguments. Each message is mlir-opt's, checked against
// mlir-opt's own diagnostics with --verify-diagnostics (skipped without mlir-opt).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s %}

// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:16: error: custom op 'func.func' expected non-empty function body
// expected-error @below {{custom op 'func.func' expected non-empty function body}}
func.func @f() { }

// -----

// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:1: error: empty block: expect at least a terminator
// expected-error @below {{empty block: expect at least a terminator}}
func.func @g() {
^bb0:
}

// -----

// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:1: error: empty block: expect at least a terminator
// expected-error @below {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "h"}> ({
^bb0:
}) : () -> ()

// -----

// An op that bufreuse knows and that needs a terminator.
func.func @k() {
  // CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:3: error: empty block: expect at least a terminator
  // expected-error @below {{empty block: expect at least a terminator}}
  "scf.execute_region"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

// In a region of several blocks, even of an unknown op.
// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:1: error: empty block: expect at least a terminator
// expected-error @below {{empty block: expect at least a terminator}}
"test.op"() ({
  "test.a"() : () -> ()
^bb1:
}) : () -> ()

// -----

// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks
// expected-error @below {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()

// -----

// CHECK: {{.*}}empty-blocks.mlir:[[# @LINE + 2]]:1: error: 'builtin.module' op region should have no arguments
// expected-error @below {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()
