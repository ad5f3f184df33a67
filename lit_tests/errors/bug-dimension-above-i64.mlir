// BUG: dimensions (and strides) are 64-bit SIGNED integers in MLIR, but bufreuse accepts
// any size below 2^64: `memref<9223372036854775808xf32>` (2^63) is read and printed back,
// and mlir-opt rejects it ("invalid dimension"); likewise a stride of 2^64 or more in
// `strided<[...]>` is accepted (mlir-opt: "expected a 64-bit signed integer or '?'").
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}bug-dimension-above-i64.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error:
func.func private @f(memref<9223372036854775808xf32>)

// -----

// CHECK: {{.*}}bug-dimension-above-i64.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error:
func.func private @g(memref<4xf32, strided<[99999999999999999999]>>)
