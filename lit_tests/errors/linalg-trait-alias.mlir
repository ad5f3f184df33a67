// The attributes of `linalg.generic` given by an alias: the alias must be defined above, and
// stand for a dictionary.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @undefined(%a: memref<4xf32>) {
  // CHECK: {{.*}}linalg-trait-alias.mlir:[[# @LINE + 1]]:18: error: undefined symbol alias id 'nowhere'
  linalg.generic #nowhere ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
func.func @not_a_dictionary(%a: memref<4xf32>) {
  // CHECK: {{.*}}linalg-trait-alias.mlir:[[# @LINE + 1]]:18: error: invalid kind of attribute specified
  linalg.generic #maps ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
