// --analyze --format=json and --rewrite agree: the pool size in the report is the size of
// the pool in the IR, and the offset the report gives a buffer is the constant its view
// uses. The report comes first in FileCheck's input, so its numbers are captured there and
// required in the IR.
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --pool-all --live-from-alloc --analyze --format=json %s > %t/report.json
// RUN: bufreuse --pool-all --live-from-alloc --rewrite %s > %t/rewritten.mlir
// RUN: cat %t/report.json %t/rewritten.mlir | FileCheck %s

// CHECK:      "name": "agree",
// CHECK:      "pool_bytes": [[#POOL:]],
// CHECK:      "value": "%c",
// CHECK:      "offset": [[#OFFC:]],
// CHECK:      func.func @agree(
// CHECK-DAG:    [[C:%[a-z0-9_]+]] = arith.constant [[#OFFC]] : index
// CHECK-DAG:    [[P:%[a-z0-9_]+]] = memref.alloc() {alignment = 64 : i64} : memref<[[#POOL]]xi8>
// CHECK:        %c = memref.view [[P]]{{\[}}[[C]]{{\]}}[] : memref<[[#POOL]]xi8> to memref<10xf64>

// And the numbers themselves: a and b (64 B each) live together, then b and c (80 B); a
// is dead when c is written: b@0, a@64, c@64; 144 bytes, the peak.
// RUN: FileCheck --check-prefix=NUMBERS %s --input-file=%t/report.json
// NUMBERS: "pool_bytes": 144,
// NUMBERS: "value": "%a",
// NUMBERS: "offset": 64,
// NUMBERS: "value": "%b",
// NUMBERS: "offset": 0,
// NUMBERS: "value": "%c",
// NUMBERS: "offset": 64,

func.func @agree(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf64>
  %b = memref.alloc() : memref<8xf64>
  memref.store %x, %a[%c0] : memref<8xf64>
  %v = memref.load %a[%c0] : memref<8xf64>
  memref.store %v, %b[%c0] : memref<8xf64>
  memref.dealloc %a : memref<8xf64>
  %c = memref.alloc() : memref<10xf64>
  %w = memref.load %b[%c0] : memref<8xf64>
  memref.store %w, %c[%c0] : memref<10xf64>
  %r = memref.load %c[%c0] : memref<10xf64>
  memref.dealloc %b : memref<8xf64>
  memref.dealloc %c : memref<10xf64>
  return %r : f64
}
