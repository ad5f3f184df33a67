// The result of an scf.if or scf.index_switch may be any buffer its branches yield: each such
// buffer lives on through the result's uses (its interval is measured in the block of the
// op, whose extent covers the branches). A buffer allocated in a branch is pooled when the
// condition (or the switch's argument) is known at function entry: the pool reserves its
// bytes only when that branch is taken. A free through the result may free one buffer or
// another, so it makes each of them conditional-dealloc (not a second dealloc, and not a use).
// RUN: bufreuse --analyze --before-dealloc %s | FileCheck %s
// RUN: bufreuse --analyze --before-dealloc --format=json %s | %python %S/Inputs/jsonl.py \
// RUN:   | FileCheck --check-prefix=JSON %s
// RUN: bufreuse --analyze --before-dealloc --remarks %s 2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s
// RUN: bufreuse --rewrite --before-dealloc %s | FileCheck --check-prefix=REWRITE %s
// RUN: %if mlir-opt %{ bufreuse --rewrite --before-dealloc %s | %mlir_opt > /dev/null %}

#id = affine_map<(d0, d1) -> (d0, d1)>
#row0 = affine_map<(d0, d1) -> (0, d1)>

// The broadcast tosa-to-linalg emits when a dynamic batch may be 1.
func.func @broadcast(%x: memref<?x12xf32>, %y: memref<?x12xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x12xf32>
  %m = memref.dim %y, %c0 : memref<?x12xf32>
  %a = memref.alloc(%n) : memref<?x12xf32>
  linalg.copy ins(%x : memref<?x12xf32>) outs(%a : memref<?x12xf32>)
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r = scf.if %is1 -> (memref<?x12xf32>) {
    %t = memref.alloc(%m) : memref<?x12xf32>
    linalg.generic {indexing_maps = [#row0, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a : memref<?x12xf32>) outs(%t : memref<?x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    scf.yield %t : memref<?x12xf32>
  } else {
    scf.yield %a : memref<?x12xf32>
  }
  %b = memref.alloc(%m) : memref<?x12xf32>
  linalg.add ins(%r, %y : memref<?x12xf32>, memref<?x12xf32>) outs(%b : memref<?x12xf32>)
  %s = scf.index_switch %m -> memref<?x12xf32>
  case 2 {
    %u = memref.alloc(%m) : memref<?x12xf32>
    linalg.copy ins(%b : memref<?x12xf32>) outs(%u : memref<?x12xf32>)
    scf.yield %u : memref<?x12xf32>
  }
  default {
    %w = memref.alloc(%n) : memref<?x12xf32>
    linalg.copy ins(%a : memref<?x12xf32>) outs(%w : memref<?x12xf32>)
    scf.yield %w : memref<?x12xf32>
  }
  %v = memref.load %s[%c0, %c0] : memref<?x12xf32>
  return %v : f32
}

// The same with frees: through the result (under the condition) and of %a itself.
func.func @freed_through_the_result(%x: memref<?x12xf32>, %m: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x12xf32>
  %a = memref.alloc(%n) : memref<?x12xf32>
  linalg.copy ins(%x : memref<?x12xf32>) outs(%a : memref<?x12xf32>)
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r = scf.if %is1 -> (memref<?x12xf32>) {
    %t = memref.alloc(%m) : memref<?x12xf32>
    linalg.copy ins(%a : memref<?x12xf32>) outs(%t : memref<?x12xf32>)
    scf.yield %t : memref<?x12xf32>
  } else {
    scf.yield %a : memref<?x12xf32>
  }
  %v = memref.load %r[%c0, %c0] : memref<?x12xf32>
  scf.if %is1 {
    memref.dealloc %r : memref<?x12xf32>
  }
  memref.dealloc %a : memref<?x12xf32>
  return %v : f32
}

// After ownership-based deallocation: each branch yields, beside its buffer, a flag that
// holds when the buffer is one to free, and the result's base is freed under that flag. %t
// is freed exactly when its branch ran, %a never through the result: both are pooled, and
// both leave the bufferization.dealloc.
func.func @ownership_flags(%x: memref<?x12xf32>, %m: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %n = memref.dim %x, %c0 : memref<?x12xf32>
  %a = memref.alloc(%n) : memref<?x12xf32>
  linalg.copy ins(%x : memref<?x12xf32>) outs(%a : memref<?x12xf32>)
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r:2 = scf.if %is1 -> (memref<?x12xf32>, i1) {
    %t = memref.alloc(%m) : memref<?x12xf32>
    linalg.copy ins(%a : memref<?x12xf32>) outs(%t : memref<?x12xf32>)
    scf.yield %t, %true : memref<?x12xf32>, i1
  } else {
    scf.yield %a, %false : memref<?x12xf32>, i1
  }
  %v = memref.load %r#0[%c0, %c0] : memref<?x12xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %r#0 : memref<?x12xf32> -> memref<f32>, index, index, index, index, index
  bufferization.dealloc (%a, %base : memref<?x12xf32>, memref<f32>) if (%true, %r#1)
  return %v : f32
}

// The same flags, read no further than they say: a flag not constant (%t2, %a2), or true
// for a buffer allocated before the scf.if (%a3, which may then be freed twice).
func.func @ownership_flags_unread(%x: memref<?x12xf32>, %m: index, %own: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %n = memref.dim %x, %c0 : memref<?x12xf32>
  %a2 = memref.alloc(%n) : memref<?x12xf32>
  linalg.copy ins(%x : memref<?x12xf32>) outs(%a2 : memref<?x12xf32>)
  %a3 = memref.alloc(%n) : memref<?x12xf32>
  linalg.copy ins(%x : memref<?x12xf32>) outs(%a3 : memref<?x12xf32>)
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r:2 = scf.if %is1 -> (memref<?x12xf32>, i1) {
    %t2 = memref.alloc(%m) : memref<?x12xf32>
    linalg.copy ins(%a2 : memref<?x12xf32>) outs(%t2 : memref<?x12xf32>)
    scf.yield %t2, %own : memref<?x12xf32>, i1
  } else {
    scf.yield %a2, %own : memref<?x12xf32>, i1
  }
  %s:2 = scf.if %is1 -> (memref<?x12xf32>, i1) {
    scf.yield %a3, %true : memref<?x12xf32>, i1
  } else {
    scf.yield %x, %true : memref<?x12xf32>, i1
  }
  %v = memref.load %r#0[%c0, %c0] : memref<?x12xf32>
  %w = memref.load %s#0[%c0, %c0] : memref<?x12xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %r#0 : memref<?x12xf32> -> memref<f32>, index, index, index, index, index
  %base3, %offset3, %sizes3:2, %strides3:2 = memref.extract_strided_metadata %s#0 : memref<?x12xf32> -> memref<f32>, index, index, index, index, index
  bufferization.dealloc (%a2, %base, %a3, %base3 : memref<?x12xf32>, memref<f32>, memref<?x12xf32>, memref<f32>) if (%true, %r#1, %true, %s#1)
  %sum = arith.addf %v, %w : f32
  return %sum : f32
}

// %a lives on through %r until the linalg.add, %t from the scf.if that allocates it to
// the same op; %w and %u from the scf.index_switch to the load of its result.
// CHECK-LABEL: func @broadcast: 5 allocations, 5 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<?x12xf32> 48*%n B [5, 21] 23 pooled 0{{$}}
// CHECK-NEXT: %t memref<?x12xf32> 48*%m B [7, 14] 27 pooled max(0, end %a){{$}}
// CHECK-NEXT: %b memref<?x12xf32> 48*%m B [14, 21] 37 pooled max(0, end %a, end %t, end %w){{$}}
// CHECK-NEXT: %w memref<?x12xf32> 48*%n B [15, 22] 46 pooled max(0, end %a){{$}}
// CHECK-NEXT: %u memref<?x12xf32> 48*%m B [15, 22] 41 pooled max(0, end %a, end %w, end %b){{$}}
// CHECK-LABEL: func @freed_through_the_result: 2 allocations, 0 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<?x12xf32> 48*%n B [4, 11] 59 conditional-dealloc -{{$}}
// CHECK-NEXT: %t memref<?x12xf32> 48*%m B [6, 11] 63 conditional-dealloc -{{$}}
// CHECK-LABEL: func @ownership_flags: 2 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a memref<?x12xf32> 48*%n B [6, 14] 87 pooled 0{{$}}
// CHECK-NEXT: %t memref<?x12xf32> 48*%m B [8, 14] 91 pooled max(0, end %a){{$}}
// CHECK-LABEL: func @ownership_flags_unread: 3 allocations, 0 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %a2 memref<?x12xf32> 48*%n B [5, 19] 110 conditional-dealloc -{{$}}
// CHECK-NEXT: %a3 memref<?x12xf32> 48*%n B [7, 20] 112 conditional-dealloc -{{$}}
// CHECK-NEXT: %t2 memref<?x12xf32> 48*%m B [9, 19] 116 conditional-dealloc -{{$}}

// JSON-LABEL: function {"name":"broadcast",
// JSON: allocation {"value":"%a",{{.*}}"live":[5,21],{{.*}}"eligible":true,{{.*}}"run_time_offset":{"base":0,"above":[],"align":4},
// JSON-NEXT: allocation {"value":"%t",{{.*}}"size":"48*%m",{{.*}}"live":[7,14],"live_from":"first-use","first_use_line":26,"eligible":true,{{.*}}"run_time_offset":{"base":0,"above":["%a"],"align":4},
// JSON-NEXT: allocation {"value":"%b",{{.*}}"eligible":true,
// JSON-NEXT: allocation {"value":"%w",{{.*}}"live":[15,22],"live_from":"first-use","first_use_line":39,"eligible":true,
// JSON-NEXT: allocation {"value":"%u",{{.*}}"live":[15,22],"live_from":"first-use","first_use_line":39,"eligible":true,
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"freed_through_the_result",
// JSON-NEXT: allocation {"value":"%a",{{.*}}"eligible":false,"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],
// JSON-NEXT: allocation {"value":"%t",{{.*}}"eligible":false,"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],
// JSON-LABEL: function {"name":"ownership_flags",
// JSON-NEXT: pool {"memory_space":null,"bytes":0,"alignment":64,"lower_bound":0,"proven_optimal":true,"allocations":2,"run_time_allocations":2,"chosen_at_run_time":false}
// JSON-NEXT: allocation {"value":"%a",{{.*}}"eligible":true,"reason":null,"all_reasons":[],
// JSON-NEXT: allocation {"value":"%t",{{.*}}"eligible":true,"reason":null,"all_reasons":[],
// JSON-NEXT: conflicts []
// JSON-LABEL: function {"name":"ownership_flags_unread",
// JSON-NEXT: allocation {"value":"%a2",{{.*}}"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],
// JSON-NEXT: allocation {"value":"%a3",{{.*}}"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],
// JSON-NEXT: allocation {"value":"%t2",{{.*}}"reason":"conditional-dealloc","all_reasons":["conditional-dealloc"],

// Neither is "deallocated more than once" nor "used after it is deallocated".
// REMARK: branch-results.mlir:59:3: remark: %a cannot share memory [conditional-dealloc]
// REMARK-NEXT: %a = memref.alloc
// REMARK-NEXT: ^
// REMARK-NEXT: branch-results.mlir:71:5: note: freed or retained here ('memref.dealloc')
// REMARK: branch-results.mlir:63:5: remark: %t cannot share memory [conditional-dealloc]
// REMARK: branch-results.mlir:110:3: remark: %a2 cannot share memory [conditional-dealloc]
// REMARK: branch-results.mlir:112:3: remark: %a3 cannot share memory [conditional-dealloc]
// REMARK: branch-results.mlir:116:5: remark: %t2 cannot share memory [conditional-dealloc]
// REMARK-NOT: {{remark|warning}}:

// The bytes of %t are reserved when %n is 1, those of %w when %m matches no case, those of
// %u when it is 2; each view stands where its allocation stood, in its branch.
// REWRITE-LABEL: func.func @broadcast(
// REWRITE:      %[[IS1:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// REWRITE-NEXT: %[[T_BYTES:.*]] = arith.select %[[IS1]], %t_bytes, %pool_c0 : index
// REWRITE:      %t_end = arith.addi %t_off, %[[T_BYTES]] : index
// REWRITE:      %[[W_CASE:.*]] = arith.cmpi eq, %m_0, %pool_c2 : index
// REWRITE-NEXT: %[[W_BYTES:.*]] = arith.select %[[W_CASE]], %pool_c0, %w_bytes : index
// REWRITE:      %w_end = arith.addi %w_off, %[[W_BYTES]] : index
// REWRITE:      %[[U_CASE:.*]] = arith.cmpi eq, %m_0, %pool_c2 : index
// REWRITE-NEXT: %[[U_BYTES:.*]] = arith.select %[[U_CASE]], %u_bytes, %pool_c0 : index
// REWRITE:      %pool = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// REWRITE:      %r = scf.if %is1 -> (memref<?x12xf32>) {
// REWRITE-NEXT:   %t = memref.view %pool[%t_off][%m] : memref<?xi8> to memref<?x12xf32>
// REWRITE:        scf.yield %a : memref<?x12xf32>
// REWRITE:      case 2 {
// REWRITE-NEXT:   %u = memref.view %pool[%u_off][%m]
// REWRITE:      default {
// REWRITE-NEXT:   %w = memref.view %pool[%w_off][%n]
// REWRITE-NOT:  memref.alloc(
// REWRITE:      return
// REWRITE-LABEL: func.func @freed_through_the_result(
// REWRITE-NOT:  memref.view
// REWRITE:      return

// RUN: bufreuse --rewrite %s | FileCheck --check-prefix=OWNED %s
// RUN: %if mlir-opt %{ bufreuse --rewrite %s | %mlir_opt > /dev/null %}
// After ownership-based deallocation the pool is freed before the return, and the
// bufferization.dealloc of %a and of the result's base, both pooled, is gone.
// OWNED-LABEL: func.func @ownership_flags(
// OWNED:      %pool = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// OWNED:      %a = memref.view %pool[%pool_c0][%n]
// OWNED:      %t = memref.view %pool[%t_off][%m]
// OWNED:      scf.yield %t, %true : memref<?x12xf32>, i1
// OWNED:      scf.yield %a, %false : memref<?x12xf32>, i1
// OWNED-NOT:  bufferization.dealloc
// OWNED:      memref.dealloc %pool{{.*}} : memref<?xi8>
// OWNED-NEXT: return %v : f32
// OWNED-LABEL: func.func @ownership_flags_unread(
// OWNED-NOT:  memref.view
// OWNED:      bufferization.dealloc (%a2, %base, %a3, %base3 : {{.*}}) if (%true, %r#1, %true, %s#1)

// Where --canonicalize did not fold them, the flags come from a bufferization.dealloc in the
// branch that lists the buffer under `true` and retains it (a cast of it): it frees nothing
// and its result says the branch owns the buffer. Read so, %t3 and %u3 are pooled, and leave
// both lists.
func.func @ownership_retained(%x: memref<?x12xf32>, %m: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %n = memref.dim %x, %c0 : memref<?x12xf32>
  %is1 = arith.cmpi eq, %n, %c1 : index
  %r:2 = scf.if %is1 -> (memref<?x12xf32, strided<[?, ?], offset: ?>>, i1) {
    %t3 = memref.alloc(%m) : memref<?x12xf32>
    linalg.copy ins(%x : memref<?x12xf32>) outs(%t3 : memref<?x12xf32>)
    %cast = memref.cast %t3 : memref<?x12xf32> to memref<?x12xf32, strided<[?, ?], offset: ?>>
    %own = bufferization.dealloc (%t3 : memref<?x12xf32>) if (%true) retain (%cast : memref<?x12xf32, strided<[?, ?], offset: ?>>)
    scf.yield %cast, %own : memref<?x12xf32, strided<[?, ?], offset: ?>>, i1
  } else {
    %u3 = memref.alloc(%n) : memref<?x12xf32>
    linalg.copy ins(%x : memref<?x12xf32>) outs(%u3 : memref<?x12xf32>)
    %cast = memref.cast %u3 : memref<?x12xf32> to memref<?x12xf32, strided<[?, ?], offset: ?>>
    %own = bufferization.dealloc (%u3 : memref<?x12xf32>) if (%true) retain (%cast : memref<?x12xf32, strided<[?, ?], offset: ?>>)
    scf.yield %cast, %own : memref<?x12xf32, strided<[?, ?], offset: ?>>, i1
  }
  %v = memref.load %r#0[%c0, %c0] : memref<?x12xf32, strided<[?, ?], offset: ?>>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %r#0 : memref<?x12xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%r#1)
  return %v : f32
}
// CHECK-LABEL: func @ownership_retained: 2 allocations, 2 pooled
// CHECK-NEXT: value type bytes live line status offset
// CHECK-NEXT: %t3 memref<?x12xf32> 48*%m B [6, 18] 244 pooled 0{{$}}
// CHECK-NEXT: %u3 memref<?x12xf32> 48*%n B [6, 18] 250 pooled max(0, end %t3){{$}}
// CHECK: total: 14 allocations, 9 pooled
// CHECK-NEXT: not pooled: conditional-dealloc 5
// JSON-LABEL: function {"name":"ownership_retained",
// JSON: allocation {"value":"%t3",{{.*}}"eligible":true,"reason":null,"all_reasons":[],
// JSON-NEXT: allocation {"value":"%u3",{{.*}}"eligible":true,"reason":null,"all_reasons":[],
// JSON-NEXT: conflicts []
// JSON-NEXT: reasons {"conditional-dealloc":5}
// OWNED-LABEL: func.func @ownership_retained(
// OWNED:      %t3 = memref.view %pool{{.*}}[%{{.*}}][%m]
// OWNED:      %own = bufferization.dealloc retain (%cast : memref<?x12xf32, strided<[?, ?], offset: ?>>)
// OWNED:      %u3 = memref.view %pool{{.*}}[%{{.*}}][%n]
// OWNED:      %own = bufferization.dealloc retain (%cast : memref<?x12xf32, strided<[?, ?], offset: ?>>)
// OWNED-NOT:  bufferization.dealloc
// OWNED:      memref.dealloc %pool{{.*}} : memref<?xi8>
// OWNED-NEXT: return %v : f32
