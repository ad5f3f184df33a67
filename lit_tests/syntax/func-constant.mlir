// func.constant and func.call_indirect in custom form: `constant` and `call_indirect`
// directly in a function body (func is the default dialect there), the full names elsewhere;
// attributes; read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

func.func private @inc(i32) -> i32
func.func private @sink(memref<4xf32>)

// CHECK-LABEL: func.func @indirect(%v: i32, %m: memref<4xf32>, %c: i1) -> i32
// CHECK-NEXT: %f = constant @inc : (i32) -> i32
// CHECK-NEXT: %g = constant {tag} @sink : (memref<4xf32>) -> ()
// CHECK-NEXT: %r = call_indirect %f(%v) : (i32) -> i32
// CHECK-NEXT: call_indirect %g(%m) {tag = 2} : (memref<4xf32>) -> ()
// CHECK-NEXT: %s = scf.if %c -> (i32) {
// CHECK-NEXT: %h = func.constant @inc : (i32) -> i32
// CHECK-NEXT: %t = func.call_indirect %h(%r) : (i32) -> i32
// CHECK-NEXT: scf.yield %t : i32
// FROM-GENERIC: %{{[a-z0-9]+}} = constant @inc : (i32) -> i32
// FROM-GENERIC-NEXT: %{{[a-z0-9]+}} = constant {tag} @sink : (memref<4xf32>) -> ()
// FROM-GENERIC-NEXT: %{{[a-z0-9]+}} = call_indirect %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : (i32) -> i32
// FROM-GENERIC-NEXT: call_indirect %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) {tag = 2 : i64} : (memref<4xf32>) -> ()
// FROM-GENERIC: func.constant @inc : (i32) -> i32
// FROM-GENERIC-NEXT: func.call_indirect %{{.*}}(%{{[a-z0-9]+}}) : (i32) -> i32
func.func @indirect(%v: i32, %m: memref<4xf32>, %c: i1) -> i32 {
  %f = constant @inc : (i32) -> i32
  %g = func.constant {tag} @sink : (memref<4xf32>) -> ()
  %r = func.call_indirect %f(%v) : (i32) -> i32
  call_indirect %g(%m) {tag = 2} : (memref<4xf32>) -> ()
  %s = scf.if %c -> (i32) {
    %h = func.constant @inc : (i32) -> i32
    %t = func.call_indirect %h(%r) : (i32) -> i32
    scf.yield %t : i32
  } else {
    scf.yield %r : i32
  }
  return %s : i32
}
