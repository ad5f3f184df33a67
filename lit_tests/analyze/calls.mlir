// Calls to functions of the module: a memref passed to an argument that the callee only
// reads or writes (loads, stores, linalg operands, views that stay inside) is a plain use,
// and the buffer may still share memory; an argument the callee returns, frees, stores,
// passes on to a call that captures it, or that belongs to a recursive function or an
// external declaration (without llvm.nocapture) makes the buffer escapes-call, and the report
// names the callee and the argument.
// RUN: bufreuse --pool-all --analyze %s | FileCheck %s
// RUN: bufreuse --pool-all --analyze --format=json %s | %python %S/Inputs/jsonl.py | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --pool-all --analyze --remarks %s -o /dev/null 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: bufreuse --pool-all --analyze --assume-nocapture=@external %s | FileCheck --check-prefix=ASSUME %s

// Reads its first argument through a subview, writes its second with linalg.
func.func private @reads_and_writes(%in: memref<16xf32>, %out: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %in[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %x = memref.load %s[%c0] : memref<8xf32, strided<[1]>>
  linalg.fill ins(%x : f32) outs(%out : memref<16xf32>)
  return %x : f32
}

// Passes its argument on to a function that does not capture it.
func.func private @forwards(%a: memref<16xf32>) {
  %r = func.call @reads_and_writes(%a, %a) : (memref<16xf32>, memref<16xf32>) -> f32
  return
}

func.func private @returns(%a: memref<16xf32>) -> memref<16xf32> {
  return %a : memref<16xf32>
}

func.func private @frees(%a: memref<16xf32>) {
  memref.dealloc %a : memref<16xf32>
  return
}

func.func private @passes_to_capturing(%a: memref<16xf32>) {
  %r = func.call @returns(%a) : (memref<16xf32>) -> memref<16xf32>
  return
}

func.func private @recursive(%a: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %done = arith.cmpi eq, %n, %c0 : index
  scf.if %done {
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    func.call @recursive(%a, %m) : (memref<16xf32>, index) -> ()
  }
  return
}

func.func private @external(memref<16xf32>)
func.func private @external_nocapture(memref<16xf32> {llvm.nocapture})

func.func @caller(%n: index) {
  %ok1 = memref.alloc() : memref<16xf32>
  %ok2 = memref.alloc() : memref<16xf32>
  %x = func.call @reads_and_writes(%ok1, %ok2) : (memref<16xf32>, memref<16xf32>) -> f32
  memref.dealloc %ok1 : memref<16xf32>
  memref.dealloc %ok2 : memref<16xf32>
  %ok3 = memref.alloc() : memref<16xf32>
  func.call @forwards(%ok3) : (memref<16xf32>) -> ()
  func.call @external_nocapture(%ok3) : (memref<16xf32>) -> ()
  memref.dealloc %ok3 : memref<16xf32>
  %ret = memref.alloc() : memref<16xf32>
  %r = func.call @returns(%ret) : (memref<16xf32>) -> memref<16xf32>
  memref.dealloc %ret : memref<16xf32>
  %freed = memref.alloc() : memref<16xf32>
  func.call @frees(%freed) : (memref<16xf32>) -> ()
  %passed = memref.alloc() : memref<16xf32>
  func.call @passes_to_capturing(%passed) : (memref<16xf32>) -> ()
  memref.dealloc %passed : memref<16xf32>
  %rec = memref.alloc() : memref<16xf32>
  func.call @recursive(%rec, %n) : (memref<16xf32>, index) -> ()
  memref.dealloc %rec : memref<16xf32>
  %ext = memref.alloc() : memref<16xf32>
  func.call @external(%ext) : (memref<16xf32>) -> ()
  memref.dealloc %ext : memref<16xf32>
  return
}

// CHECK-LABEL: func @caller: 8 allocations, 3 pooled
// CHECK:      %ok1 {{.*}} pooled
// CHECK-NEXT: %ok2 {{.*}} pooled
// CHECK-NEXT: %ok3 {{.*}} pooled
// CHECK-NEXT: %ret {{.*}} escapes-call -
// CHECK-NEXT: %freed {{.*}} escapes-call -
// CHECK-NEXT: %passed {{.*}} escapes-call -
// CHECK-NEXT: %rec {{.*}} escapes-call -
// CHECK-NEXT: %ext {{.*}} escapes-call -
// CHECK: not pooled: escapes-call 5

// JSON-LABEL: function {"name":"caller"
// JSON:      allocation {"value":"%ok1",{{.*}}"eligible":true,"reason":null,"all_reasons":[],"detail":null,
// JSON:      allocation {"value":"%ret",{{.*}}"reason":"escapes-call","all_reasons":["escapes-call"],"detail":"@returns argument #0 returns it",
// JSON-NEXT: allocation {"value":"%freed",{{.*}}"detail":"@frees argument #0 frees it",
// JSON-NEXT: allocation {"value":"%passed",{{.*}}"detail":"@passes_to_capturing argument #0 passes it to a call that captures it",
// JSON-NEXT: allocation {"value":"%rec",{{.*}}"detail":"@recursive argument #0 passes it to a call that captures it",
// JSON-NEXT: allocation {"value":"%ext",{{.*}}"detail":"@external argument #0 is an external declaration without llvm.nocapture",
// JSON-NEXT: conflicts []

// REMARK:      calls.mlir:{{[0-9]+}}:3: remark: %ret cannot share memory [escapes-call]: it or an alias is passed to a call (@returns argument #0 returns it)
// REMARK:      note: passed to a call here ('func.call')
// REMARK:      note: @returns returns it here ('func.return')
// REMARK-NEXT:   return %a : memref<16xf32>
// REMARK:      remark: %freed cannot share memory [escapes-call]
// REMARK:      note: @frees frees it here ('memref.dealloc')
// REMARK:      remark: %passed cannot share memory [escapes-call]
// REMARK:      note: @passes_to_capturing passes it to a call that captures it here ('func.call')
// REMARK-NEXT:   %r = func.call @returns(%a)
// REMARK:      remark: %rec cannot share memory [escapes-call]
// REMARK:      remark: %ext cannot share memory [escapes-call]: it or an alias is passed to a call (@external argument #0 is an external declaration without llvm.nocapture)

// ASSUME-LABEL: func @caller: 8 allocations, 4 pooled
// ASSUME:       %ext {{.*}} pooled
