// Dimensions and strides are 64-bit SIGNED integers in MLIR: a dimension of 2^63, or a stride
// of 2^64 or more in `strided<[...]>`, is an error (mlir-opt: "invalid dimension", "expected a
// 64-bit signed integer or '?'"). bufreuse reports it at the op or alias that holds the type
// (mlir-opt at the number). Dimensions above 2^64: dimension-overflow.mlir.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}dimension-above-i64.mlir:[[# @LINE + 1]]:1: error: invalid dimension 9223372036854775808 in 'memref<9223372036854775808xf32>'
func.func private @f(memref<9223372036854775808xf32>)

// -----

// CHECK: {{.*}}dimension-above-i64.mlir:[[# @LINE + 1]]:1: error: expected a 64-bit signed integer or '?' in 'strided<[99999999999999999999]>'
func.func private @g(memref<4xf32, strided<[99999999999999999999]>>)
