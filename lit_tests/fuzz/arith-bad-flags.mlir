// Found by fuzz/ (rewrite). The flags of `#arith.fastmath<...>` and `#arith.overflow<...>` read
// in generic form are checked (src/ir/verify.rs): the custom form prints them bare, so
// `#arith.fastmath<no?ne>` used to print as `fastmath<no?ne>`, which does not parse again.
// The error is mlir-opt's (expected ::mlir::arith::FastMathFlags to be one of: ...), at the op:
// mlir-opt points inside the attribute, which bufreuse keeps no location for.
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
