// Builtin types other than memref, and dialect types, in function signatures.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt --allow-unregistered-dialect %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt --allow-unregistered-dialect | diff %t.ref - %}

// CHECK-LABEL: func.func private @signless(i1, i2, i8, i16, i32, i64, i128)
func.func private @signless(i1, i2, i8, i16, i32, i64, i128)
// CHECK-LABEL: func.func private @signed(si8, si32, ui8, ui64)
func.func private @signed(si8, si32, ui8, ui64)
// CHECK-LABEL: func.func private @floats(f16, bf16, f32, f64, f80, f128, tf32)
func.func private @floats(f16, bf16, f32, f64, f80, f128, tf32)
// CHECK-LABEL: func.func private @f8(f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E4M3, f8E8M0FNU)
func.func private @f8(f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E4M3, f8E8M0FNU)
// CHECK-LABEL: func.func private @small_floats(f4E2M1FN, f6E2M3FN, f6E3M2FN)
func.func private @small_floats(f4E2M1FN, f6E2M3FN, f6E3M2FN)
// CHECK-LABEL: func.func private @index_none(index, none)
func.func private @index_none(index, none)
// CHECK-LABEL: func.func private @complex(complex<f32>, complex<i8>)
func.func private @complex(complex<f32>, complex<i8>)
// CHECK-LABEL: func.func private @tuples(tuple<>, tuple<i32, tuple<f32>>)
func.func private @tuples(tuple<>, tuple<i32, tuple<f32>>)
// CHECK-LABEL: func.func private @functions(() -> (), (i32) -> f32, (i32, f32) -> (i1, i1), ((i32) -> i32) -> ())
func.func private @functions(() -> (), (i32) -> f32, (i32, f32) -> (i1, i1), ((i32) -> i32) -> ())
// CHECK-LABEL: func.func private @vectors(vector<4xf32>, vector<4x[8]xf32>, vector<[4]xi1>, vector<2x3x4xf16>, vector<f32>)
func.func private @vectors(vector<4xf32>, vector<4x[8]xf32>, vector<[4]xi1>, vector<2x3x4xf16>, vector<f32>)
// CHECK-LABEL: func.func private @tensors(tensor<?x4xf32>, tensor<*xf32>, tensor<f32>, tensor<0x4xf32>, tensor<4x4xcomplex<f32>>)
func.func private @tensors(tensor<?x4xf32>, tensor<*xf32>, tensor<f32>, tensor<0x4xf32>, tensor<4x4xcomplex<f32>>)
// CHECK-LABEL: func.func private @tensor_encodings(tensor<4xf32, "enc">, tensor<4x?xi32, #foo.enc<1>>)
func.func private @tensor_encodings(tensor<4xf32, "enc">, tensor<4x?xi32, #foo.enc<1>>)
// CHECK-LABEL: func.func private @dialect_types(!llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, f32)>, !foo.bar<"x", 3>, !foo<"raw text">)
func.func private @dialect_types(!llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, f32)>, !foo.bar<"x", 3>, !foo<"raw text">)
// CHECK-LABEL: func.func private @results() -> (i1, f8E4M3FN, index, tuple<>, vector<4x[8]xf32>, tensor<*xf32>, !llvm.ptr)
func.func private @results() -> (i1, f8E4M3FN, index, tuple<>, vector<4x[8]xf32>, tensor<*xf32>, !llvm.ptr)
