// Found by fuzz/ (roundtrip and rewrite, at c8b4a2d). A `cf.cond_br` read in generic form with
// an `i2` condition was accepted and printed in its custom form, which gives the condition no
// type, so the output read it as `i1` and did not parse again; an `scf.reduce` at the end of an
// `scf.for` body was printed where the `scf.for` reads back its implicit `scf.yield` after it.
// Both are errors now, with mlir-opt's messages (the condition of cf.cond_br, scf.if and
// cf.assert must be i1; scf.reduce belongs in scf.parallel, scf.condition in scf.while).
// RUN: not bufreuse %s 2>&1 | FileCheck %s

func.func @f(%c: i2, %i: index) {
  scf.for %a = %i to %i step %i {
    // CHECK: condition-type-and-parent.mlir:[[# @LINE + 1]]:5: error: 'scf.reduce' op expects parent op 'scf.parallel'
    "scf.reduce"() : () -> ()
  }
  // CHECK: condition-type-and-parent.mlir:[[# @LINE + 1]]:3: error: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i2'
  "cf.cond_br"(%c) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i2) -> ()
^bb1:
  return
}
