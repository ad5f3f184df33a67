// An attribute alias that is defined nowhere (`#nomap`), or only below its use, is an error at
// the use, as in mlir-opt ("undefined symbol alias id 'nomap'"). Undefined TYPE aliases:
// undefined-alias.mlir.
// RUN: not bufreuse --split-input-file %s 2>&1 | FileCheck %s

// CHECK: {{.*}}undefined-attribute-alias.mlir:[[# @LINE + 1]]:36: error: undefined symbol alias id 'nomap'
func.func private @f(memref<4xf32, #nomap>)

// -----

// CHECK: {{.*}}undefined-attribute-alias.mlir:[[# @LINE + 1]]:40: error: undefined symbol alias id 'later'
func.func private @g() attributes {a = #later}
#later = affine_map<(d0) -> (d0)>

// -----

// An alias may not name itself.
// CHECK: {{.*}}undefined-attribute-alias.mlir:[[# @LINE + 1]]:13: error: undefined symbol alias id 'self'
#self = [1, #self]

// -----

// Reported once per name.
// CHECK: {{.*}}undefined-attribute-alias.mlir:[[# @LINE + 1]]:36: error: undefined symbol alias id 'twice'
func.func private @t(memref<4xf32, #twice>, memref<8xf32, #twice>)
// CHECK-NOT: 'twice'

// -----

// Defined above the use: no error.
// CHECK-NOT: error
#map = affine_map<(d0) -> (d0)>
func.func private @h(memref<4xf32, #map>) attributes {m = [#map]}
