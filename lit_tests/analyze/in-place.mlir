// In place (issue 35): an elementwise op may write its output over an input whose last use it
// is, when the op is also the output's first use: the two share one offset. Only where every
// iteration reads the input's element at the index it writes (the same map, a permutation of
// the iterators, or the constant 0 in a dimension of size 1), the body never reads the output,
// and each buffer is used there once, directly (not through a view). Text, JSON, remarks;
// --no-in-place turns it off.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s 2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s
// RUN: bufreuse --pool-all --analyze --no-in-place %s | FileCheck --check-prefix=NOINPLACE %s
// RUN: bufreuse --pool-all --rewrite %s | FileCheck --check-prefix=REWRITE %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#batch = affine_map<(d0, d1) -> (0, d1)>

// the maps are the identity: %y is written in place over %x.
func.func @identity(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// torch-mlir's batch dimension of size 1 indexed by the constant 0 is that dimension's iterator: in place.
func.func @batch_constant(%out: memref<1x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<1x8xf32>
  %y = memref.alloc() : memref<1x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<1x8xf32>)
  linalg.generic {indexing_maps = [#batch, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1x8xf32>) outs(%y : memref<1x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  memref.copy %y, %out : memref<1x8xf32> to memref<1x8xf32>
  memref.dealloc %x : memref<1x8xf32>
  memref.dealloc %y : memref<1x8xf32>
  return
}

// both maps are the same permutation: in place.
func.func @same_permutation(%out: memref<8x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<8x8xf32>
  %y = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#t, #t], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x8xf32>) outs(%y : memref<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  memref.copy %y, %out : memref<8x8xf32> to memref<8x8xf32>
  memref.dealloc %x : memref<8x8xf32>
  memref.dealloc %y : memref<8x8xf32>
  return
}

// a named elementwise op (both inputs read at the index written): in place over the first input that dies there.
func.func @named_add(%out: memref<4x8xf32>, %b: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.add ins(%x, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%y : memref<4x8xf32>)
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// linalg.map, whose body has no argument for the output: in place.
func.func @map(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.map ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>)
    (%a: f32, %o: f32) {
      %s = arith.addf %a, %cst : f32
      linalg.yield %s : f32
    }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// the body reads the output's element: not in place.
func.func @reads_output(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// the input is read transposed: iteration (i, j) reads x[j, i] after (j, i) wrote y[j, i]; not in place.
func.func @transposed(%out: memref<8x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<8x8xf32>
  %y = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x8xf32>) outs(%y : memref<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.copy %y, %out : memref<8x8xf32> to memref<8x8xf32>
  memref.dealloc %x : memref<8x8xf32>
  memref.dealloc %y : memref<8x8xf32>
  return
}

// the constant 0 indexes a dimension of size 4 (a broadcast of row 0): not in place.
func.func @constant_in_wide_dim(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#batch, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// a reduction iterator: not in place.
func.func @reduction(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// memref.copy never shares: not in place.
func.func @copy(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  memref.copy %x, %y : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// The input is read again after the op: not in place.
func.func @input_used_later(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  memref.copy %x, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// The input is a subview, not the whole buffer: not in place.
func.func @partial_view(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<8x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<8x8xf32>)
  %v = memref.subview %x[0, 0] [4, 8] [1, 1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<4x8xf32, strided<[8, 1]>>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<8x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// An op with a library_call runs code that may assume its operands apart: not in place.
func.func @library_call(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"], library_call = "ew_add"}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  memref.copy %y, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  return
}

// A chain: %y over %x, then %z over %y; one buffer for the three.
func.func @chain(%out: memref<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %y = memref.alloc() : memref<4x8xf32>
  %z = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%cst : f32) outs(%x : memref<4x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %cst : f32
    linalg.yield %s : f32
  }
  linalg.exp ins(%y : memref<4x8xf32>) outs(%z : memref<4x8xf32>)
  memref.copy %z, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %y : memref<4x8xf32>
  memref.dealloc %z : memref<4x8xf32>
  return
}

// The text report: the function line counts the pairs, the status names the input, and the
// pair counts once in the peak and the lower bound.

// CHECK-LABEL: func @identity: 2 allocations, 2 pooled (1 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         pool (default memory space): 128 B for 2 allocations, alignment 64, lower bound 128 B, optimal
// CHECK-LABEL: func @batch_constant: 2 allocations, 2 pooled (1 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         pool (default memory space): 32 B for 2 allocations, alignment 64, lower bound 32 B, optimal
// CHECK-LABEL: func @same_permutation: 2 allocations, 2 pooled (1 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @named_add: 2 allocations, 2 pooled (1 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         pool (default memory space): 128 B for 2 allocations, alignment 64, lower bound 128 B, optimal
// CHECK-LABEL: func @map: 2 allocations, 2 pooled (1 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         pool (default memory space): 128 B for 2 allocations, alignment 64, lower bound 128 B, optimal
// CHECK-LABEL: func @reads_output: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @transposed: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  256{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 512 B for 2 allocations, alignment 64, lower bound 512 B, optimal
// CHECK-LABEL: func @constant_in_wide_dim: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @reduction: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @copy: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @input_used_later: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @partial_view: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  256{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 384 B for 2 allocations, alignment 64, lower bound 384 B, optimal
// CHECK-LABEL: func @library_call: 2 allocations, 2 pooled, live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled  128{{$}}
// CHECK-NOT:     in place
// CHECK:         pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// CHECK-LABEL: func @chain: 3 allocations, 3 pooled (2 written in place), live from first use
// CHECK:         %x {{.*}}  pooled  0{{$}}
// CHECK:         %y {{.*}}  pooled, in place over %x  0{{$}}
// CHECK:         %z {{.*}}  pooled, in place over %y  0{{$}}
// CHECK:         pool (default memory space): 128 B for 3 allocations, alignment 64, lower bound 128 B, optimal

// JSON:      "value": "%y",
// JSON:      "offset": 0,
// JSON:      "in_place": {
// JSON-NEXT:   "over": "%x",
// JSON-NEXT:   "op": "linalg.generic",
// JSON-NEXT:   "line": 23,
// JSON-NEXT:   "column": 3
// JSON-NEXT: }
// JSON:      "name": "reads_output",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "transposed",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "constant_in_wide_dim",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "reduction",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "copy",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "input_used_later",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "partial_view",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "library_call",
// JSON:      "value": "%y",
// JSON:      "in_place": null
// JSON:      "name": "chain",
// JSON:      "value": "%z",
// JSON:      "in_place": {
// JSON-NEXT:   "over": "%y",
// JSON-NEXT:   "op": "linalg.exp",

// REMARK: in-place.mlir:21:3: remark: %y is written in place over %x, which dies where it is written
// REMARK: in-place.mlir:23:3: note: read and written element by element here ('linalg.generic')
// REMARK: in-place.mlir:243:3: remark: %z is written in place over %y, which dies where it is written
// REMARK: note: read and written element by element here ('linalg.exp')

// NOINPLACE-LABEL: func @identity: 2 allocations, 2 pooled, live from first use
// NOINPLACE:     pool (default memory space): 256 B for 2 allocations, alignment 64, lower bound 256 B, optimal
// NOINPLACE-NOT:   in place

// The rewrite puts the pair at one offset, and its own check accepts it.
// REWRITE-NOT:   warning
// REWRITE-LABEL: func.func @identity
// REWRITE:         %[[OFF:.*]] = arith.constant 0 : index
// REWRITE:         %pool = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// REWRITE:         %x = memref.view %pool[%[[OFF]]][] : memref<128xi8> to memref<4x8xf32>
// REWRITE-NEXT:    %y = memref.view %pool[%[[OFF]]][] : memref<128xi8> to memref<4x8xf32>
// REWRITE-LABEL: func.func @chain
// REWRITE:         memref.alloc() {alignment = 64 : i64} : memref<128xi8>
