// memref.assume_alignment in custom form (MLIR 22: it has a result, a view of its operand;
// the alignment is an i32 property); read back from mlir-opt's generic form too.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @aligned(%buf: memref<8x?xf32>, %flat: memref<16xi8, strided<[2]>>)
// CHECK-NEXT: %a = memref.assume_alignment %buf, 64 : memref<8x?xf32>
// CHECK-NEXT: %b = memref.assume_alignment %flat, 4 {note} : memref<16xi8, strided<[2]>>
// CHECK-NEXT: %c = memref.assume_alignment %a, 1 : memref<8x?xf32>
// FROM-GENERIC: memref.assume_alignment %{{[a-z0-9]+}}, 64 : memref<8x?xf32>
// FROM-GENERIC: memref.assume_alignment %{{[a-z0-9]+}}, 4 {note} : memref<16xi8, strided<[2]>>
// FROM-GENERIC-NOT: "memref.assume_alignment"
func.func @aligned(%buf: memref<8x?xf32>, %flat: memref<16xi8, strided<[2]>>) {
  %a = memref.assume_alignment %buf, 64 : memref<8x?xf32>
  %b = memref.assume_alignment %flat, 4 {note} : memref<16xi8, strided<[2]>>
  %c = memref.assume_alignment %a, 1 : memref<8x?xf32>
  return
}
