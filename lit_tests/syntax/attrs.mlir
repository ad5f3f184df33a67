// Attributes, as discardable function attributes: integers (typed, untyped, hex), floats
// (decimal, exponent, hex bit patterns), booleans, unit, strings with escapes, arrays, dicts,
// dense (splat, nested, hex string), dense_resource, array<>, affine_map, affine_set,
// strided, symbol references, types and dialect attributes. The spelling of the input is kept.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect | diff %t.ref - %}

// CHECK-LABEL: func.func private @integers() attributes {untyped = 42, typed = -7 : i8, idx = 3 : index, max_u64 = 18446744073709551615 : ui64, min_i64 = -9223372036854775808 : i64, hex = 0x1F : i32, si = -1 : si16}
func.func private @integers() attributes {untyped = 42, typed = -7 : i8, idx = 3 : index, max_u64 = 18446744073709551615 : ui64, min_i64 = -9223372036854775808 : i64, hex = 0x1F : i32, si = -1 : si16}
// CHECK-LABEL: func.func private @floats() attributes {dec = 1.5 : f32, neg = -0.25 : f64, exp = 1.0e-10 : f64, exp_upper = 2.5E+3 : f16, untyped = 3.0, printed = 0.000000e+00 : f32, bf = 1.0 : bf16, f8 = 1.0 : f8E4M3FN}
func.func private @floats() attributes {dec = 1.5 : f32, neg = -0.25 : f64, exp = 1.0e-10 : f64, exp_upper = 2.5E+3 : f16, untyped = 3.0, printed = 0.000000e+00 : f32, bf = 1.0 : bf16, f8 = 1.0 : f8E4M3FN}
// CHECK-LABEL: func.func private @hex_floats() attributes {nan = 0x7FC00000 : f32, minus_inf = 0xFFF0000000000000 : f64, half = 0x3C00 : f16}
func.func private @hex_floats() attributes {nan = 0x7FC00000 : f32, minus_inf = 0xFFF0000000000000 : f64, half = 0x3C00 : f16}
// CHECK-LABEL: func.func private @bools_unit() attributes {t = true, f = false, u, u2}
func.func private @bools_unit() attributes {t = true, f = false, u, u2 = unit}
// CHECK-LABEL: func.func private @strings() attributes {plain = "text", escapes = "tab\09quote\"back\\slash\nnewline \E9", typed = "abc" : i32, empty = "", utf8 = "caf\C3\A9 ü"}
func.func private @strings() attributes {plain = "text", escapes = "tab\09quote\"back\\slash\nnewline \E9", typed = "abc" : i32, empty = "", utf8 = "caf\C3\A9 ü"}
// CHECK-LABEL: func.func private @arrays_dicts() attributes {empty = [], mixed = [1, "two", [3.0 : f32], {k = 4}], dict = {}, nested = {a = {b = [true]}, "quoted key" = 1}}
func.func private @arrays_dicts() attributes {empty = [], mixed = [1, "two", [3.0 : f32], {k = 4}], dict = {}, nested = {a = {b = [true]}, "quoted key" = 1}}
// CHECK-LABEL: func.func private @dense() attributes {splat = dense<1.0> : tensor<4xf32>, ints = dense<[1, 2, 3]> : tensor<3xi32>, nested = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>, bools = dense<[true, false]> : vector<2xi1>, empty = dense<> : tensor<0xf32>, cplx = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, idx = dense<0> : vector<4xindex>, on_memref = dense<[1.5, -2.0]> : memref<2xf64>, strs = dense<["a", "bc"]> : tensor<2x!foo.str>}
func.func private @dense() attributes {splat = dense<1.0> : tensor<4xf32>, ints = dense<[1, 2, 3]> : tensor<3xi32>, nested = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, bools = dense<[true, false]> : vector<2xi1>, empty = dense<> : tensor<0xf32>, cplx = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, idx = dense<0> : vector<4xindex>, on_memref = dense<[1.5, -2.0]> : memref<2xf64>, strs = dense<["a", "bc"]> : tensor<2x!foo.str>}
// CHECK-LABEL: func.func private @dense_hex() attributes {f32s = dense<"0x0000803F00000040"> : tensor<2xf32>, i8s = dense<"0x0102"> : tensor<2xi8>}
func.func private @dense_hex() attributes {f32s = dense<"0x0000803F00000040"> : tensor<2xf32>, i8s = dense<"0x0102"> : tensor<2xi8>}
// CHECK-LABEL: func.func private @dense_resource() attributes {res = dense_resource<blob1> : tensor<2xi32>}
func.func private @dense_resource() attributes {res = dense_resource<blob1> : tensor<2xi32>}
// CHECK-LABEL: func.func private @array_attrs() attributes {i32s = array<i32: 1, 2, -3>, f64s = array<f64: 1.0, 2.5>, empty = array<i64>, i1s = array<i1: true, false>}
func.func private @array_attrs() attributes {i32s = array<i32: 1, 2, -3>, f64s = array<f64: 1.0, 2.5>, empty = array<i64>, i1s = array<i1: true, false>}
// CHECK-LABEL: func.func private @affine() attributes {map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 4, d0 mod 2, d1 ceildiv 3, -d0 * 2)>, const = affine_map<() -> (0)>, set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>}
func.func private @affine() attributes {map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 4, d0 mod 2, d1 ceildiv 3, -d0 * 2)>, const = affine_map<() -> (0)>, set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>}
// CHECK-LABEL: func.func private @strided() attributes {s = strided<[4, 1], offset: ?>, t = strided<[?]>}
func.func private @strided() attributes {s = strided<[4, 1], offset: ?>, t = strided<[?]>}
// CHECK-LABEL: func.func private @symbols() attributes {sym = @a, nested = @a::@b::@c, quoted = @"with space"}
func.func private @symbols() attributes {sym = @a, nested = @a::@b::@c, quoted = @"with space"}
// CHECK-LABEL: func.func private @types() attributes {ty = i32, mem = memref<?xf32>, fn = (i32) -> (), llvm = !llvm.ptr}
func.func private @types() attributes {ty = i32, mem = memref<?xf32>, fn = (i32) -> (), llvm = !llvm.ptr}
// CHECK-LABEL: func.func private @dialect_attrs() attributes {pretty = #foo.bar<"x", [1, 2]>, raw = #foo<"raw">, linkage = #llvm.linkage<internal>, fm = #arith.fastmath<fast>}
func.func private @dialect_attrs() attributes {pretty = #foo.bar<"x", [1, 2]>, raw = #foo<"raw">, linkage = #llvm.linkage<internal>, fm = #arith.fastmath<fast>}
