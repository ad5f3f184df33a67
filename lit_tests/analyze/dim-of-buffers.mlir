// A `memref.dim` is known at entry when the size it reads is: the size operand of the
// `memref.alloc` (or `alloca`, `view`) that made the buffer, the `output_shape` entry of an
// `expand_shape`, the size of a `subview` or `reinterpret_cast`, the source's dimension
// through a `cast`, the product over its group through a `collapse_shape`, a constant for a
// static dimension; and that, in turn, is known at entry (tosa-to-linalg sizes each buffer by
// a `memref.dim` of the one before). Not known: a buffer sized by a loaded value, and a buffer
// in a loop that may not run (the note names the op at fault).
// RUN: bufreuse --analyze %s | FileCheck %s
// RUN: bufreuse --analyze --remarks %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: bufreuse --analyze --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --rewrite %s | FileCheck --check-prefix=REWRITE %s

func.func @issue(%x: memref<?x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x8xf32>
  %a = memref.alloc(%n) : memref<?x8xf32>
  linalg.copy ins(%x : memref<?x8xf32>) outs(%a : memref<?x8xf32>)
  %n2 = memref.dim %a, %c0 : memref<?x8xf32>
  %b = memref.alloc(%n2) : memref<?x8xf32>
  linalg.copy ins(%a : memref<?x8xf32>) outs(%b : memref<?x8xf32>)
  memref.dealloc %a : memref<?x8xf32>
  %e = memref.expand_shape %b [[0], [1, 2]] output_shape [%n2, 2, 4] : memref<?x8xf32> into memref<?x2x4xf32>
  %n3 = memref.dim %e, %c0 : memref<?x2x4xf32>
  %c = memref.alloc(%n3) : memref<?x2x4xf32>
  linalg.copy ins(%e : memref<?x2x4xf32>) outs(%c : memref<?x2x4xf32>)
  memref.dealloc %b : memref<?x8xf32>
  %v = memref.load %c[%c0, %c0, %c0] : memref<?x2x4xf32>
  memref.dealloc %c : memref<?x2x4xf32>
  return %v : f32
}

func.func @views(%n: index, %m: index, %bytes: memref<?xi8>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc(%n, %m) : memref<?x4x?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?x4x?xf32>)
  %flat = memref.collapse_shape %a [[0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
  %rows = memref.dim %flat, %c0 : memref<?x?xf32>
  %from_collapse = memref.alloc(%rows) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%from_collapse : memref<?xf32>)
  %any = memref.cast %a : memref<?x4x?xf32> to memref<?x?x?xf32>
  %four = memref.dim %any, %c1 : memref<?x?x?xf32>
  %cols = memref.dim %any, %c2 : memref<?x?x?xf32>
  %from_cast = memref.alloc(%four, %cols) : memref<?x?xf32>
  linalg.fill ins(%f : f32) outs(%from_cast : memref<?x?xf32>)
  %half = arith.divui %n, %c2 : index
  %part = memref.subview %a[0, 0, 0] [%half, 4, %m] [1, 1, 1] : memref<?x4x?xf32> to memref<?x4x?xf32, strided<[?, ?, 1]>>
  %h = memref.dim %part, %c0 : memref<?x4x?xf32, strided<[?, ?, 1]>>
  %from_subview = memref.alloc(%h) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%from_subview : memref<?xf32>)
  %flat2 = memref.reinterpret_cast %from_collapse to offset: [0], sizes: [%rows, 1], strides: [1, 1] : memref<?xf32> to memref<?x1xf32, strided<[1, 1]>>
  %r = memref.dim %flat2, %c0 : memref<?x1xf32, strided<[1, 1]>>
  %from_reinterpret = memref.alloc(%r) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%from_reinterpret : memref<?xf32>)
  %view = memref.view %bytes[%c0][%m] : memref<?xi8> to memref<?xf32>
  %k = memref.dim %view, %c0 : memref<?xf32>
  %from_view = memref.alloc(%k) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%from_view : memref<?xf32>)
  %s1 = memref.load %from_collapse[%c0] : memref<?xf32>
  %s2 = memref.load %from_cast[%c0, %c0] : memref<?x?xf32>
  %s3 = memref.load %from_subview[%c0] : memref<?xf32>
  %s4 = memref.load %from_reinterpret[%c0] : memref<?xf32>
  %s5 = memref.load %from_view[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?x4x?xf32>
  memref.dealloc %from_collapse : memref<?xf32>
  memref.dealloc %from_cast : memref<?x?xf32>
  memref.dealloc %from_subview : memref<?xf32>
  memref.dealloc %from_reinterpret : memref<?xf32>
  memref.dealloc %from_view : memref<?xf32>
  %t1 = arith.addf %s1, %s2 : f32
  %t2 = arith.addf %t1, %s3 : f32
  %t3 = arith.addf %t2, %s4 : f32
  %t4 = arith.addf %t3, %s5 : f32
  return %t4 : f32
}

func.func @not_known(%sizes: memref<2xindex>, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %loaded = memref.load %sizes[%c0] : memref<2xindex>
  %a = memref.alloc(%loaded) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  %d = memref.dim %a, %c0 : memref<?xf32>
  %b = memref.alloc(%d) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%b : memref<?xf32>)
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  %n = memref.dim %x, %c0 : memref<?xf32>
  %ub = memref.load %sizes[%c1] : memref<2xindex>
  scf.for %i = %c0 to %ub step %c1 {
    %l = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%l : memref<?xf32>)
    %dl = memref.dim %l, %c0 : memref<?xf32>
    %m = memref.alloc(%dl) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%m : memref<?xf32>)
    memref.dealloc %l : memref<?xf32>
    memref.dealloc %m : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func @issue: 3 allocations, 3 pooled
// CHECK-NEXT:  value
// CHECK-NEXT:  %a memref<?x8xf32>   32*%n B  {{.*}} pooled 0
// CHECK-NEXT:  %b memref<?x8xf32>   32*%n2 B {{.*}} pooled max(0, end %a, end %c)
// CHECK-NEXT:  %c memref<?x2x4xf32> 32*%n3 B {{.*}} pooled 0
// CHECK-LABEL: func @views: 6 allocations, 6 pooled
// CHECK:       %from_collapse    memref<?xf32>   4*%rows B        {{.*}} pooled
// CHECK-NEXT:  %from_cast        memref<?x?xf32> 4*%four*%cols B  {{.*}} pooled
// CHECK-NEXT:  %from_subview     memref<?xf32>   4*%h B           {{.*}} pooled
// CHECK-NEXT:  %from_reinterpret memref<?xf32>   4*%r B           {{.*}} pooled
// CHECK-NEXT:  %from_view        memref<?xf32>   4*%k B           {{.*}} pooled
// CHECK-LABEL: func @not_known: 4 allocations, 0 pooled
// CHECK-NEXT:  value
// CHECK-NEXT:  %a memref<?xf32> 4*%loaded B {{.*}} size-not-available -
// CHECK-NEXT:  %b memref<?xf32> 4*%d B      {{.*}} size-not-available -
// CHECK-NEXT:  %l memref<?xf32> 4*%n B      {{.*}} size-not-available -
// CHECK-NEXT:  %m memref<?xf32> 4*%dl B     {{.*}} size-not-available -
// CHECK:       total: 13 allocations, 9 pooled

// The size the note names is the op that made the buffer unreadable: the load, the loop.
// REMARK:      dim-of-buffers.mlir:84:3: remark: %a cannot share memory [size-not-available]
// REMARK:      dim-of-buffers.mlir:83:3: note: its size depends on this op ('memref.load')
// REMARK:      dim-of-buffers.mlir:87:3: remark: %b cannot share memory [size-not-available]
// REMARK:      dim-of-buffers.mlir:83:3: note: its size depends on this op ('memref.load')
// REMARK:      dim-of-buffers.mlir:94:5: remark: %l cannot share memory [size-not-available]
// REMARK:      dim-of-buffers.mlir:93:3: note: inside this loop, whose bounds or step are not known
// REMARK:      dim-of-buffers.mlir:97:5: remark: %m cannot share memory [size-not-available]
// REMARK:      dim-of-buffers.mlir:93:3: note: inside this loop, whose bounds or step are not known

// JSON:      "value": "%b",
// JSON:      "size": "32*%n2",
// JSON:      "eligible": true,
// JSON:      "reason": null,
// JSON:      "run_time_offset": {
// JSON-NEXT:   "base": 0,
// JSON-NEXT:   "above": [
// JSON-NEXT:     "%a",
// JSON-NEXT:     "%c"
// JSON:      "value": "%from_view",
// JSON:      "size": "4*%k",
// JSON:      "eligible": true,
// JSON:      "value": "%b",
// JSON:      "size": "4*%d",
// JSON:      "eligible": false,
// JSON-NEXT: "reason": "size-not-available",

// The prologue computes each size from the function's arguments: a dim of a buffer becomes
// the size that buffer was made with (%n2 and %n3 are %x's dimension 0), a collapsed one the
// product over its group (%rows is 4 * %n), a static one a constant (%four), and the program
// keeps its own dims, now of the views.
// REWRITE-LABEL: func.func @issue(%x: memref<?x8xf32>) -> f32 {
// REWRITE:         %[[N:.*]] = memref.dim %x, %{{.*}} : memref<?x8xf32>
// REWRITE:         %a_bytes = arith.muli %pool_c32, %[[N]] : index
// REWRITE:         %c_bytes = arith.muli %pool_c32, %[[N]] : index
// REWRITE:         %b_bytes = arith.muli %pool_c32, %[[N]] : index
// REWRITE:         %pool = memref.alloc(%pool_size{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// REWRITE:         %n2 = memref.dim %a, %c0 : memref<?x8xf32>
// REWRITE-NEXT:    %b = scf.if %use_pool -> (memref<?x8xf32>) {
// REWRITE-NEXT:      %b_in_pool = memref.view %pool_or_none[%b_off][%n2] : memref<?xi8> to memref<?x8xf32>
// REWRITE-LABEL: func.func @views(
// REWRITE:         %a_bytes{{.*}} = arith.muli %pool_c16, %n : index
// REWRITE:         %[[ROWS:.*]] = arith.muli %n, %pool_c4 : index
// REWRITE:         arith.muli %pool_c4{{.*}}, %[[ROWS]] : index
// REWRITE:         arith.muli %pool_c4{{.*}}, %m : index
// REWRITE-LABEL: func.func @not_known(
// REWRITE-NOT:     memref.view
// REWRITE:         return
