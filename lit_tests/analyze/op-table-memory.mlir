// How the analysis reads each kind of memref use in the op table (src/ir/ops.rs `Memory`), for
// ops written in generic form: a use the table calls an access keeps a buffer eligible, a view
// is followed to its uses, a realloc, a stored memref or a memref passed to a successor is not
// pooled.
//
// RUN: bufreuse --live-from-alloc --analyze %s | FileCheck %s

// memref.realloc frees its operand: a pool view cannot be reallocated.
// CHECK-LABEL: func @realloc
// CHECK: %a memref<16xf32> {{.*}} reallocated
func.func @realloc() {
  %a = memref.alloc() : memref<16xf32>
  %b = "memref.realloc"(%a) : (memref<16xf32>) -> memref<32xf32>
  memref.dealloc %b : memref<32xf32>
  return
}

// memref.reshape views its source (followed to the load) and reads its shape operand.
// CHECK-LABEL: func @reshape
// CHECK: %a memref<16xf32> 64 B [0, 3] {{.*}} pooled
// CHECK: %s memref<2xindex> 16 B [1, 2] {{.*}} pooled
func.func @reshape(%i: index) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  %s = memref.alloc() : memref<2xindex>
  %r = "memref.reshape"(%a, %s) : (memref<16xf32>, memref<2xindex>) -> memref<4x4xf32>
  %x = memref.load %r[%i, %i] : memref<4x4xf32>
  memref.dealloc %s : memref<2xindex>
  memref.dealloc %a : memref<16xf32>
  return %x : f32
}

// A DMA transfer runs on after memref.dma_start until a dma_wait on its tag: the analysis
// cannot follow that, so its buffers are not pooled.
// CHECK-LABEL: func @dma
// CHECK: %src memref<16xf32> {{.*}} unknown-op
// CHECK: %dst memref<16xf32, 1> {{.*}} unknown-op
// CHECK: %tag memref<1xi32> {{.*}} unknown-op
func.func @dma(%i: index, %n: index) {
  %src = memref.alloc() : memref<16xf32>
  %dst = memref.alloc() : memref<16xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  "memref.dma_start"(%src, %i, %dst, %i, %n, %tag, %i) : (memref<16xf32>, index, memref<16xf32, 1>, index, index, memref<1xi32>, index) -> ()
  "memref.dma_wait"(%tag, %i, %n) : (memref<1xi32>, index, index) -> ()
  memref.dealloc %src : memref<16xf32>
  memref.dealloc %dst : memref<16xf32, 1>
  memref.dealloc %tag : memref<1xi32>
  return
}

// affine.load and affine.store access their memref; a memref stored as the value escapes.
// CHECK-LABEL: func @affine
// CHECK: %a memref<16xf32> {{.*}} escapes-store
// CHECK: %b memref<16xf32> {{.*}} eligible (alone in its memory space)
func.func @affine(%i: index, %into: memref<4xmemref<16xf32>>) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %v = "affine.load"(%b, %i) <{map = affine_map<(d0) -> (d0 + 1)>}> : (memref<16xf32>, index) -> f32
  "affine.store"(%v, %b, %i) <{map = affine_map<(d0) -> (d0)>}> : (f32, memref<16xf32>, index) -> ()
  "affine.store"(%a, %into, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<16xf32>, memref<4xmemref<16xf32>>, index) -> ()
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// Vector transfers, loads and stores access their memref.
// CHECK-LABEL: func @vector
// CHECK: %a memref<16xf32> {{.*}} pooled
// CHECK: %b memref<16xf32> {{.*}} pooled
func.func @vector(%i: index, %p: f32) {
  %a = memref.alloc() : memref<16xf32>
  %v = "vector.transfer_read"(%a, %i, %p) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<16xf32>, index, f32) -> vector<4xf32>
  "vector.transfer_write"(%v, %a, %i) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<4xf32>, memref<16xf32>, index) -> ()
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %w = "vector.load"(%b, %i) : (memref<16xf32>, index) -> vector<4xf32>
  "vector.store"(%w, %b, %i) : (vector<4xf32>, memref<16xf32>, index) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// A memref passed to a successor of cf.switch leaves its block.
// CHECK-LABEL: func @switch
// CHECK: %a memref<16xf32> {{.*}} escapes-yield
func.func @switch(%flag: i32) {
  %a = memref.alloc() : memref<16xf32>
  "cf.switch"(%flag, %a, %a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, memref<16xf32>, memref<16xf32>) -> ()
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  return
}

// Atomic updates and prefetches access their memref; assume_alignment is a view.
// CHECK-LABEL: func @atomic
// CHECK: %a memref<16xf32> {{.*}} pooled
// CHECK: %b memref<16xf32> {{.*}} pooled
func.func @atomic(%i: index, %x: f32) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  %o = "memref.atomic_rmw"(%x, %a, %i) <{kind = 0 : i64}> : (f32, memref<16xf32>, index) -> f32
  "memref.prefetch"(%a, %i) <{isDataCache = true, isWrite = false, localityHint = 3 : i32}> : (memref<16xf32>, index) -> ()
  %g = "memref.generic_atomic_rmw"(%a, %i) ({
  ^bb0(%cur: f32):
    %s = arith.addf %cur, %o : f32
    "memref.atomic_yield"(%s) : (f32) -> ()
  }) : (memref<16xf32>, index) -> f32
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = "memref.assume_alignment"(%b) <{alignment = 64 : i32}> : (memref<16xf32>) -> memref<16xf32>
  %y = memref.load %c[%i] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  %z = arith.addf %y, %g : f32
  return %z : f32
}
