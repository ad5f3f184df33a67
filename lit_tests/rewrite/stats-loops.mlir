// --stats: a memref.alloc inside a loop whose trip count bufreuse does not read runs an
// unknown number of times per call (`?`). affine.parallel is such a loop, as scf.parallel is
// (it was counted as no loop, its allocation as one malloc per call), and so is the body of a
// linalg op, which runs once per element.
// RUN: bufreuse --rewrite --stats %s 2>&1 >/dev/null | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > /dev/null %}

// CHECK:      stats-loops.mlir: @scf_parallel: 0 allocations pooled, 1 kept; 0 bytes -> 0 bytes; mallocs per call ? -> ?{{$}}
// CHECK-NEXT: stats-loops.mlir: @affine_parallel: 0 allocations pooled, 1 kept; 0 bytes -> 0 bytes; mallocs per call ? -> ?{{$}}
// CHECK-NEXT: stats-loops.mlir: @linalg_body: {{.*}}; mallocs per call ? -> ?{{$}}
// CHECK-NEXT: stats-loops.mlir: @once: 0 allocations pooled, 1 kept; 0 bytes -> 0 bytes; mallocs per call 1 -> 1{{$}}
// CHECK-NOT:  {{.}}

func.func @scf_parallel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %x = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %b = memref.alloc() : memref<16xf32>
    memref.store %x, %b[%i] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
    scf.reduce
  }
  return
}

func.func @affine_parallel() {
  %x = arith.constant 1.0 : f32
  affine.parallel (%i) = (0) to (8) {
    %b = memref.alloc() : memref<16xf32>
    affine.store %x, %b[%i] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  return
}

#id = affine_map<(d0) -> (d0)>

func.func @linalg_body(%in: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %b = memref.alloc() : memref<16xf32>
    memref.store %a, %b[%c0] : memref<16xf32>
    %v = memref.load %b[%c0] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
    linalg.yield %v : f32
  }
  return
}

func.func @once() {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
