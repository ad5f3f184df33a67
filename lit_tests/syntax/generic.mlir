// Generic form: a known op written in generic form is printed in its custom form (also
// func.func, the module and branches); an unknown op is printed in generic form with its
// operands, successors, properties `<{...}>`, regions (empty ones too) and attributes.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect | diff %t.ref - %}

// CHECK: module attributes {test.attr = "module"} {
"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<4xf32>) -> i32, sym_name = "known"}> ({
  ^bb0(%arg0: i32, %arg1: memref<4xf32>):
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "arith.muli"(%arg0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "memref.load"(%arg1, %c0) : (memref<4xf32>, index) -> f32
    %4 = "arith.addf"(%3, %3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    "memref.store"(%4, %arg1, %c0) <{nontemporal = false}> : (f32, memref<4xf32>, index) -> ()
    %5 = "arith.cmpi"(%1, %2) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %alloc = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> {alignment = 64 : i64} : () -> memref<8xf32>
    "memref.dealloc"(%alloc) : (memref<8xf32>) -> ()
    "cf.cond_br"(%5, %1, %2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%6: i32):
    "func.return"(%6) : (i32) -> ()
  ^bb2(%7: i32):
    "cf.br"(%7)[^bb1] : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1) -> (), sym_name = "unknown_ops", sym_visibility = "private", arg_attrs = [{foo.arg}]}> ({
  ^bb0(%c: i1):
    "foo.no_results"() : () -> ()
    %a = "foo.props"() <{prop = 1 : i32, other = [1, 2]}> {attr = "x", unit_attr} : () -> i32
    %b:2 = "foo.two_results"(%a, %a) : (i32, i32) -> (i32, f32)
    "foo.regions"(%b#0) ({
      "foo.inner"() : () -> ()
    }, {
    ^bb0(%x: i32):
      "foo.terminator"(%x) : (i32) -> ()
    }) {attr = 2 : i64} : (i32) -> ()
    "foo.empty_region"() ({
    }) : () -> ()
    "foo.br"(%c, %a)[^bb1, ^bb2] : (i1, i32) -> ()
  ^bb1:
    "foo.successor_args"(%a)[^bb2] <{p = unit}> : (i32) -> ()
  ^bb2(%y: i32):
    "func.return"() : () -> ()
  }) : () -> ()
}) {test.attr = "module"} : () -> ()

// CHECK-LABEL: func.func @known(%arg0: i32, %arg1: memref<4xf32>) -> i32 {
// CHECK-NEXT: %0 = arith.constant 1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %0 : i32
// CHECK-NEXT: %2 = arith.muli %arg0, %0 overflow<nsw> : i32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %3 = memref.load %arg1[%c0] : memref<4xf32>
// CHECK-NEXT: %4 = arith.addf %3, %3 fastmath<fast> : f32
// CHECK-NEXT: memref.store %4, %arg1[%c0] {nontemporal = false} : memref<4xf32>
// CHECK-NEXT: %5 = arith.cmpi slt, %1, %2 : i32
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.dealloc %alloc : memref<8xf32>
// CHECK-NEXT: cf.cond_br %5, ^bb1(%1 : i32), ^bb2(%2 : i32)
// CHECK-NEXT: ^bb1(%6: i32):
// CHECK-NEXT: return %6 : i32
// CHECK-NEXT: ^bb2(%7: i32):
// CHECK-NEXT: cf.br ^bb1(%7 : i32)
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @unknown_ops(%c: i1 {foo.arg}) {
// CHECK-NEXT: "foo.no_results"() : () -> ()
// CHECK-NEXT: %a = "foo.props"() <{prop = 1 : i32, other = [1, 2]}> {attr = "x", unit_attr} : () -> i32
// CHECK-NEXT: %b:2 = "foo.two_results"(%a, %a) : (i32, i32) -> (i32, f32)
// CHECK-NEXT: "foo.regions"(%b#0) ({
// CHECK-NEXT: "foo.inner"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%x: i32):
// CHECK-NEXT: "foo.terminator"(%x) : (i32) -> ()
// CHECK-NEXT: }) {attr = 2 : i64} : (i32) -> ()
// CHECK-NEXT: "foo.empty_region"() ({
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "foo.br"(%c, %a)[^bb1, ^bb2] : (i1, i32) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "foo.successor_args"(%a)[^bb2] <{p}> : (i32) -> ()
// CHECK-NEXT: ^bb2(%y: i32):
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
