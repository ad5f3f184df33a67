// bufferization.dealloc in custom form, as mlir-opt prints it: memrefs with their
// conditions, retained memrefs (one i1 result each), both, neither, dynamic shapes; and the
// generic form, which reads as the same op and prints in custom form.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input, in custom and in generic form (skipped
// without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}

// CHECK-LABEL: func.func @custom(
// CHECK-NEXT: %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c1, %c2) retain (%x, %y : memref<2xf32>, memref<?xf32>)
// CHECK-NEXT: bufferization.dealloc (%a : memref<2xf32>) if (%c1)
// CHECK-NEXT: %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c1) retain (%x : memref<2xf32>)
// CHECK-NEXT: %1:2 = bufferization.dealloc retain (%x, %y : memref<2xf32>, memref<?xf32>)
// CHECK-NEXT: bufferization.dealloc{{$}}
// CHECK-NEXT: bufferization.dealloc (%d, %u : memref<?x?xf32>, memref<*xf32>) if (%c2, %c1) {tag = 1}
// CHECK-NEXT: return %r#0, %r#1, %0, %1#1 : i1, i1, i1, i1
func.func @custom(%a: memref<2xf32>, %b: memref<4xi32>, %c1: i1, %c2: i1, %x: memref<2xf32>,
                  %y: memref<?xf32>, %d: memref<?x?xf32>, %u: memref<*xf32>) -> (i1, i1, i1, i1) {
  %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c1, %c2) retain (%x, %y : memref<2xf32>, memref<?xf32>)
  bufferization.dealloc (%a : memref<2xf32>) if (%c1)
  %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c1) retain (%x : memref<2xf32>)
  %1:2 = bufferization.dealloc retain (%x, %y : memref<2xf32>, memref<?xf32>)
  bufferization.dealloc
  bufferization.dealloc (%d, %u : memref<?x?xf32>, memref<*xf32>) if (%c2, %c1) {tag = 1}
  return %r#0, %r#1, %0, %1#1 : i1, i1, i1, i1
}

// The generic form gives the same ops.
// CHECK-LABEL: func.func @generic(
// CHECK-NEXT: %r:2 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi32>) if (%c1, %c2) retain (%x, %y : memref<2xf32>, memref<?xf32>)
// CHECK-NEXT: bufferization.dealloc (%a : memref<2xf32>) if (%c1)
// CHECK-NEXT: %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c1) retain (%x : memref<2xf32>)
// CHECK-NEXT: %1:2 = bufferization.dealloc retain (%x, %y : memref<2xf32>, memref<?xf32>)
// CHECK-NEXT: bufferization.dealloc{{$}}
// CHECK-NEXT: bufferization.dealloc{{$}}
// CHECK-NEXT: bufferization.dealloc (%d : memref<?x?xf32>) if (%c2) {tag = 1}
// CHECK-NEXT: return %r#0, %r#1, %0, %1#1 : i1, i1, i1, i1
func.func @generic(%a: memref<2xf32>, %b: memref<4xi32>, %c1: i1, %c2: i1, %x: memref<2xf32>,
                   %y: memref<?xf32>, %d: memref<?x?xf32>) -> (i1, i1, i1, i1) {
  %r:2 = "bufferization.dealloc"(%a, %b, %c1, %c2, %x, %y) <{operandSegmentSizes = array<i32: 2, 2, 2>}> : (memref<2xf32>, memref<4xi32>, i1, i1, memref<2xf32>, memref<?xf32>) -> (i1, i1)
  "bufferization.dealloc"(%a, %c1) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, i1) -> ()
  %0 = "bufferization.dealloc"(%a, %c1, %x) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> i1
  %1:2 = "bufferization.dealloc"(%x, %y) <{operandSegmentSizes = array<i32: 0, 0, 2>}> : (memref<2xf32>, memref<?xf32>) -> (i1, i1)
  "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
  "bufferization.dealloc"() : () -> ()
  "bufferization.dealloc"(%d, %c2) {operandSegmentSizes = array<i32: 1, 1, 0>, tag = 1} : (memref<?x?xf32>, i1) -> ()
  return %r#0, %r#1, %0, %1#1 : i1, i1, i1, i1
}
