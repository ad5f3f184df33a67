// The ops of ../unknown-custom-op.mlir in generic form, which bufreuse reads and prints in
// generic form.

// GENERIC-LABEL: func.func @f(%x: i32) -> i32 {
// GENERIC-NEXT: %0 = "foo.bar"(%x) : (i32) -> i32
func.func @f(%x: i32) -> i32 {
  %0 = "foo.bar"(%x) : (i32) -> i32
  return %0 : i32
}

// -----

// GENERIC-LABEL: func.func @known_dialect(%v: f32, %m: memref<4xf32>, %i: index) {
// GENERIC-NEXT: %0 = "vector.splat"(%v) : (f32) -> vector<4xf32>
// GENERIC-NEXT: "gpu.barrier"() : () -> ()
func.func @known_dialect(%v: f32, %m: memref<4xf32>, %i: index) {
  %0 = "vector.splat"(%v) : (f32) -> vector<4xf32>
  "gpu.barrier"() : () -> ()
  return
}

// -----

// GENERIC-LABEL: func.func @nested(%c: i1, %m: memref<4xf32>, %i: index) {
// GENERIC-NEXT: scf.if %c {
// GENERIC-NEXT: "affine.prefetch"(%m, %i) <{isDataCache = true, isWrite = false, localityHint = 3 : i32, map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> ()
func.func @nested(%c: i1, %m: memref<4xf32>, %i: index) {
  scf.if %c {
    "affine.prefetch"(%m, %i) <{isDataCache = true, isWrite = false, localityHint = 3 : i32, map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>, index) -> ()
  }
  return
}
