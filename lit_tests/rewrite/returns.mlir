// The pool is freed right before every return: here two, in blocks reached through
// cf.cond_br and cf.br. Buffers in the non-entry blocks are pooled too (their views stand
// where their allocs stood), and each block's deallocs are gone.
// RUN: bufreuse --pool-all --rewrite %s | FileCheck %s

func.func @two_ways(%flag: i1, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  %va = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  cf.cond_br %flag, ^left, ^right
^left:
  %l = memref.alloc() : memref<32xf32>
  memref.store %va, %l[%c0] : memref<32xf32>
  %vl = memref.load %l[%c0] : memref<32xf32>
  memref.dealloc %l : memref<32xf32>
  return %vl : f32
^right:
  %r = memref.alloc() : memref<8xf32>
  memref.store %va, %r[%c0] : memref<8xf32>
  %vr = memref.load %r[%c0] : memref<8xf32>
  memref.dealloc %r : memref<8xf32>
  cf.br ^exit(%vr : f32)
^exit(%v: f32):
  return %v : f32
}

// a and b (64 B each) live together: a@0, b@64; l and r at 0; 128 bytes.
// CHECK-LABEL: func.func @two_ways(
// CHECK-DAG:     [[OFF0:%[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG:     [[OFF64:%[a-z0-9_]+]] = arith.constant 64 : index
// CHECK:         [[POOL:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         %a = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[]
// CHECK:         %b = memref.view [[POOL]]{{\[}}[[OFF64]]{{\]}}[]
// CHECK-NOT:     memref.dealloc
// CHECK:         cf.cond_br %flag, ^left, ^right
// CHECK-NEXT:  ^left:
// CHECK-NEXT:    %l = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[]
// CHECK-NOT:     memref.dealloc %l
// CHECK:         memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return %vl : f32
// CHECK-NEXT:  ^right:
// CHECK-NEXT:    %r = memref.view [[POOL]]{{\[}}[[OFF0]]{{\]}}[]
// CHECK-NOT:     memref.dealloc
// CHECK:         cf.br ^exit(%vr : f32)
// CHECK-NEXT:  ^exit(%v: f32):
// CHECK-NEXT:    memref.dealloc [[POOL]] : memref<128xi8>
// CHECK-NEXT:    return %v : f32
// CHECK-NEXT:  }

// Exactly two frees of the pool, one per return, and no other.
// RUN: bufreuse --pool-all --rewrite %s | grep -c "memref.dealloc" | FileCheck --check-prefix=COUNT %s
// RUN: bufreuse --pool-all --rewrite %s | grep -c "memref.dealloc %%pool :" | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}2{{$}}
