// A dimension that does not fit in 64 bits is an error. (The error points at the start of the
// type; mlir-opt points at the dimension: "invalid dimension".)
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}dimension-overflow.mlir:[[# @LINE + 3]]:22: error: dimension size does not fit in 64 bits
// CHECK-NEXT: {{^func.func private @f\(memref<99999999999999999999xf32>\)$}}
// CHECK-NEXT: {{^                     \^+$}}
func.func private @f(memref<99999999999999999999xf32>)

// -----

// 2^64, in a later dimension.
// CHECK: {{.*}}dimension-overflow.mlir:[[# @LINE + 1]]:22: error: dimension size does not fit in 64 bits
func.func private @g(memref<4x18446744073709551616xf32>)

// -----

// In an op's type.
func.func @h() {
  // CHECK: {{.*}}dimension-overflow.mlir:[[# @LINE + 1]]:25: error: dimension size does not fit in 64 bits
  %0 = memref.alloc() : memref<99999999999999999999xf32>
  return
}

// -----

// A size that fits but whose byte size does not is caught when the allocation is analyzed
// (mlir-opt accepts the type).
// RUN: not bufreuse --analyze --split-input-file %S/Inputs/huge-allocation.mlir 2>&1 | FileCheck --check-prefix=BYTES %s
// BYTES: {{.*}}huge-allocation.mlir:3:3: error: the byte size of memref<4611686018427387904xf32> does not fit in 64 bits
