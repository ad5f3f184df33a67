// The JSON column counts bytes, as MLIR's diagnostics do: %a below starts at byte 47 of its line
// (the string before it holds three two-byte characters), character 44.
//
// Regression test, fixed in 98cebe8 (this test was XFAIL until then): src/source.rs
// `SourceFile::line_col` counts characters (chars().count()), although its doc comment and
// commit d03d9b2 say bytes; the JSON says "column":44. Diagnostics share it.
//
// RUN: bufreuse --analyze --format=json %s | %python %S/Inputs/jsonl.py | FileCheck %s

func.func @f() {
  %x = "test.op"() {s = "ééé"} : () -> i32 %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK: allocation {"value":"%a",{{.*}}"line":11,"column":47,
