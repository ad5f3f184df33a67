// Found by fuzz/ (roundtrip, at 17120fc). Results the input leaves unbound (an op without
// `%x =`) are printed with a name, and that name used to be `%` followed by the value's index,
// which could be a name the input itself uses: `%1 = ...` printed twice, and the output did
// not parse again ("redefinition of SSA value '%1'"). Now they get `%0`, `%1`, ... skipping
// every name of the input (src/ir/build.rs `name_unnamed_results`).
// RUN: bufreuse --split-input-file %s > %t.out
// RUN: FileCheck %s --input-file=%t.out
// RUN: bufreuse --split-input-file %t.out | diff %t.out -

// At the top level (the fuzz input: a graph region, so %1 is visible to the first op too).
// CHECK-LABEL: @a
// CHECK-NEXT: %1 = memref.get_global @b
memref.get_global @a : memref<2xf32>
%1 = memref.get_global @b : memref<2xf32>

// -----

// In a function; a result group `%0:2` takes the name `%0`.
// CHECK-LABEL: func.func @f()
// CHECK-NEXT: %1 = arith.constant 0 : i32
// CHECK-NEXT: %0:2 = "foo.two"() : () -> (i32, i32)
// CHECK-NEXT: %2 = arith.constant 1 : i32
// CHECK-NEXT: %3 = arith.constant 2 : i32
func.func @f() {
  %1 = arith.constant 0 : i32
  %0:2 = "foo.two"() : () -> (i32, i32)
  arith.constant 1 : i32
  arith.constant 2 : i32
  return
}
