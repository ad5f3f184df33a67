// A value name that is already defined in an enclosing region may not be defined again in a
// nested region (mlir-opt: "redefinition of SSA value '%0'"). It used to be accepted, and after
// the nested region the name resolved to the INNER value: the outer `memref.dealloc %0` freed
// the inner buffer, and --rewrite put both buffers at offset 0 of one pool although the outer
// one is live across the whole region (a miscompile).
// RUN: not bufreuse %s 2>&1 | FileCheck %s

// CHECK: {{.*}}shadowed-value.mlir:[[# @LINE + 4]]:5: error: redefinition of SSA value '%0'
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
