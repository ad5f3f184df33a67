// A callee that returns a fresh buffer sized by a dimension of its argument
// (`memref.dim %arg0`) does not return the argument: the caller's temporary %t passed to it
// dies at the call, and %u, allocated after, takes its bytes. The output check must not keep
// %t live as long as the result (issue 34: it reported two views overlapping and refused the
// file).
// RUN: bufreuse --rewrite --before-dealloc --stats %s 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=STATS %s < %t.err
// RUN: bufreuse --rewrite --before-dealloc %s | %mlir_opt > /dev/null
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @grow
// CHECK:         memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK-LABEL: func.func @main
// CHECK:         %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK:         %t = memref.view %[[POOL]][%[[Z:.*]]][] : memref<64xi8> to memref<64xi8>
// CHECK:         %r = call @grow(%t)
// CHECK:         %u = memref.view %[[POOL]][%[[Z]]][] : memref<64xi8> to memref<64xi8>
// STATS: @main: 2 allocations pooled, 0 kept; 128 bytes -> 64 bytes
// STATS-NOT: left as it was read

func.func @grow(%arg0: memref<64xi8>) -> memref<?xi8> {
  %c0 = arith.constant 0 : index
  %d = memref.dim %arg0, %c0 : memref<64xi8>
  %0 = memref.alloc(%d) : memref<?xi8>
  %v = memref.load %arg0[%c0] : memref<64xi8>
  memref.store %v, %0[%c0] : memref<?xi8>
  return %0 : memref<?xi8>
}
func.func @main() -> i8 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 7 : i8
  %t = memref.alloc() : memref<64xi8>
  linalg.fill ins(%c1 : i8) outs(%t : memref<64xi8>)
  %r = call @grow(%t) : (memref<64xi8>) -> memref<?xi8>
  %u = memref.alloc() : memref<64xi8>
  linalg.fill ins(%c1 : i8) outs(%u : memref<64xi8>)
  %x = memref.load %u[%c0] : memref<64xi8>
  %y = memref.load %r[%c0] : memref<?xi8>
  %s = arith.addi %x, %y : i8
  return %s : i8
}
