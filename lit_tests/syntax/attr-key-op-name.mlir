// BUG: an attribute name that is also the name of a known op is lexed as that op, so the
// attribute dictionary is rejected ("unexpected op 'linalg.memoized_indexing_maps'"). mlir-opt
// itself writes `{linalg.memoized_indexing_maps = [...]}` on every linalg.conv_* op in generic
// form (`--mlir-print-op-generic`), so the generic form of conv_chain.*.mlir cannot be read.
// The same happens for `{return}`, `{call = 1}`, `{memref.alloc = 1}`, `{scf.for}`.
// XFAIL: *
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect > /dev/null %}

// CHECK-LABEL: func.func private @f() attributes {linalg.memoized_indexing_maps = [], return, call = 1 : i32, memref.alloc, scf.for}
func.func private @f() attributes {linalg.memoized_indexing_maps = [], return, call = 1 : i32, memref.alloc, scf.for}
// CHECK: "foo.op"() {linalg.memoized_indexing_maps = [affine_map<(d0) -> (d0)>]} : () -> ()
"foo.op"() {linalg.memoized_indexing_maps = [affine_map<(d0) -> (d0)>]} : () -> ()
