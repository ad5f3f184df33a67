// Aliases are printed in an order where each is defined before its use (attribute aliases
// first, then type aliases): a type alias whose memref layout is an attribute alias reads back
// in mlir-opt ("undefined symbol alias id 'layout'" when printed the other way round).
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt > /dev/null %}

// CHECK: #layout = strided<[?, 1], offset: ?>
// CHECK: !strided = memref<4x8xf32, #layout>
#layout = strided<[?, 1], offset: ?>
!strided = memref<4x8xf32, #layout>
func.func private @f(!strided)
