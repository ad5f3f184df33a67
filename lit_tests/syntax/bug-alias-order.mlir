// Was a bug: type aliases are printed before attribute aliases, so a type alias whose type uses an
// attribute alias refers to it before its definition: mlir-opt rejects the output ("undefined
// symbol alias id 'layout'"). Aliases must keep an order where each is defined before use,
// e.g. the order of the input.
// (Fixed: this test used to be XFAIL.)
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt > /dev/null %}

// CHECK: #layout = strided<[?, 1], offset: ?>
// CHECK: !strided = memref<4x8xf32, #layout>
#layout = strided<[?, 1], offset: ?>
!strided = memref<4x8xf32, #layout>
func.func private @f(!strided)
