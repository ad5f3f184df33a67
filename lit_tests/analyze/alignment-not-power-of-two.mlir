// An `alignment` attribute that is not a positive power of two is an error at the allocation
// (every such allocation is reported, with its span), and the run exits with 1.
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
// CHECK:      {{^}}{{.*}}alignment-not-power-of-two.mlir:7:3: error: alignment 3 : i64 is not a positive power of two{{$}}
// CHECK-NEXT: {{^}}  %a = memref.alloc() {alignment = 3 : i64} : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{\^+$}}
// CHECK-NEXT: {{^}}{{.*}}alignment-not-power-of-two.mlir:8:3: error: alignment 0 : i64 is not a positive power of two{{$}}
// CHECK:      {{^}}{{.*}}alignment-not-power-of-two.mlir:9:3: error: alignment -16 : i64 is not a positive power of two{{$}}
// CHECK-NOT: error
// CHECK: {{^}}exit status: 1{{$}}
