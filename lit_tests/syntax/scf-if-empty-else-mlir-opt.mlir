// The module bufreuse prints for an scf.if with an empty written `else { }` is the module
// mlir-opt reads from the input: the else region holds one block with the scf.yield.
//
// REQUIRES: mlir-opt
// RUN: bufreuse %s | %mlir_opt --mlir-print-op-generic | FileCheck %s
// RUN: %mlir_opt --mlir-print-op-generic %s | FileCheck %s

// CHECK: "scf.if"
// CHECK: "memref.store"
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: })
func.func @written_else(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  } else {
  }
  return
}
