// mlir-opt --mlir-print-op-generic aliases.mlir (the same program in generic syntax)
#map = affine_map<(d0, d1) -> (d0 + d1 * 4)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (f32, f32), sym_name = "aliases"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %2 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %3 = "memref.subview"(%2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<16xf32>) -> memref<4xf32, strided<[1], offset: 4>>
    %4 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %5 = "memref.cast"(%4) : (memref<16xf32>) -> memref<?xf32>
    %6 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %7 = "memref.reinterpret_cast"(%6) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 4, 1>}> : (memref<16xf32>) -> memref<4x4xf32>
    %8 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<64xi8>
    %9 = "memref.view"(%8, %0) : (memref<64xi8>, index) -> memref<16xf32>
    %10 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xf32>
    %11 = "memref.collapse_shape"(%10) <{reassociation = [[0, 1]]}> : (memref<4x4xf32>) -> memref<16xf32>
    %12 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %13 = "memref.expand_shape"(%12) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4, 4>}> : (memref<16xf32>) -> memref<4x4xf32>
    %14 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xf32>
    %15 = "memref.transpose"(%14) <{permutation = #map1}> : (memref<4x4xf32>) -> memref<4x4xf32, #map>
    %16 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %17 = "memref.memory_space_cast"(%16) : (memref<16xf32>) -> memref<16xf32, 1>
    %18 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %19:4 = "memref.extract_strided_metadata"(%18) : (memref<16xf32>) -> (memref<f32>, index, index, index)
    %20 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    %21 = "bufferization.to_tensor"(%20) : (memref<16xf32>) -> tensor<16xf32>
    %22 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xf32>
    "memref.store"(%1, %22, %0) : (f32, memref<16xf32>, index) -> ()
    "memref.dealloc"(%22) : (memref<16xf32>) -> ()
    "memref.store"(%1, %3, %0) : (f32, memref<4xf32, strided<[1], offset: 4>>, index) -> ()
    "memref.store"(%1, %5, %0) : (f32, memref<?xf32>, index) -> ()
    "memref.store"(%1, %7, %0, %0) : (f32, memref<4x4xf32>, index, index) -> ()
    "memref.store"(%1, %9, %0) : (f32, memref<16xf32>, index) -> ()
    "memref.store"(%1, %11, %0) : (f32, memref<16xf32>, index) -> ()
    "memref.store"(%1, %13, %0, %0) : (f32, memref<4x4xf32>, index, index) -> ()
    "memref.store"(%1, %15, %0, %0) : (f32, memref<4x4xf32, #map>, index, index) -> ()
    "memref.store"(%1, %17, %0) : (f32, memref<16xf32, 1>, index) -> ()
    %23 = "memref.load"(%19#0) : (memref<f32>) -> f32
    %24 = "tensor.extract"(%21, %arg0) : (tensor<16xf32>, index) -> f32
    "memref.dealloc"(%2) : (memref<16xf32>) -> ()
    "memref.dealloc"(%4) : (memref<16xf32>) -> ()
    "memref.dealloc"(%6) : (memref<16xf32>) -> ()
    "memref.dealloc"(%8) : (memref<64xi8>) -> ()
    "memref.dealloc"(%10) : (memref<4x4xf32>) -> ()
    "memref.dealloc"(%12) : (memref<16xf32>) -> ()
    "memref.dealloc"(%14) : (memref<4x4xf32>) -> ()
    "memref.dealloc"(%16) : (memref<16xf32>) -> ()
    "memref.dealloc"(%18) : (memref<16xf32>) -> ()
    "memref.dealloc"(%20) : (memref<16xf32>) -> ()
    "func.return"(%23, %24) : (f32, f32) -> ()
  }) : () -> ()
}) : () -> ()

