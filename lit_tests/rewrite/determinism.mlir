// Two runs give byte-identical output, on an input full of ties: sixteen buffers of equal
// size with overlapping lifetimes (each is read right before its dealloc, so it lives until
// then; at most nine live together), and a generated program with many functions and loops.
// RUN: rm -rf %t && mkdir %t
// RUN: bufreuse --pool-all --rewrite %s -o %t/a.mlir
// RUN: bufreuse --pool-all --rewrite %s -o %t/b.mlir
// RUN: diff %t/a.mlir %t/b.mlir
// RUN: %python %S/../../tests/tools/gen_programs.py --seed 6 -o %t/gen.mlir
// RUN: bufreuse --pool-all --rewrite --stats %t/gen.mlir -o %t/gen.a.mlir 2> %t/gen.a.stats
// RUN: bufreuse --pool-all --rewrite --stats %t/gen.mlir -o %t/gen.b.mlir 2> %t/gen.b.stats
// RUN: diff %t/gen.a.mlir %t/gen.b.mlir
// RUN: diff %t/gen.a.stats %t/gen.b.stats
// RUN: FileCheck %s --input-file=%t/a.mlir
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<576xi8>

func.func @ties(%x: f32, %sink: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %b0 = memref.alloc() : memref<16xf32>
  %b1 = memref.alloc() : memref<16xf32>
  %b2 = memref.alloc() : memref<16xf32>
  %b3 = memref.alloc() : memref<16xf32>
  memref.store %x, %b0[%c0] : memref<16xf32>
  memref.store %x, %b1[%c0] : memref<16xf32>
  memref.store %x, %b2[%c0] : memref<16xf32>
  memref.store %x, %b3[%c0] : memref<16xf32>
  %v0 = memref.load %b0[%c0] : memref<16xf32>
  memref.store %v0, %sink[%c0] : memref<4xf32>
  memref.dealloc %b0 : memref<16xf32>
  %v2 = memref.load %b2[%c0] : memref<16xf32>
  memref.store %v2, %sink[%c0] : memref<4xf32>
  memref.dealloc %b2 : memref<16xf32>
  %b4 = memref.alloc() : memref<16xf32>
  %b5 = memref.alloc() : memref<16xf32>
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  memref.store %x, %b4[%c0] : memref<16xf32>
  memref.store %x, %b5[%c0] : memref<16xf32>
  memref.store %x, %b6[%c0] : memref<16xf32>
  memref.store %x, %b7[%c0] : memref<16xf32>
  %v1 = memref.load %b1[%c0] : memref<16xf32>
  memref.store %v1, %sink[%c0] : memref<4xf32>
  memref.dealloc %b1 : memref<16xf32>
  %v5 = memref.load %b5[%c0] : memref<16xf32>
  memref.store %v5, %sink[%c0] : memref<4xf32>
  memref.dealloc %b5 : memref<16xf32>
  %b8 = memref.alloc() : memref<16xf32>
  %b9 = memref.alloc() : memref<16xf32>
  %b10 = memref.alloc() : memref<16xf32>
  %b11 = memref.alloc() : memref<16xf32>
  memref.store %x, %b8[%c0] : memref<16xf32>
  memref.store %x, %b9[%c0] : memref<16xf32>
  memref.store %x, %b10[%c0] : memref<16xf32>
  memref.store %x, %b11[%c0] : memref<16xf32>
  %v3 = memref.load %b3[%c0] : memref<16xf32>
  memref.store %v3, %sink[%c0] : memref<4xf32>
  memref.dealloc %b3 : memref<16xf32>
  %v4 = memref.load %b4[%c0] : memref<16xf32>
  memref.store %v4, %sink[%c0] : memref<4xf32>
  memref.dealloc %b4 : memref<16xf32>
  %v9 = memref.load %b9[%c0] : memref<16xf32>
  memref.store %v9, %sink[%c0] : memref<4xf32>
  memref.dealloc %b9 : memref<16xf32>
  %b12 = memref.alloc() : memref<16xf32>
  %b13 = memref.alloc() : memref<16xf32>
  %b14 = memref.alloc() : memref<16xf32>
  %b15 = memref.alloc() : memref<16xf32>
  memref.store %x, %b12[%c0] : memref<16xf32>
  memref.store %x, %b13[%c0] : memref<16xf32>
  memref.store %x, %b14[%c0] : memref<16xf32>
  memref.store %x, %b15[%c0] : memref<16xf32>
  %v6 = memref.load %b6[%c0] : memref<16xf32>
  memref.store %v6, %sink[%c0] : memref<4xf32>
  memref.dealloc %b6 : memref<16xf32>
  %v7 = memref.load %b7[%c0] : memref<16xf32>
  memref.store %v7, %sink[%c0] : memref<4xf32>
  memref.dealloc %b7 : memref<16xf32>
  %v8 = memref.load %b8[%c0] : memref<16xf32>
  memref.store %v8, %sink[%c0] : memref<4xf32>
  memref.dealloc %b8 : memref<16xf32>
  %v10 = memref.load %b10[%c0] : memref<16xf32>
  memref.store %v10, %sink[%c0] : memref<4xf32>
  memref.dealloc %b10 : memref<16xf32>
  %v11 = memref.load %b11[%c0] : memref<16xf32>
  memref.store %v11, %sink[%c0] : memref<4xf32>
  memref.dealloc %b11 : memref<16xf32>
  %v12 = memref.load %b12[%c0] : memref<16xf32>
  memref.store %v12, %sink[%c0] : memref<4xf32>
  memref.dealloc %b12 : memref<16xf32>
  %v13 = memref.load %b13[%c0] : memref<16xf32>
  memref.store %v13, %sink[%c0] : memref<4xf32>
  memref.dealloc %b13 : memref<16xf32>
  %v14 = memref.load %b14[%c0] : memref<16xf32>
  memref.store %v14, %sink[%c0] : memref<4xf32>
  memref.dealloc %b14 : memref<16xf32>
  %v15 = memref.load %b15[%c0] : memref<16xf32>
  memref.store %v15, %sink[%c0] : memref<4xf32>
  memref.dealloc %b15 : memref<16xf32>
  return
}
