// memref ops in custom form: globals, alloc/alloca (dynamic sizes, symbols, alignment,
// memory space), dealloc, view, subview (static and mixed offsets, rank-reducing), cast
// (ranked and unranked), reinterpret_cast, collapse_shape, expand_shape, transpose,
// memory_space_cast, load/store (0-d and n-d, nontemporal), copy, dim, rank, get_global,
// extract_strided_metadata, extract_aligned_pointer_as_index, alloca_scope.
// RUN: bufreuse %s | FileCheck %s
// RUN: bufreuse %s | bufreuse | FileCheck %s
// mlir-opt reads the output as it reads the input (skipped without mlir-opt):
// RUN: %if mlir-opt %{ %mlir_opt %s > %t.ref %}
// RUN: %if mlir-opt %{ bufreuse %s | %mlir_opt | diff %t.ref - %}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @uninit : memref<4xi32> = uninitialized
// CHECK-NEXT: memref.global "private" @ext : memref<f64>
// CHECK-NEXT: memref.global @zero : memref<f32> = dense<0.0>
#map = affine_map<(d0)[s0] -> (d0 + s0)>
module {
  memref.global "private" constant @cst : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
  memref.global @uninit : memref<4xi32> = uninitialized
  memref.global "private" @ext : memref<f64>
  memref.global @zero : memref<f32> = dense<0.0>

  // CHECK-LABEL: func.func @allocs(%n: index, %m: index, %s: index) {
  // CHECK-NEXT: %a = memref.alloc() : memref<4x8xf32>
  // CHECK-NEXT: %b = memref.alloc(%n) : memref<?x8xf32>
  // CHECK-NEXT: %c = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x?xf32>
  // CHECK-NEXT: %d = memref.alloc(%n)[%s] : memref<?xf32, #map>
  // CHECK-NEXT: %e = memref.alloca() : memref<16xi8>
  // CHECK-NEXT: %f = memref.alloca(%m) {alignment = 32 : i64} : memref<?xf64>
  // CHECK-NEXT: %g = memref.alloc() : memref<4xf32, 1>
  // CHECK-NEXT: %h = memref.alloca() : memref<f32>
  // CHECK-NEXT: memref.dealloc %a : memref<4x8xf32>
  // CHECK-NEXT: memref.dealloc %b : memref<?x8xf32>
  // CHECK-NEXT: memref.dealloc %c : memref<?x?xf32>
  // CHECK-NEXT: memref.dealloc %d : memref<?xf32, #map>
  // CHECK-NEXT: memref.dealloc %g : memref<4xf32, 1>
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @allocs(%n: index, %m: index, %s: index) {
    %a = memref.alloc() : memref<4x8xf32>
    %b = memref.alloc(%n) : memref<?x8xf32>
    %c = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x?xf32>
    %d = memref.alloc(%n)[%s] : memref<?xf32, #map>
    %e = memref.alloca() : memref<16xi8>
    %f = memref.alloca(%m) {alignment = 32 : i64} : memref<?xf64>
    %g = memref.alloc() : memref<4xf32, 1>
    %h = memref.alloca() : memref<f32>
    memref.dealloc %a : memref<4x8xf32>
    memref.dealloc %b : memref<?x8xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %d : memref<?xf32, #map>
    memref.dealloc %g : memref<4xf32, 1>
    return
  }

  // CHECK-LABEL: func.func @views(%buf: memref<2048xi8>, %o: index, %n: index, %src: memref<8x16x4xf32>, %i: index) {
  // CHECK-NEXT: %v = memref.view %buf[%o][] : memref<2048xi8> to memref<16x4xf32>
  // CHECK-NEXT: %w = memref.view %buf[%o][%n] : memref<2048xi8> to memref<?x4xf32>
  // CHECK-NEXT: %sv = memref.subview %src[0, 2, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<4x4x4xf32, strided<[64, 4, 1], offset: 8>>
  // CHECK-NEXT: %sm = memref.subview %src[%i, 0, %o] [%n, 4, 2] [1, 2, 1] : memref<8x16x4xf32> to memref<?x4x2xf32, strided<[64, 8, 1], offset: ?>>
  // CHECK-NEXT: %sr = memref.subview %src[1, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1], offset: 64>>
  // CHECK-NEXT: %c1 = memref.cast %src : memref<8x16x4xf32> to memref<?x16x?xf32>
  // CHECK-NEXT: %c2 = memref.cast %src : memref<8x16x4xf32> to memref<*xf32>
  // CHECK-NEXT: %c3 = memref.cast %c2 : memref<*xf32> to memref<8x16x4xf32>
  // CHECK-NEXT: %rc = memref.reinterpret_cast %src to offset: [0], sizes: [128, 4], strides: [4, 1] : memref<8x16x4xf32> to memref<128x4xf32>
  // CHECK-NEXT: %rd = memref.reinterpret_cast %c2 to offset: [%o], sizes: [%n, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  // CHECK-NEXT: %cs = memref.collapse_shape %src {{\[\[}}0, 1], [2]] : memref<8x16x4xf32> into memref<128x4xf32>
  // CHECK-NEXT: %ca = memref.collapse_shape %src {{\[\[}}0, 1, 2]] : memref<8x16x4xf32> into memref<512xf32>
  // CHECK-NEXT: %es = memref.expand_shape %cs {{\[\[}}0, 1], [2]] output_shape [8, 16, 4] : memref<128x4xf32> into memref<8x16x4xf32>
  // CHECK-NEXT: %ed = memref.expand_shape %w {{\[\[}}0, 1], [2]] output_shape [%n, 1, 4] : memref<?x4xf32> into memref<?x1x4xf32>
  // CHECK-NEXT: %tr = memref.transpose %v (d0, d1) -> (d1, d0) : memref<16x4xf32> to memref<4x16xf32, strided<[1, 4]>>
  // CHECK-NEXT: %ms = memref.memory_space_cast %v : memref<16x4xf32> to memref<16x4xf32, 1>
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  func.func @views(%buf: memref<2048xi8>, %o: index, %n: index, %src: memref<8x16x4xf32>, %i: index) {
    %v = memref.view %buf[%o][] : memref<2048xi8> to memref<16x4xf32>
    %w = memref.view %buf[%o][%n] : memref<2048xi8> to memref<?x4xf32>
    %sv = memref.subview %src[0, 2, 0] [4, 4, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<4x4x4xf32, strided<[64, 4, 1], offset: 8>>
    %sm = memref.subview %src[%i, 0, %o] [%n, 4, 2] [1, 2, 1] : memref<8x16x4xf32> to memref<?x4x2xf32, strided<[64, 8, 1], offset: ?>>
    %sr = memref.subview %src[1, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1], offset: 64>>
    %c1 = memref.cast %src : memref<8x16x4xf32> to memref<?x16x?xf32>
    %c2 = memref.cast %src : memref<8x16x4xf32> to memref<*xf32>
    %c3 = memref.cast %c2 : memref<*xf32> to memref<8x16x4xf32>
    %rc = memref.reinterpret_cast %src to offset: [0], sizes: [128, 4], strides: [4, 1] : memref<8x16x4xf32> to memref<128x4xf32>
    %rd = memref.reinterpret_cast %c2 to offset: [%o], sizes: [%n, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
    %cs = memref.collapse_shape %src [[0, 1], [2]] : memref<8x16x4xf32> into memref<128x4xf32>
    %ca = memref.collapse_shape %src [[0, 1, 2]] : memref<8x16x4xf32> into memref<512xf32>
    %es = memref.expand_shape %cs [[0, 1], [2]] output_shape [8, 16, 4] : memref<128x4xf32> into memref<8x16x4xf32>
    %ed = memref.expand_shape %w [[0, 1], [2]] output_shape [%n, 1, 4] : memref<?x4xf32> into memref<?x1x4xf32>
    %tr = memref.transpose %v (d0, d1) -> (d1, d0) : memref<16x4xf32> to memref<4x16xf32, strided<[1, 4]>>
    %ms = memref.memory_space_cast %v : memref<16x4xf32> to memref<16x4xf32, 1>
    return
  }

  // CHECK-LABEL: func.func @access(%m: memref<4x8xf32>, %z: memref<f32>, %i: index, %j: index, %u: memref<*xf32>) -> (f32, index, index) {
  // CHECK-NEXT: %x = memref.load %m[%i, %j] : memref<4x8xf32>
  // CHECK-NEXT: %y = memref.load %z[] : memref<f32>
  // CHECK-NEXT: memref.store %x, %z[] : memref<f32>
  // CHECK-NEXT: memref.store %y, %m[%i, %j] {nontemporal = true} : memref<4x8xf32>
  // CHECK-NEXT: %nt = memref.load %m[%i, %j] {nontemporal = true} : memref<4x8xf32>
  // CHECK-NEXT: %t = memref.alloc() : memref<4x8xf32>
  // CHECK-NEXT: memref.copy %m, %t : memref<4x8xf32> to memref<4x8xf32>
  // CHECK-NEXT: %c1 = arith.constant 1 : index
  // CHECK-NEXT: %d = memref.dim %m, %c1 : memref<4x8xf32>
  // CHECK-NEXT: %r = memref.rank %u : memref<*xf32>
  // CHECK-NEXT: %g = memref.get_global @cst : memref<2xf32>
  // CHECK-NEXT: %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
  // CHECK-NEXT: %bz, %oz = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  // CHECK-NEXT: %p = memref.extract_aligned_pointer_as_index %m : memref<4x8xf32> -> index
  // CHECK-NEXT: memref.alloca_scope {
  // CHECK-NEXT: %s = memref.alloca() : memref<4xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %sc = memref.alloca_scope -> (f32) {
  // CHECK-NEXT: %s = memref.alloca() : memref<4xf32>
  // CHECK-NEXT: %v = memref.load %s[%i] : memref<4xf32>
  // CHECK-NEXT: memref.alloca_scope.return %v : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: memref.dealloc %t : memref<4x8xf32>
  // CHECK-NEXT: return %x, %d, %p : f32, index, index
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  func.func @access(%m: memref<4x8xf32>, %z: memref<f32>, %i: index, %j: index, %u: memref<*xf32>) -> (f32, index, index) {
    %x = memref.load %m[%i, %j] : memref<4x8xf32>
    %y = memref.load %z[] : memref<f32>
    memref.store %x, %z[] : memref<f32>
    memref.store %y, %m[%i, %j] {nontemporal = true} : memref<4x8xf32>
    %nt = memref.load %m[%i, %j] {nontemporal = true} : memref<4x8xf32>
    %t = memref.alloc() : memref<4x8xf32>
    memref.copy %m, %t : memref<4x8xf32> to memref<4x8xf32>
    %c1 = arith.constant 1 : index
    %d = memref.dim %m, %c1 : memref<4x8xf32>
    %r = memref.rank %u : memref<*xf32>
    %g = memref.get_global @cst : memref<2xf32>
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x8xf32> -> memref<f32>, index, index, index, index, index
    %bz, %oz = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
    %p = memref.extract_aligned_pointer_as_index %m : memref<4x8xf32> -> index
    memref.alloca_scope {
      %s = memref.alloca() : memref<4xf32>
    }
    %sc = memref.alloca_scope -> (f32) {
      %s = memref.alloca() : memref<4xf32>
      %v = memref.load %s[%i] : memref<4xf32>
      memref.alloca_scope.return %v : f32
    }
    memref.dealloc %t : memref<4x8xf32>
    return %x, %d, %p : f32, index, index
  }
}
