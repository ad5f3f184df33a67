// bufreuse pipeline corpus (tensor source): the run-time broadcast of TOSA models of dynamic
// batch (issue 32). An elementwise op whose batch may be 1 on one side broadcasts that side
// under `scf.if %n == 1` (a fresh tensor in the then branch, the tensor itself in the else
// branch); an `scf.index_switch` on the batch picks one of two fresh tensors. After
// bufferization the buffers allocated in the branches, and the buffer the else branch
// yields, are pooled; @main runs the function at batch 1 (the broadcast branch and the
// default case) and at batch 2 (the other branch and case 2).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row0 = affine_map<(d0, d1) -> (0, d1)>
func.func private @printMemrefF32(tensor<*xf32>) attributes { llvm.emit_c_interface }

func.func @bcast_add(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %m = tensor.dim %y, %c0 : tensor<?x4xf32>
  %e0 = tensor.empty(%n) : tensor<?x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x4xf32>) outs(%e0 : tensor<?x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.mulf %in, %two : f32
    linalg.yield %d : f32
  } -> tensor<?x4xf32>
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r = scf.if %is1 -> (tensor<?x4xf32>) {
    %e = tensor.empty(%m) : tensor<?x4xf32>
    %t = linalg.generic {indexing_maps = [#row0, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x4xf32>
    scf.yield %t : tensor<?x4xf32>
  } else {
    scf.yield %a : tensor<?x4xf32>
  }
  %e1 = tensor.empty(%m) : tensor<?x4xf32>
  %b = linalg.add ins(%r, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e1 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = scf.index_switch %n -> tensor<?x4xf32>
  case 2 {
    %e = tensor.empty(%m) : tensor<?x4xf32>
    %u = linalg.mul ins(%b, %b : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %u : tensor<?x4xf32>
  }
  default {
    %e = tensor.empty(%m) : tensor<?x4xf32>
    %w = linalg.sub ins(%b, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %w : tensor<?x4xf32>
  }
  %e2 = tensor.empty(%m) : tensor<?x4xf32>
  %out = linalg.add ins(%s, %b : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %out : tensor<?x4xf32>
}

// A batch x 4 tensor with element (i, j) = scale * (i * 4 + j + 1).
func.func @iota(%rows: index, %scale: f32) -> tensor<?x4xf32> {
  %e = tensor.empty(%rows) : tensor<?x4xf32>
  %t = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %i4 = arith.muli %i, %c4 : index
    %k = arith.addi %i4, %j : index
    %k1 = arith.addi %k, %c1 : index
    %k32 = arith.index_cast %k1 : index to i32
    %f = arith.sitofp %k32 : i32 to f32
    %v = arith.mulf %f, %scale : f32
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %tenth = arith.constant 0.1 : f32
  // Batch 1 against 2: %x is broadcast, the switch takes its default case.
  %x1 = call @iota(%c1, %one) : (index, f32) -> tensor<?x4xf32>
  %y2 = call @iota(%c2, %tenth) : (index, f32) -> tensor<?x4xf32>
  %r1 = call @bcast_add(%x1, %y2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %u1 = tensor.cast %r1 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // Batch 2 on both sides: no broadcast, case 2 of the switch.
  %x2 = call @iota(%c2, %one) : (index, f32) -> tensor<?x4xf32>
  %r2 = call @bcast_add(%x2, %y2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %u2 = tensor.cast %r2 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
