// Byte sizes: static shape x element bytes, each element rounded up to a power of two as LLVM
// stores it (i1 and f4 take 1 byte, i3 1, i24 4, f80 16, index 8), complex as two parts,
// vectors as their total rounded up to a power of two (vector<3xf32> 16), a 0-d memref one
// element, a zero dimension nothing. The alignment is the element size.
// RUN: bufreuse --live-from-alloc --analyze --format=json %s | %python %S/Inputs/jsonl.py | FileCheck %s

func.func @sizes() {
  %i1 = memref.alloc() : memref<5xi1>
  %i3 = memref.alloc() : memref<5xi3>
  %i24 = memref.alloc() : memref<3xi24>
  %f4 = memref.alloc() : memref<4xf4E2M1FN>
  %f8 = memref.alloc() : memref<4xf8E4M3FN>
  %bf16 = memref.alloc() : memref<4xbf16>
  %f80 = memref.alloc() : memref<2xf80>
  %f128 = memref.alloc() : memref<2xf128>
  %idx = memref.alloc() : memref<2x2xindex>
  %cplx = memref.alloc() : memref<2xcomplex<f32>>
  %v3 = memref.alloc() : memref<3xvector<3xf32>>
  %v2d = memref.alloc() : memref<2xvector<2x4xi8>>
  %scalar = memref.alloc() : memref<f64>
  %empty = memref.alloc() : memref<0x4xf32>
  memref.dealloc %i1 : memref<5xi1>
  memref.dealloc %i3 : memref<5xi3>
  memref.dealloc %i24 : memref<3xi24>
  memref.dealloc %f4 : memref<4xf4E2M1FN>
  memref.dealloc %f8 : memref<4xf8E4M3FN>
  memref.dealloc %bf16 : memref<4xbf16>
  memref.dealloc %f80 : memref<2xf80>
  memref.dealloc %f128 : memref<2xf128>
  memref.dealloc %idx : memref<2x2xindex>
  memref.dealloc %cplx : memref<2xcomplex<f32>>
  memref.dealloc %v3 : memref<3xvector<3xf32>>
  memref.dealloc %v2d : memref<2xvector<2x4xi8>>
  memref.dealloc %scalar : memref<f64>
  memref.dealloc %empty : memref<0x4xf32>
  return
}

// CHECK:      allocation {"value":"%i1",{{.*}}"bytes":5,"size":null,{{.*}}"alignment":1,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%i3",{{.*}}"bytes":5,"size":null,{{.*}}"alignment":1,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%i24",{{.*}}"bytes":12,"size":null,{{.*}}"alignment":4,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%f4",{{.*}}"bytes":4,"size":null,{{.*}}"alignment":1,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%f8",{{.*}}"bytes":4,"size":null,{{.*}}"alignment":1,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%bf16",{{.*}}"bytes":8,"size":null,{{.*}}"alignment":2,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%f80",{{.*}}"bytes":32,"size":null,{{.*}}"alignment":16,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%f128",{{.*}}"bytes":32,"size":null,{{.*}}"alignment":16,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%idx",{{.*}}"bytes":32,"size":null,{{.*}}"alignment":8,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%cplx",{{.*}}"bytes":16,"size":null,{{.*}}"alignment":8,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%v3",{{.*}}"bytes":48,"size":null,{{.*}}"alignment":16,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%v2d",{{.*}}"bytes":16,"size":null,{{.*}}"alignment":8,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%scalar",{{.*}}"bytes":8,"size":null,{{.*}}"alignment":8,"in_place":null,"branches":[]}
// CHECK-NEXT: allocation {"value":"%empty",{{.*}}"bytes":0,"size":null,{{.*}}"alignment":4,"in_place":null,"branches":[]}
// CHECK-NEXT: conflicts []
