// Every syntax error of a file is reported, each once, in order: the op that holds an error is
// left out and the file is read again (src/syntax/recover.rs). What leaving an op out causes
// (an op after a terminator once a block label is gone, an alias used but no longer defined,
// a bracket closed too early) is not reported.
// RUN: not bufreuse %s 2>&1 | FileCheck %s
// RUN: not bufreuse %s 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT-COUNT-8: error:
// COUNT-NOT: error:

// CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 3]]:33: error: unexpected 'junk'
// CHECK-NEXT: {{^#map = affine_map<\(d0\) -> \(d0\)> junk$}}
// CHECK-NEXT: {{^                                \^\^\^\^$}}
#map = affine_map<(d0) -> (d0)> junk
func.func @uses_map(%m: memref<4xf32, #map>) {
  return
}

func.func @op(%x: i32) -> i32 {
  // CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:22: error: unexpected '%x'
  %0 = arith.addi %x %x : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

func.func @region_op_header(%m: memref<4xf32>, %c0: index, %c1: index, %c4: index) {
  // CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:27: error: unexpected 'stp'; expected 'step'
  scf.for %i = %c0 to %c4 stp %c1 {
    %v = memref.load %m[%i] : memref<4xf32>
    memref.store %v, %m[%i] : memref<4xf32>
  }
  return
}

func.func @generic_region_end(%x: i32) {
  %0 = "foo.op"(%x) ({
    %1 = arith.addi %x, %x : i32
    "foo.yield"(%1) : (i32) -> ()
  // CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:21: error: unexpected 'i32'
  }) : (i32) -> i32 i32
  // CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:22: error: unexpected '%x'
  %2 = arith.addi %x %x : i32
  return
}

func.func @block_label(%x: i32) {
  cf.br ^bb1(%x : i32)
// CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:9: error: unexpected 'i32'; expected ':'
^bb1(%y i32):
  %0 = arith.addi %y, %y : i32
  return
}

func.func @multi_line(%m: memref<4xf32, #map>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      // CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:45: error: unexpected 'memref<4x'
      ins(%m : memref<4xf32, #map>) outs(%m memref<4xf32, #map>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// CHECK: {{.*}}multiple-syntax-errors.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'foo.bar' is not known to bufreuse
  %0 = foo.bar
