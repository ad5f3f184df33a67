// `loc(...)` locations are accepted on operations, block arguments, regions and modules,
// and not printed (mlir-opt does not print them either without --mlir-print-debuginfo).
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: bufreuse %s | FileCheck --check-prefix=NOLOC %s
// NOLOC: {{^module {$}}
// NOLOC-NOT: loc(
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect | diff %t.ref - %}

// CHECK: #loc = loc("a.mlir":1:1)
// CHECK-NEXT: #loc1 = loc("b.mlir":2:2)
// CHECK-NEXT: module {
#loc = loc("a.mlir":1:1)
module {
  // CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT: %1 = arith.muli %0, %0 : i32
  // CHECK-NEXT: %2 = arith.subi %1, %0 : i32
  // CHECK-NEXT: %3 = arith.subi %2, %0 : i32
  // CHECK-NEXT: %4 = arith.subi %3, %0 : i32
  // CHECK-NEXT: %5 = arith.subi %4, %0 : i32
  // CHECK-NEXT: %6 = "foo.op"(%5) : (i32) -> i32
  // CHECK-NEXT: return %6 : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  func.func @f(%arg0: i32 loc("arg.py":3:4), %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32 loc("x.py":10:8)
    %1 = arith.muli %0, %0 : i32 loc(#loc)
    %2 = arith.subi %1, %0 : i32 loc(fused["a", "b"])
    %3 = arith.subi %2, %0 : i32 loc(callsite("f" at "g.py":1:2))
    %4 = arith.subi %3, %0 : i32 loc(unknown)
    %5 = arith.subi %4, %0 : i32 loc("name"("inner.py":2:3))
    %6 = "foo.op"(%5) : (i32) -> i32 loc(fused<"tag">["c.py":1:1])
    return %6 : i32 loc(#loc1)
  } loc(#loc)
} loc(unknown)
// A location alias may be defined after its use.
#loc1 = loc("b.mlir":2:2)
