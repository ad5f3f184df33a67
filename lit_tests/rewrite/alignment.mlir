// Alignment: an alloc's own {alignment = 128 : i64} raises the pool's alignment to 128 and
// puts that buffer at a multiple of 128; --alignment=N sets the slot granularity and the
// pool's minimum alignment; an element type wider than N still gets offsets that are
// multiples of its size (f64 at multiples of 8 with --alignment=4).
// RUN: bufreuse --live-from-alloc --pool-all --rewrite %s | FileCheck --check-prefix=A64 %s
// RUN: bufreuse --live-from-alloc --pool-all --rewrite --alignment=16 %s | FileCheck --check-prefix=A16 %s
// RUN: bufreuse --live-from-alloc --pool-all --rewrite --alignment=4 %s | FileCheck --check-prefix=A4 %s

func.func @aligned() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1 : i8
  %a = memref.alloc() : memref<20xi8>
  %b = memref.alloc() {alignment = 128 : i64} : memref<20xi8>
  %c = memref.alloc() : memref<20xi8>
  memref.store %x, %a[%c0] : memref<20xi8>
  memref.store %x, %b[%c0] : memref<20xi8>
  memref.store %x, %c[%c0] : memref<20xi8>
  memref.dealloc %a : memref<20xi8>
  memref.dealloc %b : memref<20xi8>
  memref.dealloc %c : memref<20xi8>
  return
}

func.func @wide() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f64
  %y = arith.constant 1 : i8
  %a = memref.alloc() : memref<5xi8>
  %b = memref.alloc() : memref<3xf64>
  memref.store %y, %a[%c0] : memref<5xi8>
  memref.store %x, %b[%c0] : memref<3xf64>
  memref.dealloc %a : memref<5xi8>
  memref.dealloc %b : memref<3xf64>
  return
}

// In @aligned, a, b, c (20 B each) all live together; b needs a multiple of 128. In @wide,
// a (5 x i8) and b (3 x f64, 24 B) live together. The offsets are the planner's choice
// among the optimal plans.

// A64-LABEL: func.func @aligned() {
// A64-DAG:     [[O0:%[a-z0-9_]+]] = arith.constant 0 : index
// A64-DAG:     [[O64:%[a-z0-9_]+]] = arith.constant 64 : index
// A64-DAG:     [[O128:%[a-z0-9_]+]] = arith.constant 128 : index
// A64:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 128 : i64} : memref<148xi8>
// A64:         %a = memref.view [[POOL]]{{\[}}[[O0]]{{\]}}[] : memref<148xi8> to memref<20xi8>
// A64-NEXT:    %b = memref.view [[POOL]]{{\[}}[[O128]]{{\]}}[] : memref<148xi8> to memref<20xi8>
// A64-NEXT:    %c = memref.view [[POOL]]{{\[}}[[O64]]{{\]}}[] : memref<148xi8> to memref<20xi8>
// A64-LABEL: func.func @wide() {
// A64-DAG:     [[W0:%[a-z0-9_]+]] = arith.constant 0 : index
// A64-DAG:     [[W64:%[a-z0-9_]+]] = arith.constant 64 : index
// A64:         [[WPOOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<69xi8>
// A64:         %a = memref.view [[WPOOL]]{{\[}}[[W64]]{{\]}}[] : memref<69xi8> to memref<5xi8>
// A64-NEXT:    %b = memref.view [[WPOOL]]{{\[}}[[W0]]{{\]}}[] : memref<69xi8> to memref<3xf64>

// A16-LABEL: func.func @aligned() {
// A16-DAG:     [[O0:%[a-z0-9_]+]] = arith.constant 0 : index
// A16-DAG:     [[O32:%[a-z0-9_]+]] = arith.constant 32 : index
// A16-DAG:     [[O64:%[a-z0-9_]+]] = arith.constant 64 : index
// A16:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 128 : i64} : memref<84xi8>
// A16:         %a = memref.view [[POOL]]{{\[}}[[O32]]{{\]}}[] : memref<84xi8> to memref<20xi8>
// A16-NEXT:    %b = memref.view [[POOL]]{{\[}}[[O0]]{{\]}}[] : memref<84xi8> to memref<20xi8>
// A16-NEXT:    %c = memref.view [[POOL]]{{\[}}[[O64]]{{\]}}[] : memref<84xi8> to memref<20xi8>
// A16-LABEL: func.func @wide() {
// A16-DAG:     [[W0:%[a-z0-9_]+]] = arith.constant 0 : index
// A16-DAG:     [[W32:%[a-z0-9_]+]] = arith.constant 32 : index
// A16:         [[WPOOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 16 : i64} : memref<37xi8>
// A16:         %a = memref.view [[WPOOL]]{{\[}}[[W32]]{{\]}}[] : memref<37xi8> to memref<5xi8>
// A16-NEXT:    %b = memref.view [[WPOOL]]{{\[}}[[W0]]{{\]}}[] : memref<37xi8> to memref<3xf64>

// A4-LABEL: func.func @aligned() {
// A4-DAG:     [[O0:%[a-z0-9_]+]] = arith.constant 0 : index
// A4-DAG:     [[O20:%[a-z0-9_]+]] = arith.constant 20 : index
// A4-DAG:     [[O40:%[a-z0-9_]+]] = arith.constant 40 : index
// A4:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 128 : i64} : memref<60xi8>
// A4:         %a = memref.view [[POOL]]{{\[}}[[O20]]{{\]}}[] : memref<60xi8> to memref<20xi8>
// A4-NEXT:    %b = memref.view [[POOL]]{{\[}}[[O0]]{{\]}}[] : memref<60xi8> to memref<20xi8>
// A4-NEXT:    %c = memref.view [[POOL]]{{\[}}[[O40]]{{\]}}[] : memref<60xi8> to memref<20xi8>
// A4-LABEL: func.func @wide() {
// A4-DAG:     [[W0:%[a-z0-9_]+]] = arith.constant 0 : index
// A4-DAG:     [[W24:%[a-z0-9_]+]] = arith.constant 24 : index
// A4:         [[WPOOL:%[a-z0-9_]+]] = memref.alloc() {{{.*}}} : memref<29xi8>
// A4:         %a = memref.view [[WPOOL]]{{\[}}[[W24]]{{\]}}[] : memref<29xi8> to memref<5xi8>
// A4-NEXT:    %b = memref.view [[WPOOL]]{{\[}}[[W0]]{{\]}}[] : memref<29xi8> to memref<3xf64>
