// `linalg.generic #trait ins(...) outs(...)`, where `#trait` is an alias of the dictionary of
// its attributes: the alias stands for the dictionary, as in MLIR (also through an alias of
// the alias), and the op is printed with the dictionary written out, as mlir-opt prints it.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

#id = affine_map<(d0) -> (d0)>
#trait = {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
#same = #trait
#with_doc = {indexing_maps = [#id, #id], iterator_types = ["parallel"], doc = "scale", library_call = "scale_f32"}

// CHECK-LABEL: func.func @through_alias(%a: memref<4xf32>, %b: memref<4xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
func.func @through_alias(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic #trait ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// CHECK-LABEL: func.func @alias_of_alias(%a: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) attrs = {keep} {
// CHECK: } -> tensor<4xf32>
func.func @alias_of_alias(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic #same ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) attrs = {keep} {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @doc_and_library_call(%a: memref<4xf32>) {
// CHECK-NEXT: linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"], doc = "scale", library_call = "scale_f32"} ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
func.func @doc_and_library_call(%a: memref<4xf32>) {
  linalg.generic #with_doc ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  }
  return
}
