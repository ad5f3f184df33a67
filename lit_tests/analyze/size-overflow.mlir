// A static shape whose byte size does not fit in 64 bits is an error at the allocation, with
// its span; the run exits with 1, prints no report and writes no output file. Both the element
// count (2^32 x 2^32) and the byte size (2^62 elements x 4 bytes) can overflow. Each is alone
// in its memory space here; size-overflow-pooled.mlir has one next to a buffer it could share
// a pool with.
// RUN: rm -rf %t && mkdir %t
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze %s -o %t/report.txt 2>&1 \
// RUN:   | FileCheck --strict-whitespace %s
// RUN: ls -A %t | FileCheck --allow-empty --check-prefix=NOFILE %s
// RUN: %python %S/Inputs/exit-status.py bufreuse --analyze --format=json %s 2>&1 \
// RUN:   | FileCheck --check-prefix=JSON %s

func.func @too_big() {
  %fits = memref.alloca() : memref<1024x1024xf32>
  %a = memref.alloc() : memref<4294967296x4294967296xf32>
  %b = memref.alloc() : memref<4611686018427387904xf32, 1>
  memref.dealloc %a : memref<4294967296x4294967296xf32>
  return
}

// CHECK:      {{^}}{{.*}}size-overflow.mlir:15:3: error: the byte size of memref<4294967296x4294967296xf32> does not fit in 64 bits{{$}}
// CHECK-NEXT: {{^}}  %a = memref.alloc() : memref<4294967296x4294967296xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{\^+$}}
// CHECK-NEXT: {{^}}{{.*}}size-overflow.mlir:16:3: error: the byte size of memref<4611686018427387904xf32, 1> does not fit in 64 bits{{$}}
// CHECK-NEXT: {{^}}  %b = memref.alloc() : memref<4611686018427387904xf32, 1>{{$}}
// CHECK-NEXT: {{^}}  ^{{\^+$}}
// CHECK-NEXT: {{^}}exit status: 1{{$}}

// NOFILE-NOT: {{.}}

// JSON-NOT: "functions"
// JSON: error: the byte size of memref<4294967296x4294967296xf32> does not fit in 64 bits
// JSON-NOT: "functions"
// JSON: exit status: 1
