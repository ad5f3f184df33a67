// func.func: public, private and nested symbols, declarations, argument and result
// attributes, `attributes {...}`, quoted names; func.call and func.return (printed as
// `call` and `return`, as mlir-opt does inside a function).
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: module {
module {
  // CHECK-LABEL: func.func private @decl(memref<4xf32>, i32) -> f32
  func.func private @decl(memref<4xf32>, i32) -> f32
  // CHECK-LABEL: func.func private @decl_attrs(memref<4xf32> {llvm.noalias}, i32) -> (f32 {llvm.noundef}) attributes {llvm.emit_c_interface}
  func.func private @decl_attrs(memref<4xf32> {llvm.noalias}, i32) -> (f32 {llvm.noundef}) attributes {llvm.emit_c_interface}
  // CHECK-LABEL: func.func private @no_results(index)
  func.func private @no_results(index)
  // CHECK-LABEL: func.func private @multi() -> (i32, f32)
  func.func private @multi() -> (i32, f32)
  // CHECK-LABEL: func.func @pub(%arg0: memref<?xf32> {llvm.noalias, bufferization.writable = true}, %arg1: index) -> (memref<?xf32> {foo.res = 1 : i32}, index) attributes {foo.unit, foo.num = 3 : i64} {
  // CHECK-NEXT: return %arg0, %arg1 : memref<?xf32>, index
  // CHECK-NEXT: }
  func.func @pub(%arg0: memref<?xf32> {llvm.noalias, bufferization.writable = true}, %arg1: index) -> (memref<?xf32> {foo.res = 1 : i32}, index) attributes {foo.unit, foo.num = 3 : i64} {
    return %arg0, %arg1 : memref<?xf32>, index
  }
  // CHECK-LABEL: func.func public @explicit_public() {
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func public @explicit_public() {
    return
  }
  // CHECK-LABEL: func.func nested @nest() {
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func nested @nest() {
    return
  }
  // CHECK-LABEL: func.func @"quoted name"() -> i1 {
  // CHECK-NEXT: %true = arith.constant true
  // CHECK-NEXT: return %true : i1
  // CHECK-NEXT: }
  func.func @"quoted name"() -> i1 {
    %true = arith.constant true
    func.return %true : i1
  }
  // CHECK-LABEL: func.func @call(%a: memref<4xf32>, %b: i32) -> f32 {
  // CHECK-NEXT: %0 = call @decl(%a, %b) : (memref<4xf32>, i32) -> f32
  // CHECK-NEXT: %1 = call @decl(%a, %b) : (memref<4xf32>, i32) -> f32
  // CHECK-NEXT: %2:2 = call @multi() : () -> (i32, f32)
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  // CHECK-NEXT: call @no_results(%c0) : (index) -> ()
  // CHECK-NEXT: return %1 : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  func.func @call(%a: memref<4xf32>, %b: i32) -> f32 {
    %0 = call @decl(%a, %b) : (memref<4xf32>, i32) -> f32
    %1 = func.call @decl(%a, %b) : (memref<4xf32>, i32) -> f32
    %2:2 = call @multi() : () -> (i32, f32)
    %c0 = arith.constant 0 : index
    call @no_results(%c0) : (index) -> ()
    return %1 : f32
  }
}
