// Found by hand while fuzzing (the targets' -max_len=4096 is too short to show it): attributes
// nested 5 million deep (a 10 MB input, far below the 1 GiB input limit) overflowed even the
// 1 GiB stack of bufreuse's worker thread in `Builder::resolve_attr` (src/ir/build.rs), and
// the process aborted ("thread has overflowed its stack", SIGABRT). Since 5f7315f, brackets
// nested too deep are an error (more than 15000 since the parser is recursive ascent); this
// guards that the error stays clean.
// RUN: %python -c "n = 5000000; print('\"a.b\"() {x = ' + '[\n' * n + ']' * n + '} : () -> ()')" > %t.mlir
// RUN: %python %S/Inputs/limited.py --cpu-seconds=120 bufreuse %t.mlir 2>&1 | FileCheck %s
// CHECK-NOT: overflowed
// CHECK: {{.*}}.mlir:15000:1: error: brackets nested more than 15000 deep are not supported
// CHECK-NOT: internal error
// CHECK: exit status: 1
