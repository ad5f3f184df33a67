// The merge-alloc proposal's expectations (llvm-project PR #95882,
// mlir/test/Dialect/MemRef/buffer-merge.mlir) for IR with no deallocs yet. Those tests treat
// the unregistered op "test.source" as a plain use; bufreuse keeps unknown ops conservative
// unless told otherwise, hence --assume-nocapture=test.source.
// RUN: bufreuse --rewrite --before-dealloc --assume-nocapture=test.source %s | FileCheck %s
// Without --before-dealloc, buffers that are never freed are left alone (no-dealloc):
// RUN: bufreuse --rewrite --assume-nocapture=test.source %s | FileCheck --check-prefix=AFTER %s
// Without --assume-nocapture, "test.source" may keep what it is given (unknown-op):
// RUN: bufreuse --analyze --before-dealloc %s | FileCheck --check-prefix=UNKNOWN %s

// @basic: %b is returned and stays; %c and %d overlap; %e reuses %c's bytes: 4096 bytes.
// CHECK-LABEL: func.func @basic(
// CHECK-DAG:   %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4096xi8>
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C2048:.*]] = arith.constant 2048 : index
// CHECK:       %[[B:.*]] = memref.alloc() : memref<8x64xf32>
// CHECK:       %[[C:.*]] = memref.view %[[POOL]][%[[C0]]][] : memref<4096xi8> to memref<8x64xf32>
// CHECK:       %[[D:.*]] = memref.view %[[POOL]][%[[C2048]]][] : memref<4096xi8> to memref<8x64xf32>
// CHECK:       %[[E:.*]] = memref.view %[[POOL]][%[[C0]]][] : memref<4096xi8> to memref<8x64xf32>
// CHECK-NOT:   memref.dealloc
// CHECK:       return %[[B]]
func.func @basic() -> memref<8x64xf32> {
  %b = memref.alloc() : memref<8x64xf32>
  "test.source"(%b)  : (memref<8x64xf32>) -> ()
  %c = memref.alloc() : memref<8x64xf32>
  "test.source"(%c)  : (memref<8x64xf32>) -> ()
  %d = memref.alloc() : memref<8x64xf32>
  "test.source"(%d)  : (memref<8x64xf32>) -> ()
  "test.source"(%c)  : (memref<8x64xf32>) -> ()
  %e = memref.alloc() : memref<8x64xf32>
  "test.source"(%e)  : (memref<8x64xf32>) -> ()
  return %b : memref<8x64xf32>
}

// @withloop: %f and %g are live across the loop; %h and %j, allocated in its body and dead
// within one iteration, share one offset: 6144 bytes.
// CHECK-LABEL: func.func @withloop(
// CHECK-DAG:   %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6144xi8>
// CHECK:       %[[F:.*]] = memref.view %[[POOL]][%{{.*}}][] : memref<6144xi8> to memref<8x64xf32>
// CHECK:       %[[G:.*]] = memref.view %[[POOL]][%{{.*}}][] : memref<6144xi8> to memref<8x64xf32>
// CHECK:       scf.for
// CHECK:         %[[H:.*]] = memref.view %[[POOL]][%[[HOFF:.*]]][] : memref<6144xi8> to memref<8x64xf32>
// CHECK:         %[[J:.*]] = memref.view %[[POOL]][%[[HOFF]]][] : memref<6144xi8> to memref<8x64xf32>
// CHECK-NOT:   memref.dealloc
// CHECK:       return
func.func @withloop() {
  %f = memref.alloc() : memref<8x64xf32>
  %g = memref.alloc() : memref<8x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c5 step %c1 {
    "test.source"(%f)  : (memref<8x64xf32>) -> ()
    "test.source"(%g)  : (memref<8x64xf32>) -> ()
    %h = memref.alloc() : memref<8x64xf32>
    "test.source"(%h)  : (memref<8x64xf32>) -> ()
    %j = memref.alloc() : memref<8x64xf32>
    "test.source"(%j)  : (memref<8x64xf32>) -> ()
  }
  return
}

// AFTER-NOT: memref.view
// AFTER-NOT: memref<{{[0-9]+}}xi8>

// UNKNOWN: func @basic: 4 allocations, 0 pooled
// UNKNOWN: func @withloop: 4 allocations, 0 pooled
// UNKNOWN: not pooled: escapes-return 1, unknown-op 7
