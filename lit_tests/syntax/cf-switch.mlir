// cf.switch in custom form: a default only, cases with and without operands, flags of
// several integer widths. A case value is read as a 64-bit integer cut to the flag's width and
// printed as its bits read unsigned, as mlir-opt does; a negative case of an i64 flag (which
// mlir-opt would print as a value it cannot read back) keeps the generic form.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @widths(%a: i32, %b: i8, %c: i1, %d: i64, %e: i128, %x: f32, %y: f32)
// CHECK-NEXT: cf.switch %a : i32, [
// CHECK-NEXT: default: ^bb1(%x : f32),
// CHECK-NEXT: 42: ^bb2,
// CHECK-NEXT: 4294967289: ^bb1(%y : f32),
// CHECK-NEXT: 0: ^bb3(%x, %y : f32, f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%p: f32):
// CHECK-NEXT: cf.switch %b : i8, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 200: ^bb2,
// CHECK-NEXT: 127: ^bb3(%p, %p : f32, f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.switch %c : i1, [
// CHECK-NEXT: default: ^bb4,
// CHECK-NEXT: 1: ^bb5
// CHECK-NEXT: ] {hot}
// CHECK-NEXT: ^bb3(%q: f32, %r: f32):
// CHECK-NEXT: cf.switch %d : i64, [
// CHECK-NEXT: default: ^bb4]
// CHECK-NEXT: ^bb4:
// CHECK-NEXT: "cf.switch"(%d)[^bb5, ^bb5, ^bb4] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[-1, 9]> : vector<2xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
// CHECK-NEXT: ^bb5:
// CHECK-NEXT: cf.switch %e : i128, [
// CHECK-NEXT: default: ^bb6,
// CHECK-NEXT: 7: ^bb6
// CHECK-NEXT: ]
// FROM-GENERIC: cf.switch %{{[a-z0-9]+}} : i32, [
// FROM-GENERIC-NEXT: default: ^bb1(%{{[a-z0-9]+}} : f32),
// FROM-GENERIC-NEXT: 42: ^bb2,
// FROM-GENERIC-NEXT: 4294967289: ^bb1(%{{[a-z0-9]+}} : f32),
// FROM-GENERIC-NEXT: 0: ^bb3(%{{[a-z0-9]+}}, %{{[a-z0-9]+}} : f32, f32)
// FROM-GENERIC-NEXT: ]
// FROM-GENERIC: 200: ^bb2,
// FROM-GENERIC: 1: ^bb5
// FROM-GENERIC-NEXT: ] {hot}
// FROM-GENERIC: default: ^bb4]
// FROM-GENERIC: "cf.switch"(%{{[a-z0-9]+}})[^bb5, ^bb5, ^bb4]
// FROM-GENERIC: cf.switch %{{[a-z0-9]+}} : i128, [
func.func @widths(%a: i32, %b: i8, %c: i1, %d: i64, %e: i128, %x: f32, %y: f32) {
  cf.switch %a : i32, [
    default: ^bb1(%x : f32),
    42: ^bb2,
    -7: ^bb1(%y : f32),
    0: ^bb3(%x, %y : f32, f32)
  ]
^bb1(%p: f32):
  cf.switch %b : i8, [default: ^bb2, -56: ^bb2, 127: ^bb3(%p, %p : f32, f32)]
^bb2:
  cf.switch %c : i1, [ default: ^bb4, 1: ^bb5 ] {hot}
^bb3(%q: f32, %r: f32):
  cf.switch %d : i64, [ default: ^bb4 ]
^bb4:
  cf.switch %d : i64, [ default: ^bb5, -1: ^bb5, 9: ^bb4 ]
^bb5:
  cf.switch %e : i128, [ default: ^bb6, 7: ^bb6 ]
^bb6:
  return
}
