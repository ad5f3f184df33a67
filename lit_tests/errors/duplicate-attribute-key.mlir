// A key may appear once in an attribute dictionary: an op's attributes, its properties, a
// function's `attributes {...}`, and any dictionary nested in an attribute's value. The
// message is mlir-opt's ("duplicate key 'a' in dictionary attribute"); bufreuse reports it at
// the op (mlir-opt at the key: attributes keep no location of their own). A property and an
// attribute of the same name are no duplicate (mlir-opt accepts them).
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f() {
  // CHECK: {{.*}}duplicate-attribute-key.mlir:[[# @LINE + 1]]:3: error: duplicate key 'a' in dictionary attribute
  "foo.op"() {a = 1, a = 2} : () -> ()
  return
}

// -----

// CHECK: {{.*}}duplicate-attribute-key.mlir:[[# @LINE + 1]]:1: error: duplicate key 'b' in dictionary attribute
func.func @f() attributes {b, a = 1, b = 2} {
  return
}

// -----

func.func @f() {
  // CHECK: {{.*}}duplicate-attribute-key.mlir:[[# @LINE + 1]]:3: error: duplicate key 'a' in dictionary attribute
  "foo.op"() <{a = 1, a = 2}> : () -> ()
  return
}

// -----

func.func @f() {
  // CHECK: {{.*}}duplicate-attribute-key.mlir:[[# @LINE + 1]]:3: error: duplicate key 'x' in dictionary attribute
  "foo.op"() {d = [1, {x = 1, y = 2, x = 3}]} : () -> ()
  return
}

// -----

func.func @f() {
  "foo.op"() <{a = 1}> {a = 2} : () -> ()
  return
}
// CHECK-NOT: error:
