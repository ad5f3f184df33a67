// Allocations with dynamic dimensions join the pool when their sizes can be computed at the
// start of the function (arguments, constants, memref.dim of an argument or of a buffer of
// such a size, %by_local_dim, and integer arith of those, divisions only by constants): the report gives their size as an expression of
// the size operands and their offset as the aligned maximum of the pool's planned part and
// the ends of the buffers of run-time size they meet (placed before them). In a loop body
// (%in_loop) the loop's bounds, in a branch (%in_branch) its condition must be known at entry
// too: the pool reserves the size only if the loop runs and the branch is taken. The others are `size-not-available`, with a note at the op at fault.
// RUN: bufreuse --live-from-alloc --analyze %s | FileCheck %s
// RUN: bufreuse --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --live-from-alloc --analyze --remarks %s 2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s

func.func @chain(%n: index, %m: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x8xf32>
  %n2 = arith.muli %n, %c2 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n2) : memref<4x?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  linalg.fill ins(%f : f32) outs(%b : memref<4x?xf32>)
  memref.dealloc %a : memref<?xf32>
  %c = memref.alloc(%rows) : memref<?x8xf32>
  %s = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%c : memref<?x8xf32>)
  linalg.fill ins(%f : f32) outs(%s : memref<16xf32>)
  memref.dealloc %s : memref<16xf32>
  memref.dealloc %b : memref<4x?xf32>
  memref.dealloc %c : memref<?x8xf32>
  %t = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<16xf32>)
  memref.dealloc %t : memref<16xf32>
  return
}

func.func @not_available(%n: index, %k: index, %sizes: memref<2xindex>, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %loaded = memref.load %sizes[%c0] : memref<2xindex>
  %by_load = memref.alloc(%loaded) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%by_load : memref<?xf32>)
  memref.dealloc %by_load : memref<?xf32>
  %q = arith.divui %n, %k : index
  %by_division = memref.alloc(%q) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%by_division : memref<?xf32>)
  memref.dealloc %by_division : memref<?xf32>
  %local = memref.alloc(%n) : memref<?xf32>
  %d = memref.dim %local, %c0 : memref<?xf32>
  %by_local_dim = memref.alloc(%d) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%by_local_dim : memref<?xf32>)
  memref.dealloc %by_local_dim : memref<?xf32>
  memref.dealloc %local : memref<?xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %in_loop = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%in_loop : memref<?xf32>)
    memref.dealloc %in_loop : memref<?xf32>
  }
  %bound = memref.load %sizes[%c1] : memref<2xindex>
  scf.for %j = %c0 to %bound step %c1 {
    %in_unknown_loop = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%in_unknown_loop : memref<?xf32>)
    memref.dealloc %in_unknown_loop : memref<?xf32>
  }
  scf.if %cond {
    %in_branch = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%in_branch : memref<?xf32>)
    memref.dealloc %in_branch : memref<?xf32>
  }
  %bound_is_1 = arith.cmpi eq, %bound, %c1 : index
  scf.if %bound_is_1 {
    %in_unknown_branch = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%in_unknown_branch : memref<?xf32>)
    memref.dealloc %in_unknown_branch : memref<?xf32>
  }
  %q4 = arith.divui %n, %c4 : index
  %by_constant_division = memref.alloc(%q4) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%by_constant_division : memref<?xf32>)
  memref.dealloc %by_constant_division : memref<?xf32>
  return
}

// %a and %b are live together, %c meets neither: %a and %c both sit at the base (64, above
// the static part holding %s and %t), %b above the end of %a.
// CHECK-LABEL: func @chain: 5 allocations, 5 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<?xf32> 4*%n B [5, 7] 19 pooled 64{{$}}
// CHECK-NEXT: %b memref<4x?xf32> 16*%n2 B [6, 8] 20 pooled max(64, end %a){{$}}
// CHECK-NEXT: %c memref<?x8xf32> 32*%rows B [10, 12] 24 pooled 64{{$}}
// CHECK-NEXT: %s memref<16xf32> 64 B [11, 13] 25 pooled 0{{$}}
// CHECK-NEXT: %t memref<16xf32> 64 B [17, 18] 31 pooled 0{{$}}
// CHECK-NEXT: peak live: 64 B at point 11 (%c, %s)
// CHECK-NEXT: naive: 128 B, pool: 64 B + run-time part (saves 64 B, 50.0%)
// CHECK-NEXT: of run-time size: 3 pooled, 4*%n + 32*%rows + 16*%n2 B without sharing; offsets computed at function entry
// CHECK-NEXT: pool (default memory space): 64 B for 2 allocations and 3 of run-time size above them, alignment 64, lower bound 64 B, optimal
// CHECK-NEXT:   used only where it costs no more than its buffers apart (compared when the function runs)

// CHECK-LABEL: func @not_available: 9 allocations, 5 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %by_load memref<?xf32> 4*%loaded B [5, 6] 43 size-not-available -
// CHECK-NEXT: %by_division memref<?xf32> 4*%q B [9, 10] 47 size-not-available -
// CHECK-NEXT: %local memref<?xf32> 4*%n B [12, 13] 50 pooled 0{{$}}
// CHECK-NEXT: %by_local_dim memref<?xf32> 4*%d B [14, 15] 52 pooled 0{{$}}
// CHECK-NEXT: %in_loop memref<?xf32> 4*%n B [19, 20] 57 pooled 0{{$}}
// CHECK-NEXT: %in_unknown_loop memref<?xf32> 4*%n B [25, 26] 63 size-not-available -
// CHECK-NEXT: %in_branch memref<?xf32> 4*%n B [30, 31] 68 pooled 0{{$}}
// CHECK-NEXT: %in_unknown_branch memref<?xf32> 4*%n B [36, 37] 74 size-not-available -
// CHECK-NEXT: %by_constant_division memref<?xf32> 4*%q4 B [41, 42] 79 pooled 0{{$}}
// CHECK: naive: 0 B, pool: 0 B + run-time part
// CHECK-NEXT: of run-time size: 5 pooled, 4*%n + 4*%d + 4*%n + 4*%n + 4*%q4 B without sharing
// CHECK: total: 14 allocations, 10 pooled
// CHECK-NEXT: not pooled: size-not-available 4

// JSON-LABEL: function {"name":"chain",
// JSON-NEXT: pool {"memory_space":null,"bytes":64,"alignment":64,"lower_bound":64,"proven_optimal":true,"allocations":5,"run_time_allocations":3,"chosen_at_run_time":true}
// JSON-NEXT: allocation {"value":"%a",{{.*}}"bytes":null,"size":"4*%n",{{.*}}"eligible":true,{{.*}}"offset":null,"run_time_offset":{"base":64,"above":[],"align":4},
// JSON-NEXT: allocation {"value":"%b",{{.*}}"bytes":null,"size":"16*%n2",{{.*}}"offset":null,"run_time_offset":{"base":64,"above":["%a"],"align":4},
// JSON-NEXT: allocation {"value":"%c",{{.*}}"size":"32*%rows",{{.*}}"run_time_offset":{"base":64,"above":[],"align":4},
// JSON-NEXT: allocation {"value":"%s",{{.*}}"bytes":64,"size":null,{{.*}}"offset":0,"run_time_offset":null,
// JSON-LABEL: function {"name":"not_available",
// JSON: allocation {"value":"%by_load",{{.*}}"size":"4*%loaded",{{.*}}"reason":"size-not-available",{{.*}}"run_time_offset":null,
// JSON: reasons {"size-not-available":4}

// REMARK: dynamic-sizes.mlir:43:3: remark: %by_load cannot share memory [size-not-available]: its size is not known at the start of the function, where the pool is allocated
// REMARK: dynamic-sizes.mlir:42:3: note: its size depends on this op ('memref.load')
// REMARK: dynamic-sizes.mlir:47:3: remark: %by_division cannot share memory [size-not-available]
// REMARK: dynamic-sizes.mlir:46:3: note: its size depends on this op ('arith.divui')
// REMARK: dynamic-sizes.mlir:63:5: remark: %in_unknown_loop cannot share memory [size-not-available]
// REMARK: dynamic-sizes.mlir:62:3: note: inside this loop, whose bounds or step are not known at the start of the function ('scf.for')
// REMARK: dynamic-sizes.mlir:74:5: remark: %in_unknown_branch cannot share memory [size-not-available]
// REMARK: dynamic-sizes.mlir:73:3: note: inside this branch, whose condition is not known at the start of the function ('scf.if')
// REMARK-NOT: remark
