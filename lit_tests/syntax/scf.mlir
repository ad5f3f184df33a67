// scf ops in custom form: for (with and without iter_args, unsigned, integer bounds), if
// (with and without else and results), while/condition, parallel/reduce, forall (counts and
// bounds, mapping), execute_region and index_switch. Yields without values are elided where
// mlir-opt elides them.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func @loops(%lb: index, %ub: index, %st: index, %m: memref<?xf32>, %init: f32, %c: i1, %n: i32) -> f32 {
// CHECK-NEXT: scf.for %i = %lb to %ub step %st {
// CHECK-NEXT: %v = memref.load %m[%i] : memref<?xf32>
// CHECK-NEXT: memref.store %v, %m[%i] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (f32) {
// CHECK-NEXT: %v = memref.load %m[%i] : memref<?xf32>
// CHECK-NEXT: %s = arith.addf %acc, %v : f32
// CHECK-NEXT: scf.yield %s : f32
// CHECK-NEXT: }
// CHECK-NEXT: %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %init, %b = %init) -> (f32, f32) {
// CHECK-NEXT: scf.yield %b, %a : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %sum : f32
// CHECK-NEXT: }
func.func @loops(%lb: index, %ub: index, %st: index, %m: memref<?xf32>, %init: f32, %c: i1, %n: i32) -> f32 {
  scf.for %i = %lb to %ub step %st {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %init, %b = %init) -> (f32, f32) {
    scf.yield %b, %a : f32, f32
  }
  return %sum : f32
}

// CHECK-LABEL: func.func @unsigned_for(%n: i32, %init: f32) {
// CHECK-NEXT: %lo = arith.constant 0 : i32
// CHECK-NEXT: %u = scf.for unsigned %k = %lo to %n step %n iter_args(%x = %init) -> (f32) : i32 {
// CHECK-NEXT: scf.yield %x : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %k = %lo to %n step %n : i32 {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unsigned_for(%n: i32, %init: f32) {
  %lo = arith.constant 0 : i32
  %u = scf.for unsigned %k = %lo to %n step %n iter_args(%x = %init) -> (f32) : i32 {
    scf.yield %x : f32
  }
  scf.for %k = %lo to %n step %n : i32 {
  }
  return
}

// CHECK-LABEL: func.func @ifs(%c: i1, %m: memref<?xf32>, %lb: index, %ub: index, %init: f32, %sum: f32) {
// CHECK-NEXT: scf.if %c {
// CHECK-NEXT: memref.store %init, %m[%lb] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %c {
// CHECK-NEXT: memref.store %init, %m[%lb] : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %sum, %m[%lb] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %y = scf.if %c -> (f32) {
// CHECK-NEXT: scf.yield %init : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %sum : f32
// CHECK-NEXT: }
// CHECK-NEXT: %z:2 = scf.if %c -> (f32, index) {
// CHECK-NEXT: scf.yield %init, %lb : f32, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %sum, %ub : f32, index
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @ifs(%c: i1, %m: memref<?xf32>, %lb: index, %ub: index, %init: f32, %sum: f32) {
  scf.if %c {
    memref.store %init, %m[%lb] : memref<?xf32>
  }
  scf.if %c {
    memref.store %init, %m[%lb] : memref<?xf32>
  } else {
    memref.store %sum, %m[%lb] : memref<?xf32>
  }
  %y = scf.if %c -> (f32) {
    scf.yield %init : f32
  } else {
    scf.yield %sum : f32
  }
  %z:2 = scf.if %c -> (f32, index) {
    scf.yield %init, %lb : f32, index
  } else {
    scf.yield %sum, %ub : f32, index
  }
  return
}

// CHECK-LABEL: func.func @while(%init: f32, %lb: index, %ub: index, %st: index) {
// CHECK-NEXT: %w:2 = scf.while (%arg0 = %init, %arg1 = %lb) : (f32, index) -> (f32, index) {
// CHECK-NEXT: %cond = arith.cmpi slt, %arg1, %ub : index
// CHECK-NEXT: scf.condition(%cond) %arg0, %arg1 : f32, index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: index):
// CHECK-NEXT: %next = arith.addi %arg3, %st : index
// CHECK-NEXT: scf.yield %arg2, %next : f32, index
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @while(%init: f32, %lb: index, %ub: index, %st: index) {
  %w:2 = scf.while (%arg0 = %init, %arg1 = %lb) : (f32, index) -> (f32, index) {
    %cond = arith.cmpi slt, %arg1, %ub : index
    scf.condition(%cond) %arg0, %arg1 : f32, index
  } do {
  ^bb0(%arg2: f32, %arg3: index):
    %next = arith.addi %arg3, %st : index
    scf.yield %arg2, %next : f32, index
  }
  return
}

// CHECK-LABEL: func.func @parallel(%lb: index, %ub: index, %st: index, %m: memref<?xf32>, %init: f32) {
// CHECK-NEXT: scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
// CHECK-NEXT: memref.store %init, %m[%i] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %red = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
// CHECK-NEXT: %v = memref.load %m[%i] : memref<?xf32>
// CHECK-NEXT: scf.reduce(%v : f32) {
// CHECK-NEXT: ^bb0(%l: f32, %rr: f32):
// CHECK-NEXT: %s = arith.addf %l, %rr : f32
// CHECK-NEXT: scf.reduce.return %s : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%i, %j) in (4, %ub) {
// CHECK-NEXT: memref.store %init, %m[%i] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%i) = (0) to (%ub) step (2) {
// CHECK-NEXT: memref.store %init, %m[%i] : memref<?xf32>
// CHECK-NEXT: } {mapping = [#gpu.thread<x>]}
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel(%lb: index, %ub: index, %st: index, %m: memref<?xf32>, %init: f32) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    memref.store %init, %m[%i] : memref<?xf32>
    scf.reduce
  }
  %red = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  scf.forall (%i, %j) in (4, %ub) {
    memref.store %init, %m[%i] : memref<?xf32>
  }
  scf.forall (%i) = (0) to (%ub) step (2) {
    memref.store %init, %m[%i] : memref<?xf32>
  } {mapping = [#gpu.thread<x>]}
  return
}

// CHECK-LABEL: func.func @regions(%lb: index, %ub: index, %init: f32, %sum: f32, %y: f32) -> f32 {
// mlir-opt prints a single result type without parentheses; either spelling reads back.
// CHECK-NEXT: %e = scf.execute_region -> {{\(f32\)|f32}} {
// CHECK-NEXT: scf.yield %init : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %sw = scf.index_switch %lb -> f32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: scf.yield %init : f32
// CHECK-NEXT: }
// CHECK-NEXT: case 5 {
// CHECK-NEXT: scf.yield %sum : f32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: scf.yield %y : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %ub
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return %sw : f32
// CHECK-NEXT: }
func.func @regions(%lb: index, %ub: index, %init: f32, %sum: f32, %y: f32) -> f32 {
  %e = scf.execute_region -> f32 {
    scf.yield %init : f32
  }
  scf.execute_region {
    scf.yield
  }
  %sw = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %init : f32
  }
  case 5 {
    scf.yield %sum : f32
  }
  default {
    scf.yield %y : f32
  }
  scf.index_switch %ub
  default {
  }
  return %sw : f32
}
