// A region that holds one empty block keeps it. In generic form the block is printed with
// its label (`^bb0:`), as mlir-opt prints it: `({\n})` would be a region without blocks, a
// different module. Arguments of an empty entry block are kept; a region without blocks
// stays without; `module {}` is one empty block (its custom form shows no label).
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as the same module as the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect --mlir-print-op-generic | diff %t.ref - %}

// CHECK-LABEL: "test.empty_block"() ({
// CHECK-NEXT: {{^}}^bb0:{{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.empty_block"() ({
^bb0:
}) : () -> ()

// CHECK-LABEL: "test.other_label"() ({
// CHECK-NEXT: {{^}}^bb7:{{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.other_label"() ({ ^bb7: }) : () -> ()

// CHECK-LABEL: "test.empty_block_with_args"() ({
// CHECK-NEXT: {{^}}^bb0(%a: i32, %b: memref<4xf32>):{{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.empty_block_with_args"() ({
^bb0(%a: i32, %b: memref<4xf32>):
}) : () -> ()

// CHECK-LABEL: "test.no_block"() ({
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.no_block"() ({
}) : () -> ()

// CHECK-LABEL: "test.two_regions"() ({
// CHECK-NEXT: {{^}}^bb0:{{$}}
// CHECK-NEXT: {{^}}}, {{[{]$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.two_regions"() ({ ^bb0: }, { }) : () -> ()

// A block with ops needs no label.
// CHECK-LABEL: "test.full_block"() ({
// CHECK-NEXT: {{^}}  "test.inner"() : () -> (){{$}}
// CHECK-NEXT: {{^}}}) : () -> (){{$}}
"test.full_block"() ({
^bb0:
  "test.inner"() : () -> ()
}) : () -> ()

// Inside custom forms, at any depth.
// CHECK-LABEL: func.func @nested(%c: i1) {
// CHECK-NEXT: {{^}}  "test.in_function"() ({{[{]$}}
// CHECK-NEXT: {{^}}  ^bb0:{{$}}
// CHECK-NEXT: {{^}}  }) : () -> (){{$}}
// CHECK-NEXT: {{^}}  scf.if %c {{[{]$}}
// CHECK-NEXT: {{^}}    "test.in_if"() ({{[{]$}}
// CHECK-NEXT: {{^}}    ^bb0(%x: index):{{$}}
// CHECK-NEXT: {{^}}    }) : () -> (){{$}}
// CHECK-NEXT: {{^}}  }{{$}}
func.func @nested(%c: i1) {
  "test.in_function"() ({
  ^bb0:
  }) : () -> ()
  scf.if %c {
    "test.in_if"() ({
    ^bb0(%x: index):
    }) : () -> ()
  }
  return
}

// A module's body is one block, empty or not, in either form.
// CHECK-LABEL: module @custom {
// CHECK-NEXT: {{^}}}{{$}}
module @custom {
}
// CHECK-LABEL: module @generic {
// CHECK-NEXT: {{^}}}{{$}}
"builtin.module"() <{sym_name = "generic"}> ({
^bb0:
}) : () -> ()
