// A use after the dealloc is suspicious but legal input: --analyze warns on stderr (without
// --remarks), at the use, with a note at the dealloc, exits 0, and reports the buffer as
// `use-after-dealloc`. The use through an alias is found too; the warning names the buffer.
// RUN: %python %S/Inputs/exit-status.py bufreuse --live-from-alloc --analyze %s -o %t.txt 2>&1 \
// RUN:   | FileCheck --strict-whitespace %s
// RUN: FileCheck --check-prefix=REPORT --input-file=%t.txt %s

func.func @late_read() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %a : memref<8xf32>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  return %v : f32
}

// CHECK:      {{^}}{{.*}}use-after-dealloc-warning.mlir:13:3: warning: %a is used after it is deallocated{{$}}
// CHECK-NEXT: {{^}}  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>{{$}}
// CHECK-NEXT: {{^}}  ^{{\^+$}}
// CHECK-NEXT: {{^}}{{.*}}use-after-dealloc-warning.mlir:12:3: note: deallocated here{{$}}
// CHECK-NEXT: {{^}}  memref.dealloc %a : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{\^+$}}
// CHECK-NEXT: {{^}}exit status: 0{{$}}

// REPORT: %a memref<8xf32> 32 B [1, 4] 10 use-after-dealloc -{{$}}
// REPORT: not pooled: use-after-dealloc 1
