// affine.parallel and affine.delinearize_index in custom form. The bounds of all induction
// variables are one map per side over the SSA values (dims, then symbols, by first use), with
// the number of results of each bound (`max(...)` / `min(...)`); steps of 1 are left out.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s > %t.gen %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --mlir-print-op-generic | diff %t.gen - %}
// RUN: %if mlir-opt %{ %mlir_opt --mlir-print-op-generic %s | bufreuse | FileCheck %s --check-prefix=FROM-GENERIC %}

// CHECK-LABEL: func.func @parallel(
// FROM-GENERIC-LABEL: func.func @parallel(
func.func @parallel(%A: memref<100x100xf32>, %N: index) {
  // CHECK-NEXT: affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {
  // FROM-GENERIC-NEXT: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%{{.*}}), 100) step (10, 10) {
  affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {
    // CHECK-NEXT: %0:2 = affine.parallel (%i1, %j1) = (%i0, %j0) to (%i0 + 10, %j0 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
    // FROM-GENERIC-NEXT: affine.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}} + 10, %{{.*}} + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
    %0:2 = affine.parallel (%i1, %j1) = (%i0, %j0) to (%i0 + 10, %j0 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
      %2 = affine.load %A[%i0 + %i0, %j0 + %j1] : memref<100x100xf32>
      // CHECK: affine.yield %2, %2 : f32, f32
      affine.yield %2, %2 : f32, f32
    }
  }
  return
}

// CHECK-LABEL: func.func @min_max(
// FROM-GENERIC-LABEL: func.func @min_max(
func.func @min_max(%a: index, %b: index, %c: index, %d: index) {
  // CHECK-NEXT: affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c)) to (%c, min(%c, %d), %b) {
  // FROM-GENERIC-NEXT: affine.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (max(%{{.*}}, %{{.*}}), %{{.*}}, max(%{{.*}}, %{{.*}})) to (%{{.*}}, min(%{{.*}}, %{{.*}}), %{{.*}}) {
  affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c))
                              to (%c, min(%c, %d), %b) {
    affine.yield
  }
  // CHECK: affine.parallel () = () to () {
  affine.parallel () = () to () {
  }
  return
}

// CHECK-LABEL: func.func @delinearize(
func.func @delinearize(%x: index, %b0: index) -> (index, index, index) {
  // CHECK-NEXT: %0:2 = affine.delinearize_index %x into (%b0, 4) : index, index
  // FROM-GENERIC: affine.delinearize_index %{{.*}} into (%{{.*}}, 4) : index, index
  %0:2 = affine.delinearize_index %x into (%b0, 4) : index, index
  // CHECK-NEXT: %1 = affine.delinearize_index %x into (8) : index
  %1 = affine.delinearize_index %x into (8) : index
  return %0#0, %0#1, %1 : index, index, index
}
