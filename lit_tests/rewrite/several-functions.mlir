// Each function gets a pool of its own, sized for its own buffers; a function with nothing
// to pool and a declaration are printed unchanged; pool and offset names do not clash with
// names the function already uses (%pool, %pool_off0 are taken in @taken).
// RUN: bufreuse --live-from-alloc --pool-all --rewrite %s | FileCheck %s

func.func private @ext(f32)

func.func @first() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<32xf32>
  %b = memref.alloc() : memref<32xf32>
  memref.store %x, %a[%c0] : memref<32xf32>
  memref.store %x, %b[%c0] : memref<32xf32>
  memref.dealloc %a : memref<32xf32>
  memref.dealloc %b : memref<32xf32>
  return
}

func.func @nothing(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  return %m : index
}

func.func @taken() -> i8 {
  %pool = arith.constant 0 : index
  %pool_off0 = arith.constant 3 : i8
  %a = memref.alloc() : memref<100xi8>
  %b = memref.alloc() : memref<10xi8>
  memref.store %pool_off0, %a[%pool] : memref<100xi8>
  memref.store %pool_off0, %b[%pool] : memref<10xi8>
  %v = memref.load %a[%pool] : memref<100xi8>
  memref.dealloc %a : memref<100xi8>
  memref.dealloc %b : memref<10xi8>
  return %v : i8
}

// CHECK-LABEL: func.func private @ext(f32)
// CHECK-LABEL: func.func @first() {
// CHECK-DAG:     [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG:     [[OFF128:%[a-z0-9_]+]] = arith.constant 128 : index
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<256xi8>
// CHECK-DAG:     %a = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[] : memref<256xi8> to memref<32xf32>
// CHECK-DAG:     %b = memref.view [[POOL]]{{\[}}[[OFF128]]{{\]}}[] : memref<256xi8> to memref<32xf32>
// CHECK-NOT:     memref.dealloc %a
// CHECK-NOT:     memref.dealloc %b
// CHECK:         memref.dealloc [[POOL]] : memref<256xi8>
// CHECK-NEXT:    return
// CHECK-NEXT:  }

// CHECK-LABEL: func.func @nothing(%n: index) -> index {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %m = arith.addi %n, %c1 : index
// CHECK-NEXT:    return %m : index
// CHECK-NEXT:  }

// a (100 B) and b (10 B) live together: a@0, b@128 (the next multiple of 64): 138 bytes.
// CHECK-LABEL: func.func @taken() -> i8 {
// CHECK-DAG:     [[T0:%pool_off0_[0-9]+]] = arith.constant 0 : index
// CHECK-DAG:     [[T128:%pool_off128[_0-9]*]] = arith.constant 128 : index
// CHECK-DAG:     [[TPOOL:%pool_[0-9]+]] = memref.alloc() {alignment = 64 : i64} : memref<138xi8>
// CHECK:         %pool = arith.constant 0 : index
// CHECK-NEXT:    %pool_off0 = arith.constant 3 : i8
// CHECK-NEXT:    %a = memref.view [[TPOOL]]{{\[}}[[T0]]{{\]}}[] : memref<138xi8> to memref<100xi8>
// CHECK-NEXT:    %b = memref.view [[TPOOL]]{{\[}}[[T128]]{{\]}}[] : memref<138xi8> to memref<10xi8>
// CHECK:         memref.dealloc [[TPOOL]] : memref<138xi8>
// CHECK-NEXT:    return %v : i8
