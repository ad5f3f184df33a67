// Found by fuzz/ (rewrite). BUG (src/ir): the flags of `#arith.fastmath<...>` and
// `#arith.overflow<...>` read in generic form are not checked, and the printer writes them bare
// in the custom form, so `#arith.fastmath<no?ne>` prints as `fastmath<no?ne>`, which does not
// parse again ("unexpected '?'; expected '>' or ','"). mlir-opt: expected
// ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract,
// afn, fast (IntegerOverflowFlags: none, nsw, nuw). Expected: an error at the attribute, or the
// op printed in generic form.
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// CHECK-NOT: internal error

func.func @f(%x: f32) -> f32 {
  // CHECK: {{.*}}arith-bad-flags.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}fastmath
  %0 = "arith.mulf"(%x, %x) <{fastmath = #arith.fastmath<no?ne>}> : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @g(%x: i32) -> i32 {
  // CHECK: {{.*}}arith-bad-flags.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}overflow
  %0 = "arith.addi"(%x, %x) <{overflowFlags = #arith.overflow<n?sw>}> : (i32, i32) -> i32
  return %0 : i32
}
