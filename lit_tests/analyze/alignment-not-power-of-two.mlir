// An `alignment` attribute that is not a positive power of two is an error at the allocation
// (every such allocation is reported, with its span), and the run exits with 1. The verifier
// reports it, with mlir-opt's message, before the analysis runs, as in every mode
// (errors/alloc-verify.mlir).
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze %s 2>&1 \
// RUN:   | FileCheck --strict-whitespace %s

func.func @misaligned() {
  %a = memref.alloc() {alignment = 3 : i64} : memref<4xf32>
  %b = memref.alloc() {alignment = 0 : i64} : memref<4xf32>
  %c = memref.alloc() {alignment = -16 : i64} : memref<4xf32>
  %d = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  return
}

// Errors come sorted by position, so nothing is reported before the first one checked here.
// CHECK:      {{^}}{{.*}}alignment-not-power-of-two.mlir:9:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0{{$}}
// CHECK-NEXT: {{^}}  %a = memref.alloc() {alignment = 3 : i64} : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}       {{\^+$}}
// CHECK-NEXT: {{^}}{{.*}}alignment-not-power-of-two.mlir:10:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint{{.*}}
// CHECK:      {{^}}{{.*}}alignment-not-power-of-two.mlir:11:8: error: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint{{.*}}
// CHECK-NOT: error
// CHECK: {{^}}exit status: 1{{$}}
