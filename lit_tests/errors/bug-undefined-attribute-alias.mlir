// BUG: an attribute alias that is defined nowhere (`#nomap`) is accepted and printed back as
// it is; mlir-opt rejects the input ("undefined symbol alias id 'nomap'"), and bufreuse's
// output too. An alias used before its definition is accepted as well (mlir-opt: same error),
// and the definition is then printed first. (Undefined TYPE aliases are caught:
// undefined-alias.mlir.)
// XFAIL: *
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}bug-undefined-attribute-alias.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}nomap
func.func private @f(memref<4xf32, #nomap>)

// -----

// CHECK: {{.*}}bug-undefined-attribute-alias.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}later
func.func private @g() attributes {a = #later}
#later = affine_map<(d0) -> (d0)>
