// Found by hand while fuzzing (the targets' -max_len=4096 is too short to show it): memory grew
// with the square of the nesting depth of a type. A `Type` owned copies of the types it
// contains and the parser interns every nesting level, so `tuple<tuple<...>>` n deep stored
// about n*n/2 types: 40 distinct tuples 990 deep (this input, 278 KB) took 1.2 GB. Contained
// types are shared (`Arc`) now, so memory is linear in the input (about 15 MB here, debug
// build). Types nested more than 1000 deep are an error (since 5f7315f).
// RUN: %python -c "print('\n'.join('\"a.b\"() {x = ' + 'tuple<' * 990 + 'i%%d' %% (j + 1) + '>' * 990 + '} : () -> ()' for j in range(40)))" > %t.mlir
// RUN: %python %S/Inputs/limited.py --memory-mb=1280 --cpu-seconds=60 bufreuse %t.mlir 2>&1 | FileCheck %s
// CHECK-NOT: internal error
// CHECK: exit status: 0
