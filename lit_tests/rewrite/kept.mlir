// Allocations that may not share memory are left exactly as they were -- alloc, uses and
// dealloc -- one function per reason code (named after it), while two eligible buffers in
// the same function, p and q, are pooled as usual (p@0, q@64 in a 128-byte pool).
// RUN: bufreuse --pool-all --live-from-alloc --rewrite %s | FileCheck %s
// The same reasons as --analyze names them:
// RUN: bufreuse --pool-all --live-from-alloc --analyze %s | FileCheck --check-prefix=REASON %s

#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func private @keep(memref<*xf32>)

func.func @alloca() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloca() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  return
}

func.func @size_not_available(%sizes: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %n = memref.load %sizes[%c0] : memref<1xindex>
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %k[%c0] : memref<?xf32>
  memref.dealloc %k : memref<?xf32>
  return
}

func.func @non_identity_layout() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<4x4xf32, #transposed>
  memref.store %f, %k[%c0, %c0] : memref<4x4xf32, #transposed>
  memref.dealloc %k : memref<4x4xf32, #transposed>
  return
}

func.func @unsupported_element_type(%v: vector<[4]xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xvector<[4]xf32>>
  memref.store %v, %k[%c0] : memref<16xvector<[4]xf32>>
  memref.dealloc %k : memref<16xvector<[4]xf32>>
  return
}

func.func @parallel_region() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %k = memref.alloc() : memref<16xf32>
    memref.store %f, %k[%i] : memref<16xf32>
    memref.dealloc %k : memref<16xf32>
    scf.reduce
  }
  return
}

func.func @escapes_return() -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  return %k : memref<16xf32>
}

func.func @escapes_call() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  %u = memref.cast %k : memref<16xf32> to memref<*xf32>
  func.call @keep(%u) : (memref<*xf32>) -> ()
  memref.dealloc %k : memref<16xf32>
  return
}

func.func @escapes_yield(%c: i1, %m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    %k = memref.alloc() : memref<16xf32>
    memref.store %f, %k[%c0] : memref<16xf32>
    scf.yield %k : memref<16xf32>
  }
  // (The yield of an scf.if or scf.index_switch is followed instead: see
  // analyze/branch-results.mlir.)
  memref.store %f, %r[%c0] : memref<16xf32>
  return
}

func.func @escapes_store(%box: memref<1xmemref<16xf32>>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %k, %box[%c0] : memref<1xmemref<16xf32>>
  memref.dealloc %k : memref<16xf32>
  return
}

func.func @pointer_taken() -> index {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  %addr = memref.extract_aligned_pointer_as_index %k : memref<16xf32> -> index
  memref.dealloc %k : memref<16xf32>
  return %addr : index
}

func.func @unknown_op() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  "mine.opaque"(%k) : (memref<16xf32>) -> ()
  memref.dealloc %k : memref<16xf32>
  return
}

func.func @used_outside_block(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  cf.cond_br %c, ^left, ^right
^left:
  %v = memref.load %k[%c0] : memref<16xf32>
  cf.br ^right
^right:
  memref.dealloc %k : memref<16xf32>
  return
}

func.func @no_dealloc() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  return
}

func.func @multiple_deallocs() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  memref.dealloc %k : memref<16xf32>
  memref.dealloc %k : memref<16xf32>
  return
}

func.func @dealloc_in_other_block(%c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  scf.if %c {
    memref.dealloc %k : memref<16xf32>
  }
  return
}

func.func @use_after_dealloc() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%c0] : memref<16xf32>
  memref.store %f, %q[%c0] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  memref.store %f, %k[%c0] : memref<16xf32>
  %s = memref.subview %k[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.dealloc %k : memref<16xf32>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 4>>
  return %v : f32
}

// CHECK-LABEL: func.func @alloca(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloca() : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @size_not_available(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc(%n) : memref<?xf32>
// CHECK:         memref.dealloc %k : memref<?xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @non_identity_layout(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<4x4xf32, #transposed>
// CHECK:         memref.dealloc %k : memref<4x4xf32, #transposed>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @unsupported_element_type(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xvector<[4]xf32>>
// CHECK:         memref.dealloc %k : memref<16xvector<[4]xf32>>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @parallel_region(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @escapes_return(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @escapes_call(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @escapes_yield(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @escapes_store(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @pointer_taken(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @unknown_op(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @used_outside_block(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @no_dealloc(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @multiple_deallocs(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @dealloc_in_other_block(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// CHECK-LABEL: func.func @use_after_dealloc(
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %p = memref.view [[POOL]]
// CHECK-NEXT:    %q = memref.view [[POOL]]
// CHECK-NOT:     memref.dealloc %p
// CHECK-NOT:     memref.dealloc %q
// CHECK:         %k = memref.alloc() : memref<16xf32>
// CHECK:         memref.dealloc %k : memref<16xf32>
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return

// REASON-LABEL: func @alloca:
// REASON: %k {{.*}} alloca -
// REASON-LABEL: func @size_not_available:
// REASON: %k {{.*}} size-not-available -
// REASON-LABEL: func @non_identity_layout:
// REASON: %k {{.*}} non-identity-layout -
// REASON-LABEL: func @unsupported_element_type:
// REASON: %k {{.*}} unsupported-element-type -
// REASON-LABEL: func @parallel_region:
// REASON: %k {{.*}} parallel-region -
// REASON-LABEL: func @escapes_return:
// REASON: %k {{.*}} escapes-return -
// REASON-LABEL: func @escapes_call:
// REASON: %k {{.*}} escapes-call -
// REASON-LABEL: func @escapes_yield:
// REASON: %k {{.*}} escapes-yield -
// REASON-LABEL: func @escapes_store:
// REASON: %k {{.*}} escapes-store -
// REASON-LABEL: func @pointer_taken:
// REASON: %k {{.*}} pointer-taken -
// REASON-LABEL: func @unknown_op:
// REASON: %k {{.*}} unknown-op -
// REASON-LABEL: func @used_outside_block:
// REASON: %k {{.*}} used-outside-block -
// REASON-LABEL: func @no_dealloc:
// REASON: %k {{.*}} no-dealloc -
// REASON-LABEL: func @multiple_deallocs:
// REASON: %k {{.*}} multiple-deallocs -
// REASON-LABEL: func @dealloc_in_other_block:
// REASON: %k {{.*}} dealloc-in-other-block -
// REASON-LABEL: func @use_after_dealloc:
// REASON: %k {{.*}} use-after-dealloc -
