// The file metadata section `{-# ... #-}` that mlir-opt prints after the IR whenever it holds
// a dense_resource blob is read, kept as written and printed again after the ops, so that
// mlir-opt reads the same blobs from bufreuse's output.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK-LABEL: func.func private @f() attributes {res = dense_resource<blob1> : tensor<2xi32>}
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob1: "0x040000000100000002000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
func.func private @f() attributes {res = dense_resource<blob1> : tensor<2xi32>}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
