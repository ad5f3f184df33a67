// A callee that returns a clone of its argument (what ownership-based deallocation emits for
// a returned argument) returns a fresh buffer: the caller's %a, passed to it, is not freed by
// the dealloc of the result's base buffer, and the output check agrees with the analysis
// (issue 34: this file was refused whole). %b and %a do not overlap in time... they do: both
// are live at the call, so they get distinct offsets.
// RUN: bufreuse --pool-all --rewrite --stats %s 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=STATS --allow-empty %s < %t.err
// RUN: bufreuse --pool-all --rewrite %s | %mlir_opt > /dev/null
// REQUIRES: mlir-opt

// CHECK-LABEL: func.func @callee
// CHECK:         bufferization.clone %arg0
// CHECK-LABEL: func.func @main
// CHECK:         %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// CHECK:         %b = memref.view %[[POOL]]
// CHECK:         %a = memref.view %[[POOL]]
// CHECK:         %[[R:.*]] = call @callee(%a)
// CHECK:         %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]
// CHECK:         bufferization.dealloc (%[[BASE]] : memref<f32>) if (%true)
// CHECK:         memref.dealloc %[[POOL]]
// STATS: @main: 2 allocations pooled, 0 kept; 512 bytes -> 512 bytes
// STATS-NOT: left as it was read

func.func @callee(%arg0: memref<64xf32>) -> memref<64xf32> {
  %0 = bufferization.clone %arg0 : memref<64xf32> to memref<64xf32>
  return %0 : memref<64xf32>
}
func.func @main() {
  %true = arith.constant true
  %cst = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<64xf32>)
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%a : memref<64xf32>)
  %0 = call @callee(%a) : (memref<64xf32>) -> memref<64xf32>
  %base, %off, %size, %stride = memref.extract_strided_metadata %0 : memref<64xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%b, %a, %base : memref<64xf32>, memref<64xf32>, memref<f32>) if (%true, %true, %true)
  return
}
