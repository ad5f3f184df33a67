// Attribute names spelled like known ops (`linalg.memoized_indexing_maps`, `return`, `call`,
// `memref.alloc`, `scf.for`) are read as attribute names, in discardable dictionaries,
// properties and argument attributes. The lexer makes op tokens of them; dictionary keys take
// them back as written. mlir-opt writes `{linalg.memoized_indexing_maps = [...]}` on every
// linalg.conv_* op in generic form (roundtrip/generic-conv-chain.test).
// RUN: bufreuse %s | FileCheck %s
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect > /dev/null %}

// CHECK-LABEL: func.func private @f() attributes {linalg.memoized_indexing_maps = [], return, call = 1 : i32, memref.alloc, scf.for}
func.func private @f() attributes {linalg.memoized_indexing_maps = [], return, call = 1 : i32, memref.alloc, scf.for}
// CHECK: "foo.op"() {linalg.memoized_indexing_maps = [affine_map<(d0) -> (d0)>]} : () -> ()
"foo.op"() {linalg.memoized_indexing_maps = [affine_map<(d0) -> (d0)>]} : () -> ()
// CHECK: "foo.op"() <{func.func = 1, return}> {cf.br} : () -> ()
"foo.op"() <{func.func = 1, return}> {cf.br} : () -> ()
// CHECK-LABEL: func.func @g(%arg0: i32 {memref.load, arith.addi = 2 : i32})
// CHECK-NEXT: return {scf.yield}
func.func @g(%arg0: i32 {memref.load, arith.addi = 2 : i32}) {
  return {scf.yield}
}
