// --assume-nocapture=OP,OP adds ops to the table of ops known to use memref operands without
// capturing them: a buffer whose only unknown user is such an op becomes eligible. The list
// is comma-separated, the flag may be repeated, and an op not named stays unknown.
// RUN: bufreuse --pool-all --analyze %s | FileCheck --check-prefix=NONE %s
// RUN: bufreuse --pool-all --analyze --assume-nocapture=test.read %s | FileCheck --check-prefix=ONE %s
// RUN: bufreuse --pool-all --analyze --assume-nocapture=test.read,test.write %s \
// RUN:   | FileCheck --check-prefix=BOTH %s
// RUN: bufreuse --pool-all --analyze --assume-nocapture=test.read --assume-nocapture=test.write %s \
// RUN:   | FileCheck --check-prefix=BOTH %s
// RUN: bufreuse --pool-all --analyze --format=json --assume-nocapture=test.read,test.write %s \
// RUN:   | %python %S/Inputs/jsonl.py | FileCheck --check-prefix=JSON %s

func.func @opaque_users() {
  %r = memref.alloc() : memref<16xf32>
  %w = memref.alloc() : memref<16xf32>
  %k = memref.alloc() : memref<16xf32>
  "test.read"(%r) : (memref<16xf32>) -> ()
  "test.write"(%w) : (memref<16xf32>) -> ()
  "test.keep"(%k) : (memref<16xf32>) -> ()
  memref.dealloc %r : memref<16xf32>
  memref.dealloc %w : memref<16xf32>
  memref.dealloc %k : memref<16xf32>
  return
}

// NONE:      %r memref<16xf32> 64 B [3, 3] 14 unknown-op -{{$}}
// NONE-NEXT: %w memref<16xf32> 64 B [4, 4] 15 unknown-op -{{$}}
// NONE-NEXT: %k memref<16xf32> 64 B [5, 5] 16 unknown-op -{{$}}
// NONE:      not pooled: unknown-op 3

// Alone in its memory space, %r is eligible but has no pool to share.
// ONE:      %r memref<16xf32> 64 B [3, 3] 14 eligible (alone in its memory space) -{{$}}
// ONE-NEXT: %w memref<16xf32> 64 B [4, 4] 15 unknown-op -{{$}}
// ONE-NEXT: %k memref<16xf32> 64 B [5, 5] 16 unknown-op -{{$}}
// ONE:      not pooled: unknown-op 2

// BOTH:      %r memref<16xf32> 64 B [3, 3] 14 pooled {{[0-9]+}}{{$}}
// BOTH-NEXT: %w memref<16xf32> 64 B [4, 4] 15 pooled {{[0-9]+}}{{$}}
// BOTH-NEXT: %k memref<16xf32> 64 B [5, 5] 16 unknown-op -{{$}}
// BOTH:      total: 3 allocations, 2 pooled
// BOTH-NEXT: not pooled: unknown-op 1

// JSON: allocation {"value":"%r",{{.*}}"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%w",{{.*}}"eligible":true,"reason":null,"all_reasons":[],"detail":null,"offset":{{[0-9]+}},"run_time_offset":null,
// JSON-NEXT: allocation {"value":"%k",{{.*}}"eligible":false,"reason":"unknown-op","all_reasons":["unknown-op"],"detail":null,"offset":null,"run_time_offset":null,
// JSON-NEXT: conflicts []
