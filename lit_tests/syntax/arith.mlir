// arith and math ops in custom form: constants (integer, index, bool, float, hex float,
// dense), binary ops with overflow and fastmath flags, cmpi/cmpf predicates, casts, select,
// math unary, binary and ternary ops.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %v: vector<4xf32>, %c: i1) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %cm1 = arith.constant -1 : i64
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant 1.5 : f64
// CHECK-NEXT: %cst_1 = arith.constant -2.5e-3 : f16
// CHECK-NEXT: %cst_2 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_3 = arith.constant dense<1.0> : vector<4xf32>
// CHECK-NEXT: %cst_4 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<"0x0000803F"> : tensor<1xf32>
// CHECK-NEXT: %cst_6 = arith.constant 255 : i8
// CHECK-NEXT: %0 = arith.addi %a, %b : i32
// CHECK-NEXT: %1 = arith.addi %a, %b overflow<nsw> : i32
// CHECK-NEXT: %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
// CHECK-NEXT: %3 = arith.subi %a, %b overflow<nuw> : i32
// CHECK-NEXT: %4 = arith.addf %x, %y : f32
// CHECK-NEXT: %5 = arith.mulf %x, %y fastmath<fast> : f32
// mlir-opt prints the flags without a space after the comma; either spelling reads back.
// CHECK-NEXT: %6 = arith.divf %x, %y fastmath<nnan,{{ ?}}ninf> : f32
// CHECK-NEXT: %7 = arith.subf %x, %y fastmath<contract> : f32
// CHECK-NEXT: %8 = arith.maximumf %x, %y : f32
// CHECK-NEXT: %9 = arith.negf %x : f32
// CHECK-NEXT: %10 = arith.addf %v, %cst_3 : vector<4xf32>
// CHECK-NEXT: %11 = arith.remui %a, %b : i32
// CHECK-NEXT: %12 = arith.divsi %a, %b : i32
// CHECK-NEXT: %13 = arith.andi %c, %true : i1
// CHECK-NEXT: %14 = arith.ori %c, %false : i1
// CHECK-NEXT: %15 = arith.xori %a, %b : i32
// CHECK-NEXT: %16 = arith.shli %a, %b : i32
// CHECK-NEXT: %17 = arith.cmpi slt, %a, %b : i32
// CHECK-NEXT: %18 = arith.cmpi eq, %i, %c0 : index
// CHECK-NEXT: %19 = arith.cmpi uge, %a, %b : i32
// CHECK-NEXT: %20 = arith.cmpf olt, %x, %y : f32
// CHECK-NEXT: %21 = arith.cmpf une, %x, %y fastmath<nnan> : f32
// CHECK-NEXT: %22 = arith.cmpf ord, %x, %y : f32
// CHECK-NEXT: %23 = arith.index_cast %a : i32 to index
// CHECK-NEXT: %24 = arith.index_castui %i : index to i64
// CHECK-NEXT: %25 = arith.sitofp %a : i32 to f32
// CHECK-NEXT: %26 = arith.uitofp %a : i32 to f64
// CHECK-NEXT: %27 = arith.fptosi %x : f32 to i32
// CHECK-NEXT: %28 = arith.extf %x : f32 to f64
// CHECK-NEXT: %29 = arith.truncf %28 : f64 to f16
// CHECK-NEXT: %30 = arith.extsi %a : i32 to i64
// CHECK-NEXT: %31 = arith.extui %c : i1 to i32
// CHECK-NEXT: %32 = arith.trunci %30 : i64 to i8
// CHECK-NEXT: %33 = arith.bitcast %x : f32 to i32
// CHECK-NEXT: %34 = arith.select %c, %a, %b : i32
// CHECK-NEXT: %35 = arith.select %c, %x, %y : f32
// CHECK-NEXT: %36 = arith.maxsi %a, %b : i32
// CHECK-NEXT: %37 = arith.minui %a, %b : i32
// CHECK-NEXT: %38 = arith.extf %x fastmath<contract> : f32 to f64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index, %v: vector<4xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c42_i32 = arith.constant 42 : i32
  %cm1 = arith.constant -1 : i64
  %true = arith.constant true
  %false = arith.constant false
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant 1.5 : f64
  %cst_1 = arith.constant -2.5e-3 : f16
  %cst_2 = arith.constant 0x7F800000 : f32
  %cst_3 = arith.constant dense<1.0> : vector<4xf32>
  %cst_4 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %cst_5 = arith.constant dense<"0x0000803F"> : tensor<1xf32>
  %cst_6 = arith.constant 255 : i8
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %3 = arith.subi %a, %b overflow<nuw> : i32
  %4 = arith.addf %x, %y : f32
  %5 = arith.mulf %x, %y fastmath<fast> : f32
  %6 = arith.divf %x, %y fastmath<nnan,ninf> : f32
  %7 = arith.subf %x, %y fastmath<contract> : f32
  %8 = arith.maximumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.addf %v, %cst_3 : vector<4xf32>
  %11 = arith.remui %a, %b : i32
  %12 = arith.divsi %a, %b : i32
  %13 = arith.andi %c, %true : i1
  %14 = arith.ori %c, %false : i1
  %15 = arith.xori %a, %b : i32
  %16 = arith.shli %a, %b : i32
  %17 = arith.cmpi slt, %a, %b : i32
  %18 = arith.cmpi eq, %i, %c0 : index
  %19 = arith.cmpi uge, %a, %b : i32
  %20 = arith.cmpf olt, %x, %y : f32
  %21 = arith.cmpf une, %x, %y fastmath<nnan> : f32
  %22 = arith.cmpf ord, %x, %y : f32
  %23 = arith.index_cast %a : i32 to index
  %24 = arith.index_castui %i : index to i64
  %25 = arith.sitofp %a : i32 to f32
  %26 = arith.uitofp %a : i32 to f64
  %27 = arith.fptosi %x : f32 to i32
  %28 = arith.extf %x : f32 to f64
  %29 = arith.truncf %28 : f64 to f16
  %30 = arith.extsi %a : i32 to i64
  %31 = arith.extui %c : i1 to i32
  %32 = arith.trunci %30 : i64 to i8
  %33 = arith.bitcast %x : f32 to i32
  %34 = arith.select %c, %a, %b : i32
  %35 = arith.select %c, %x, %y : f32
  %36 = arith.maxsi %a, %b : i32
  %37 = arith.minui %a, %b : i32
  %38 = arith.extf %x fastmath<contract> : f32 to f64
  return
}

// CHECK-LABEL: func.func @math(%x: f32, %y: f32, %z: f32, %v: vector<4xf64>, %n: i32) {
// CHECK-NEXT: %0 = math.exp %x : f32
// CHECK-NEXT: %1 = math.sqrt %x fastmath<fast> : f32
// CHECK-NEXT: %2 = math.log %x : f32
// CHECK-NEXT: %3 = math.tanh %v : vector<4xf64>
// CHECK-NEXT: %4 = math.absf %x : f32
// CHECK-NEXT: %5 = math.powf %x, %y : f32
// CHECK-NEXT: %6 = math.atan2 %x, %y fastmath<afn> : f32
// CHECK-NEXT: %7 = math.fma %x, %y, %z : f32
// CHECK-NEXT: %8 = math.absi %n : i32
// CHECK-NEXT: %9 = math.ctpop %n : i32
// CHECK-NEXT: %10 = math.ipowi %n, %n : i32
// CHECK-NEXT: %11 = math.copysign %x, %y : f32
// CHECK-NEXT: %12 = math.rsqrt %x : f32
// CHECK-NEXT: %13 = math.floor %x : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @math(%x: f32, %y: f32, %z: f32, %v: vector<4xf64>, %n: i32) {
  %0 = math.exp %x : f32
  %1 = math.sqrt %x fastmath<fast> : f32
  %2 = math.log %x : f32
  %3 = math.tanh %v : vector<4xf64>
  %4 = math.absf %x : f32
  %5 = math.powf %x, %y : f32
  %6 = math.atan2 %x, %y fastmath<afn> : f32
  %7 = math.fma %x, %y, %z : f32
  %8 = math.absi %n : i32
  %9 = math.ctpop %n : i32
  %10 = math.ipowi %n, %n : i32
  %11 = math.copysign %x, %y : f32
  %12 = math.rsqrt %x : f32
  %13 = math.floor %x : f32
  return
}
