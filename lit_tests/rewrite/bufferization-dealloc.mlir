// IR after ownership-based deallocation, before `--bufferization-lower-deallocations`: a
// buffer that a `bufferization.dealloc` frees under the constant condition `true`, and that
// it does not retain, is freed there as by a memref.dealloc. A pooled buffer is taken out of
// the dealloc's lists (with its condition); a dealloc left with nothing to do goes, one that
// still has results stays. A buffer freed under another condition, or retained, is
// conditional-dealloc and stays.
// RUN: bufreuse --analyze %s | FileCheck --check-prefix=REPORT %s
// RUN: bufreuse --analyze --format=json %s | %python %S/../analyze/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --analyze --remarks %s -o /dev/null 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: bufreuse --rewrite %s | FileCheck %s
// RUN: bufreuse --rewrite %s | bufreuse --rewrite - | FileCheck %s

func.func @constant_true(%arg0: memref<16xf32>, %cond: i1) -> memref<16xf32> {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %x = memref.load %a[%c0] : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  "bufferization.dealloc"(%a, %true) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<16xf32>, i1) -> ()
  %c = memref.alloc() : memref<16xf32>
  %y = memref.load %b[%c0] : memref<16xf32>
  memref.store %y, %c[%c0] : memref<16xf32>
  %d = memref.alloc() : memref<16xf32>
  memref.store %y, %d[%c0] : memref<16xf32>
  %e = memref.alloc() : memref<16xf32>
  memref.store %y, %e[%c0] : memref<16xf32>
  %r = memref.alloc() : memref<16xf32>
  memref.copy %c, %r : memref<16xf32> to memref<16xf32>
  %o = "bufferization.dealloc"(%b, %c, %d, %arg0, %true, %true, %cond, %true, %r) <{operandSegmentSizes = array<i32: 4, 4, 1>}> : (memref<16xf32>, memref<16xf32>, memref<16xf32>, memref<16xf32>, i1, i1, i1, i1, memref<16xf32>) -> i1
  "bufferization.dealloc"(%e, %true) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<16xf32>, i1) -> ()
  return %r : memref<16xf32>
}

// REPORT-LABEL: func @constant_true: 6 allocations, 4 pooled
// REPORT:      %a {{.*}} pooled
// REPORT-NEXT: %b {{.*}} pooled
// REPORT-NEXT: %c {{.*}} pooled
// REPORT-NEXT: %d {{.*}} conditional-dealloc -
// REPORT-NEXT: %e {{.*}} pooled
// REPORT-NEXT: %r {{.*}} escapes-return -

// JSON:      allocation {"value":"%d",{{.*}}"eligible":false,"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],"detail":null,"offset":null,"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%e",{{.*}}"eligible":true,
// JSON-NEXT: allocation {"value":"%r",{{.*}}"reason":"escapes-return","all_reasons":["escapes-return","no-dealloc","conditional-dealloc"],
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"escapes-return":1,"conditional-dealloc":1}

// REMARK:      remark: %d cannot share memory [conditional-dealloc]: a dealloc frees it only under a condition not known to be true or through a value that may be another buffer, or retains it
// REMARK:      note: freed or retained here ('bufferization.dealloc')
// REMARK:      remark: %r cannot share memory [escapes-return]

// %a, %b, %c and %e share the pool; the first dealloc (only %a) and the last (only %e) go,
// the middle one keeps %d and %arg0 with their conditions, and its result.
// CHECK-LABEL: func.func @constant_true(
// CHECK-DAG:   %[[POOL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK-DAG:   %[[TRUE:.*]] = arith.constant true
// CHECK:       %a = memref.view %[[POOL]]
// CHECK:       %b = memref.view %[[POOL]]
// CHECK:       %c = memref.view %[[POOL]]
// CHECK:       %d = memref.alloc() : memref<16xf32>
// CHECK:       %e = memref.view %[[POOL]]
// CHECK:       %r = memref.alloc() : memref<16xf32>
// CHECK-NEXT:  memref.copy %c, %r
// CHECK-NEXT:  %o = bufferization.dealloc (%d, %arg0 : memref<16xf32>, memref<16xf32>) if (%cond, %[[TRUE]]) retain (%r : memref<16xf32>)
// CHECK-NEXT:  memref.dealloc %[[POOL]] : memref<128xi8>
// CHECK-NEXT:  return %r : memref<16xf32>
// CHECK-NOT:   bufferization.dealloc

