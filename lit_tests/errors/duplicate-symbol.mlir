// A symbol name defined twice in one symbol table (a module, or the top level) is an error at
// the second definition, with a note at the first, as in mlir-opt ("redefinition of symbol
// named 'f'", "see existing symbol definition here"). Functions and globals share the table;
// the same name in a nested module is another symbol.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

func.func @f() {
  return
}
// CHECK: {{.*}}duplicate-symbol.mlir:[[# @LINE + 3]]:1: error: redefinition of symbol named 'f'
// CHECK-NEXT: {{^func.func @f\(\) {$}}
// CHECK: {{.*}}duplicate-symbol.mlir:[[# @LINE - 5]]:1: note: see existing symbol definition here
func.func @f() {
  return
}

// -----

module {
  func.func private @g()
  module {
    func.func private @g()
  }
  // CHECK: {{.*}}duplicate-symbol.mlir:[[# @LINE + 1]]:3: error: redefinition of symbol named 'g'
  memref.global "private" @g : memref<4xf32>
}
// CHECK-NOT: error:
