// Dynamic shapes (issue 18): an MLP-like chain of linalg ops on memref<4x?xf32> and
// memref<?x?xf32> temporaries sized by @mlp's index arguments (%h1 + 2 and %h2 * 2: pure
// arith of arguments, computed in the middle of the function). @main fills a memref<4xindex>
// with sizes, loads them back and calls @mlp twice with different sizes, so offsets that a
// rewrite computes at run time get two different sets of sizes. Each layer's weights, bias
// and pre-activation die once the layer's activation is computed, so later layers can reuse
// their memory; within a layer the buffers are live together, and any overlap among them
// changes the printed activations. Every temporary of @mlp whose sizes are available at
// function entry is named %da_*; the static result %s_out is static.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @mlp(%x: memref<4x8xf32>, %h1: index, %h2: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.05 : f32
  // layer 1: 8 -> h1 + 2
  %w1n = arith.addi %h1, %c2 : index
  %da_w1 = memref.alloc(%w1n) : memref<8x?xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%da_w1 : memref<8x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %a = arith.muli %i, %c7 : index
    %b = arith.muli %j, %c3 : index
    %s = arith.addi %a, %b : index
    %r = arith.remui %s, %c11 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %five = arith.constant 5.0 : f32
    %d = arith.subf %rf, %five : f32
    %v = arith.mulf %d, %scale : f32
    linalg.yield %v : f32
  }
  %da_t1 = memref.alloc(%w1n) : memref<4x?xf32>
  linalg.fill ins(%zero : f32) outs(%da_t1 : memref<4x?xf32>)
  linalg.matmul ins(%x, %da_w1 : memref<4x8xf32>, memref<8x?xf32>)
                outs(%da_t1 : memref<4x?xf32>)
  %da_b1 = memref.alloc(%w1n) : memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%da_b1 : memref<?xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %r = arith.remui %j, %c5 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %tenth = arith.constant 0.1 : f32
    %v = arith.mulf %rf, %tenth : f32
    linalg.yield %v : f32
  }
  %da_a1 = memref.alloc(%w1n) : memref<4x?xf32>
  linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%da_t1, %da_b1 : memref<4x?xf32>, memref<?xf32>) outs(%da_a1 : memref<4x?xf32>) {
  ^bb0(%t: f32, %b: f32, %o: f32):
    %s = arith.addf %t, %b : f32
    %v = arith.maximumf %s, %zero : f32
    linalg.yield %v : f32
  }
  memref.dealloc %da_w1 : memref<8x?xf32>
  memref.dealloc %da_t1 : memref<4x?xf32>
  memref.dealloc %da_b1 : memref<?xf32>
  %u1 = memref.cast %da_a1 : memref<4x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  // layer 2: h1 + 2 -> 2 * h2
  %w2n = arith.muli %h2, %c2 : index
  %da_w2 = memref.alloc(%w1n, %w2n) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%da_w2 : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %r = arith.remui %s, %c7 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %three = arith.constant 3.0 : f32
    %d = arith.subf %rf, %three : f32
    %v = arith.mulf %d, %scale : f32
    linalg.yield %v : f32
  }
  %da_t2 = memref.alloc(%w2n) : memref<4x?xf32>
  linalg.fill ins(%zero : f32) outs(%da_t2 : memref<4x?xf32>)
  linalg.matmul ins(%da_a1, %da_w2 : memref<4x?xf32>, memref<?x?xf32>)
                outs(%da_t2 : memref<4x?xf32>)
  memref.dealloc %da_a1 : memref<4x?xf32>
  memref.dealloc %da_w2 : memref<?x?xf32>
  %da_a2 = memref.alloc(%w2n) : memref<4x?xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%da_t2 : memref<4x?xf32>) outs(%da_a2 : memref<4x?xf32>) {
  ^bb0(%t: f32, %o: f32):
    %v = arith.maximumf %t, %zero : f32
    linalg.yield %v : f32
  }
  memref.dealloc %da_t2 : memref<4x?xf32>
  %u2 = memref.cast %da_a2 : memref<4x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  // layer 3: 2 * h2 -> 3 (a static result)
  %da_w3 = memref.alloc(%w2n) : memref<?x3xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%da_w3 : memref<?x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %r = arith.remui %s, %c3 : index
    %ri = arith.index_cast %r : index to i32
    %rf = arith.sitofp %ri : i32 to f32
    %v = arith.mulf %rf, %scale : f32
    linalg.yield %v : f32
  }
  %s_out = memref.alloc() : memref<4x3xf32>
  linalg.fill ins(%zero : f32) outs(%s_out : memref<4x3xf32>)
  linalg.matmul ins(%da_a2, %da_w3 : memref<4x?xf32>, memref<?x3xf32>)
                outs(%s_out : memref<4x3xf32>)
  memref.dealloc %da_a2 : memref<4x?xf32>
  memref.dealloc %da_w3 : memref<?x3xf32>
  %u3 = memref.cast %s_out : memref<4x3xf32> to memref<*xf32>
  func.call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  memref.dealloc %s_out : memref<4x3xf32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %eighth = arith.constant 0.125 : f32
  %sizes = memref.alloc() : memref<4xindex>
  memref.store %c5, %sizes[%c0] : memref<4xindex>
  memref.store %c3, %sizes[%c1] : memref<4xindex>
  memref.store %c2, %sizes[%c2] : memref<4xindex>
  memref.store %c7, %sizes[%c3] : memref<4xindex>
  %x = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%x : memref<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %sf = arith.sitofp %si : i32 to f32
    %v = arith.mulf %sf, %eighth : f32
    linalg.yield %v : f32
  }
  %h1 = memref.load %sizes[%c0] : memref<4xindex>
  %h2 = memref.load %sizes[%c1] : memref<4xindex>
  func.call @mlp(%x, %h1, %h2) : (memref<4x8xf32>, index, index) -> ()
  %g1 = memref.load %sizes[%c2] : memref<4xindex>
  %g2 = memref.load %sizes[%c3] : memref<4xindex>
  func.call @mlp(%x, %g1, %g2) : (memref<4x8xf32>, index, index) -> ()
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %sizes : memref<4xindex>
  return
}
