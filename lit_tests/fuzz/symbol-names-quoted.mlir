// Found by hand, checking the printer against mlir-opt: a module or `memref.global` whose
// symbol name is not a bare identifier was printed bare (`module @m n {`, `memref.global
// "private" @a b`), which does not parse again; a module's `sym_visibility` was dropped. Such
// names are quoted now, as mlir-opt prints them, and a module's other properties are printed
// in its `attributes` dictionary.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt > /dev/null %}

// CHECK: module @"m n" attributes {sym_visibility = "private"} {
// CHECK-NEXT: memref.global "private" @"a b" : memref<4xf32> = uninitialized
// CHECK-NEXT: func.func @"0f"() {
// CHECK-NEXT: %0 = memref.get_global @"a b" : memref<4xf32>
// CHECK-NEXT: return
module {
  "builtin.module"() <{sym_name = "m n", sym_visibility = "private"}> ({
    "memref.global"() <{sym_name = "a b", sym_visibility = "private", type = memref<4xf32>, initial_value}> : () -> ()
    "func.func"() <{function_type = () -> (), sym_name = "0f"}> ({
      %0 = "memref.get_global"() <{name = @"a b"}> : () -> memref<4xf32>
      "func.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}
