// What --ownership-based-buffer-deallocation alone leaves (no simplification): deallocs of
// the base buffers of extract_strided_metadata (aliases), and a dealloc that retains the
// returned buffer, which therefore frees nothing of it: no warning of a use after it.
// RUN: bufreuse --analyze %s 2>&1 | FileCheck --check-prefix=RAW %s

func.func @raw(%n: index) -> memref<16xf32> {
  %true = arith.constant true
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%a : memref<16xf32>) outs(%b : memref<16xf32>)
  %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<16xf32> -> memref<f32>, index, index, index
  %o = bufferization.dealloc (%base : memref<f32>) if (%true) retain (%b : memref<16xf32>)
  return %b : memref<16xf32>
}

// RAW-NOT:     warning
// RAW-LABEL:   func @raw: 2 allocations, 0 pooled
// RAW-NEXT:    value type
// RAW-NEXT:    %a {{.*}} eligible (alone in its memory space) -
// RAW-NEXT:    %b {{.*}} escapes-return -
// RAW-NOT:     warning
