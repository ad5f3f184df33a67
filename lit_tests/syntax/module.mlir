// A top-level `module` is printed only when the input has one, with its name and
// attributes; functions without a module stay at the top level.
// RUN: bufreuse --split-input-file %s | FileCheck %s
// RUN: bufreuse --split-input-file %s | bufreuse --split-input-file | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --split-input-file %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse --split-input-file %s | %mlir_opt --split-input-file | diff %t.ref - %}

// CHECK-NOT: module
// CHECK-LABEL: {{^}}func.func @no_module() {
// CHECK-NEXT: {{^  return$}}
// CHECK-NEXT: {{^}$}}
// CHECK-NEXT: {{^}}func.func @second() {
func.func @no_module() {
  return
}
func.func @second() {
  return
}

// -----

// CHECK-LABEL: {{^}}// {{-----$}}
// CHECK-NEXT: {{^module {$}}
// CHECK-NEXT: {{^  func.func @in_module\(\) {$}}
// CHECK-NEXT: {{^    return$}}
// CHECK-NEXT: {{^  }$}}
// CHECK-NEXT: {{^}$}}
module {
  func.func @in_module() {
    return
  }
}

// -----

// CHECK-LABEL: {{^}}// {{-----$}}
// CHECK-NEXT: {{^module @named attributes {foo.bar = 1 : i64, foo.unit} {$}}
// CHECK-NEXT: {{^  module @inner {$}}
// CHECK-NEXT: {{^  }$}}
// CHECK-NEXT: {{^  builtin.module {$|^  module {$}}
// CHECK-NEXT: {{^    func.func private @decl\(\)$}}
// CHECK-NEXT: {{^  }$}}
// CHECK-NEXT: {{^}$}}
module @named attributes {foo.bar = 1 : i64, foo.unit} {
  module @inner {
  }
  builtin.module {
    func.func private @decl()
  }
}

// -----

// An empty module.
// CHECK-LABEL: {{^}}// {{-----$}}
// CHECK-NEXT: {{^module {$}}
// CHECK-NEXT: {{^}$}}
module {
}
