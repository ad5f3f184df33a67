// An op in custom form whose syntax bufreuse does not know is an error at its name that says
// how to get an input bufreuse can read: the generic form, from
// `mlir-opt --mlir-print-op-generic`. This holds for unknown dialects and for ops of known
// dialects that bufreuse does not read in custom form. The same ops in generic form are read.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s
// RUN: bufreuse --split-input-file %S/Inputs/unknown-custom-op.generic.mlir | FileCheck --check-prefix=GENERIC %S/Inputs/unknown-custom-op.generic.mlir

func.func @f(%x: i32) -> i32 {
  // CHECK: {{.*}}unknown-custom-op.mlir:[[# @LINE + 3]]:8: error: custom syntax of op 'foo.bar' is not known to bufreuse; write it in generic form (mlir-opt --mlir-print-op-generic)
  // CHECK-NEXT: {{^  %0 = foo.bar %x : i32$}}
  // CHECK-NEXT: {{^       \^\^\^\^\^\^\^$}}
  %0 = foo.bar %x : i32
  return %0 : i32
}

// -----

func.func @known_dialect(%v: f32, %m: memref<4xf32>, %i: index) {
  // CHECK: {{.*}}unknown-custom-op.mlir:[[# @LINE + 1]]:8: error: custom syntax of op 'vector.splat' is not known to bufreuse; write it in generic form (mlir-opt --mlir-print-op-generic)
  %s = vector.splat %v : vector<4xf32>
  // Every unknown op of a chunk is reported:
  // CHECK: {{.*}}unknown-custom-op.mlir:[[# @LINE + 1]]:3: error: custom syntax of op 'gpu.barrier' is not known to bufreuse
  gpu.barrier
  return
}

// -----

// An op without results at the start of a line, in a nested region.
func.func @nested(%c: i1, %m: memref<4xf32>, %i: index) {
  scf.if %c {
    // CHECK: {{.*}}unknown-custom-op.mlir:[[# @LINE + 1]]:5: error: custom syntax of op 'affine.prefetch' is not known to bufreuse
    affine.prefetch %m[%i], read, locality<3>, data : memref<4xf32>
  }
  return
}
