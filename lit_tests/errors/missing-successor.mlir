// A branch to a block that its region does not define is an error at the reference, naming
// the block; a block of another region (here: of the enclosing one) does not count.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @missing() {
  // CHECK: {{.*}}missing-successor.mlir:[[# @LINE + 3]]:9: error: reference to an undefined block '^missing'
  // CHECK-NEXT: {{^  cf.br \^missing$}}
  // CHECK-NEXT: {{^        \^\^\^\^\^\^\^\^$}}
  cf.br ^missing
}

// -----

func.func @cond_br(%c: i1) {
  // CHECK: {{.*}}missing-successor.mlir:[[# @LINE + 1]]:24: error: reference to an undefined block '^nope'
  cf.cond_br %c, ^bb1, ^nope
^bb1:
  return
}

// -----

func.func @outer_block() {
  cf.br ^bb1
^bb1:
  scf.execute_region {
    // CHECK: {{.*}}missing-successor.mlir:[[# @LINE + 1]]:11: error: reference to an undefined block '^bb1'
    cf.br ^bb1
  }
  return
}

// -----

// In the generic form.
func.func @generic() {
  // CHECK: {{.*}}missing-successor.mlir:[[# @LINE + 1]]:15: error: reference to an undefined block '^gone'
  "foo.br"() [^gone] : () -> ()
}
