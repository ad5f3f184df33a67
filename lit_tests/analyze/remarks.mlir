// --remarks: one remark per allocation that is not pooled, on stderr, in program order, at
// the allocation, with a note at the op that caused it when there is one; nothing for the
// eligible ones, and nothing at all without --remarks. The report on stdout is the same.
// RUN: bufreuse --analyze --remarks %s -o %t.remarks.txt 2>&1 | FileCheck --strict-whitespace %s
// RUN: bufreuse --analyze %s -o %t.plain.txt 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: diff %t.remarks.txt %t.plain.txt
// RUN: FileCheck --check-prefix=REPORT --input-file=%t.plain.txt %s

func.func private @sink(memref<8xf32>)
func.func @remarks(%sizes: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %n = memref.load %sizes[%c0] : memref<1xindex>
  %f = arith.constant 1.0 : f32
  %ok1 = memref.alloc() : memref<8xf32>
  %ok2 = memref.alloc() : memref<8xf32>
  %leak = memref.alloc() : memref<8xf32>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %called = memref.alloc() : memref<8xf32>
  memref.store %f, %ok1[%c0] : memref<8xf32>
  memref.store %f, %ok2[%c0] : memref<8xf32>
  memref.store %f, %leak[%c0] : memref<8xf32>
  memref.store %f, %dyn[%c0] : memref<?xf32>
  func.call @sink(%called) : (memref<8xf32>) -> ()
  memref.dealloc %ok1 : memref<8xf32>
  memref.dealloc %ok2 : memref<8xf32>
  memref.dealloc %dyn : memref<?xf32>
  memref.dealloc %called : memref<8xf32>
  return
}

// CHECK-NOT: %ok
// CHECK:      {{^}}{{.*}}remarks.mlir:16:3: remark: %leak cannot share memory [no-dealloc]: it is never deallocated{{$}}
// CHECK-NEXT: {{^}}  %leak = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}{{.*}}remarks.mlir:17:3: remark: %dyn cannot share memory [size-not-available]: its size is not known at the start of the function, where the pool is allocated{{$}}
// CHECK-NEXT: {{^}}  %dyn = memref.alloc(%n) : memref<?xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}{{.*}}remarks.mlir:12:3: note: its size depends on this op ('memref.load'){{$}}
// CHECK-NEXT: {{^}}  %n = memref.load %sizes[%c0] : memref<1xindex>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}{{.*}}remarks.mlir:18:3: remark: %called cannot share memory [escapes-call]: it or an alias is passed to a call (@sink argument #0 is an external declaration without llvm.nocapture){{$}}
// CHECK-NEXT: {{^}}  %called = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}{{.*}}remarks.mlir:23:3: note: passed to a call here ('func.call'){{$}}
// CHECK-NEXT: {{^}}  func.call @sink(%called) : (memref<8xf32>) -> (){{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NOT: {{.}}

// QUIET-NOT: {{.}}

// REPORT: %ok1 {{.*}} pooled
// REPORT: %ok2 {{.*}} pooled
// REPORT: %leak {{.*}} no-dealloc -
// REPORT: %dyn {{.*}} size-not-available -
// REPORT: %called {{.*}} escapes-call -
