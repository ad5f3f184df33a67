// An unregistered op is not isolated from above, whatever its name: values defined outside
// its regions are visible in them, as mlir-opt (with --allow-unregistered-dialect) reads
// them. Only ops known to be isolated (func.func, builtin.module, llvm.func, gpu.func, ...)
// hide the names above them.
// Regression test: any op whose name ended in `.func` or `.module` was taken as isolated, and
// `%i` below was reported as undefined.
//
// RUN: bufreuse %s | FileCheck %s

// CHECK: %i = "my.index"() : () -> index
// CHECK: "my.func"() ({
// CHECK: "my.load"(%m, %i)
%i = "my.index"() : () -> index
"my.func"() ({
^bb0(%m: memref<8xf32>):
  %v = "my.load"(%m, %i) : (memref<8xf32>, index) -> f32
  "my.end"() : () -> ()
}) : () -> ()
