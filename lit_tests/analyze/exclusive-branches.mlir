// Buffers allocated in different branches of one scf.if or scf.index_switch never exist
// together, even when each lives on through the op's result: they are planned as one buffer
// (its size the largest), at one offset. A buffer of one branch and a buffer allocated before
// the op, or two buffers of the same branch, are not exclusive and keep apart.
// RUN: bufreuse --pool-all --analyze --before-dealloc %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --before-dealloc --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --rewrite --before-dealloc %s | FileCheck --check-prefix=REWRITE %s
// RUN: %if mlir-opt %{ bufreuse --pool-all --rewrite --before-dealloc %s | %mlir_opt > /dev/null %}

func.func @if_else(%c: i1, %x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<16xf32>) {
    %t = memref.alloc() : memref<16xf32>
    memref.copy %x, %t : memref<16xf32> to memref<16xf32>
    scf.yield %t : memref<16xf32>
  } else {
    %e = memref.alloc() : memref<32xf32>
    %e16 = memref.subview %e[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
    memref.copy %x, %e16 : memref<16xf32> to memref<16xf32, strided<[1]>>
    %e0 = memref.alloc() : memref<16xf32>
    memref.copy %e16, %e0 : memref<16xf32, strided<[1]>> to memref<16xf32>
    scf.yield %e0 : memref<16xf32>
  }
  %v = memref.load %r[%c0] : memref<16xf32>
  return %v : f32
}

func.func @switch(%k: index, %x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %before = memref.alloc() : memref<16xf32>
  memref.copy %x, %before : memref<16xf32> to memref<16xf32>
  %r = scf.index_switch %k -> memref<16xf32>
  case 1 {
    %one = memref.alloc() : memref<16xf32>
    memref.copy %before, %one : memref<16xf32> to memref<16xf32>
    scf.yield %one : memref<16xf32>
  }
  case 2 {
    %two = memref.alloc() : memref<16xf32>
    memref.copy %before, %two : memref<16xf32> to memref<16xf32>
    scf.yield %two : memref<16xf32>
  }
  default {
    scf.yield %before : memref<16xf32>
  }
  %v = memref.load %r[%c0] : memref<16xf32>
  return %v : f32
}

// %t (then) and %e (else) share offset 0; %e0 (else, live with %e) goes above %e.
// CHECK-LABEL: func @if_else: 3 allocations, 3 pooled
// CHECK:         %t {{.*}} pooled  0{{$}}
// CHECK:         %e {{.*}} pooled  0{{$}}
// CHECK:         %e0 {{.*}} pooled  128{{$}}
// CHECK:         peak live: 192 B
// CHECK:         naive: 256 B, pool: 192 B
// CHECK:         pool (default memory space): 192 B for 3 allocations, alignment 64, lower bound 192 B, optimal
// %before is live across the switch: %one and %two share an offset above it.
// CHECK-LABEL: func @switch: 3 allocations, 3 pooled
// CHECK:         %before {{.*}} pooled  0{{$}}
// CHECK:         %one {{.*}} pooled  64{{$}}
// CHECK:         %two {{.*}} pooled  64{{$}}
// CHECK:         pool (default memory space): 128 B for 3 allocations, alignment 64, lower bound 128 B, optimal

// JSON-LABEL: function {"name":"if_else","peak_live_bytes":192,
// JSON: allocation {"value":"%t",{{.*}}"offset":0,{{.*}}"branches":[{"op":"scf.if","line":13,"column":3,"region":0}]}
// JSON-NEXT: allocation {"value":"%e",{{.*}}"offset":0,{{.*}}"branches":[{"op":"scf.if","line":13,"column":3,"region":1}]}
// JSON-NEXT: allocation {"value":"%e0",{{.*}}"offset":128,{{.*}}"branches":[{"op":"scf.if","line":13,"column":3,"region":1}]}
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"switch","peak_live_bytes":128,
// JSON: allocation {"value":"%before",{{.*}}"offset":0,{{.*}}"branches":[]}
// JSON-NEXT: allocation {"value":"%one",{{.*}}"offset":64,{{.*}}"branches":[{"op":"scf.index_switch","line":33,"column":3,"region":1}]}
// JSON-NEXT: allocation {"value":"%two",{{.*}}"offset":64,{{.*}}"branches":[{"op":"scf.index_switch","line":33,"column":3,"region":2}]}
// JSON-NEXT: conflicts []

// REWRITE-LABEL: func.func @if_else
// REWRITE:         %[[OFF0:.*]] = arith.constant 0 : index
// REWRITE:         %[[OFF128:.*]] = arith.constant 128 : index
// REWRITE:         %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<192xi8>
// REWRITE:         scf.if
// REWRITE:           memref.view %[[POOL]][%[[OFF0]]][] : memref<192xi8> to memref<16xf32>
// REWRITE:         } else {
// REWRITE:           memref.view %[[POOL]][%[[OFF0]]][] : memref<192xi8> to memref<32xf32>
// REWRITE:           memref.view %[[POOL]][%[[OFF128]]][] : memref<192xi8> to memref<16xf32>
// REWRITE-LABEL: func.func @switch
// REWRITE:         %[[POOL2:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// REWRITE-COUNT-2: memref.view %[[POOL2]][%pool_off64][] : memref<128xi8> to memref<16xf32>
