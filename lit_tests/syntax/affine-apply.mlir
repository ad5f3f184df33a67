// affine.apply, affine.min and affine.max in custom form: a map alias or an inline map, dim
// operands in (), symbol operands in [], none of either, an attribute dictionary.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// The custom form read gives the generic form mlir-opt gives (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ bufreuse %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// and so does the generic form read:
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0 * 2 - 1)>
#map = affine_map<(d0)[s0] -> (d0 + s0 * 2 - 1)>
#lb = affine_map<(d0, d1) -> (d0, d1 floordiv 4)>

// CHECK-LABEL: func.func @maps(%i: index, %j: index, %n: index) -> index {
// CHECK-NEXT: %a = affine.apply #map(%i)[%n]
// CHECK-NEXT: %b = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
// CHECK-NEXT: %c = affine.apply affine_map<()[s0] -> (s0 mod 8)>()[%n]
// CHECK-NEXT: %d = affine.apply affine_map<() -> (4)>()
// CHECK-NEXT: %e = affine.min affine_map<(d0)[s0] -> (d0, s0 - 1, 16)>(%a)[%n]
// CHECK-NEXT: %f = affine.max #lb(%i, %j) {tag = 1}
// CHECK-NEXT: %g = affine.min affine_map<(d0, d1) -> (-d0 + d1, d0 - d1 * 3)>(%e, %f)
// CHECK-NEXT: return %g : index
func.func @maps(%i: index, %j: index, %n: index) -> index {
  %a = affine.apply #map(%i)[%n]
  %b = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
  %c = affine.apply affine_map<()[s0] -> (s0 mod 8)>()[%n]
  %d = affine.apply affine_map<() -> (4)>()
  %e = affine.min affine_map<(d0)[s0] -> (d0, s0 - 1, 16)>(%a)[%n]
  %f = affine.max #lb(%i, %j) {tag = 1}
  %g = affine.min affine_map<(d0, d1) -> (-d0 + d1, d0 - d1 * 3)>(%e, %f)
  return %g : index
}
