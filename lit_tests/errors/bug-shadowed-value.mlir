// Was a bug: a value name that is already defined in an enclosing region may be defined again in
// a nested region: bufreuse accepts it (mlir-opt: "redefinition of SSA value '%0'"), and
// after the nested region the name resolves to the INNER value. Here the outer
// `memref.dealloc %0` then frees the inner buffer: --analyze shows the outer alloc live
// over [0, 0] only, and --rewrite puts both 16-byte buffers at offset 0 of one pool
// although the outer one is live across the whole region: a miscompile.
// (Fixed: this test used to be XFAIL.)
// RUN: not bufreuse %s 2>&1 | FileCheck %s

// CHECK: {{.*}}bug-shadowed-value.mlir:[[# @LINE + 4]]:5: error: redefinition of SSA value '%0'
func.func @f() {
  %0 = memref.alloc() : memref<4xf32>
  scf.execute_region {
    %0 = memref.alloc() : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
    scf.yield
  }
  memref.dealloc %0 : memref<4xf32>
  return
}
