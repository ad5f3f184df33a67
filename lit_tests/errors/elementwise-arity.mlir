// The custom form of an arith or math op takes as many operands as the op has: two for a
// binary op, one for a unary one, three for `math.fma` and `arith.select` (mlir-opt rejects
// the others with "expected ','" or "expected ':'"). Every such op of the file is reported.
// RUN: not bufreuse %s 2>&1 | FileCheck %s

func.func @f(%x: index, %y: f32, %c: i1) -> index {
  // CHECK: {{.*}}elementwise-arity.mlir:[[# @LINE + 1]]:8: error: 'arith.addi' takes 2 operands in its custom form, not 1
  %0 = arith.addi %x : index
  // CHECK: {{.*}}elementwise-arity.mlir:[[# @LINE + 1]]:8: error: 'math.sqrt' takes 1 operand in its custom form, not 2
  %1 = math.sqrt %y, %y : f32
  // CHECK: {{.*}}elementwise-arity.mlir:[[# @LINE + 1]]:8: error: 'math.fma' takes 3 operands in its custom form, not 2
  %2 = math.fma %y, %y : f32
  // CHECK: {{.*}}elementwise-arity.mlir:[[# @LINE + 1]]:8: error: 'arith.negf' takes 1 operand in its custom form, not 2
  %3 = arith.negf %y, %y : f32
  // The right counts are accepted.
  // CHECK-NOT: error
  %4 = arith.addi %x, %x : index
  %5 = math.fma %y, %y, %y : f32
  %6 = arith.select %c, %x, %x : index
  %7 = math.powf %y, %y : f32
  return %0 : index
}
