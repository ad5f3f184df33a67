// A 10 MB single line is read and printed back byte for byte; an error at its end names the
// right column and shows a shortened snippet of the line, not 10 MB of it.
// RUN: rm -rf %t && mkdir %t

// A dense attribute of 3.5 million elements on one line (10.5 MB).
// RUN: %python -c "import sys; n = 3500000; sys.stdout.write('func.func private @f() attributes {big = dense<[' + ', '.join(['7'] * n) + ']> : tensor<' + str(n) + 'xi8>}\n')" > %t/big.mlir
// RUN: bufreuse %t/big.mlir > %t/big.out
// RUN: diff %t/big.mlir %t/big.out

// The same line with an error after 10 MB of string.
// RUN: %python -c "import sys; sys.stdout.write('func.func private @f() attributes {s = \"' + 'x' * 10485760 + '\", t = %%bad}\n')" > %t/err.mlir
// RUN: not bufreuse %t/err.mlir 2> %t/err.txt
// RUN: FileCheck --input-file=%t/err.txt %s
// CHECK: {{.*}}err.mlir:1:10485808: error: unexpected '%bad'
// CHECK-NEXT: {{^\.\.\.x+", t = %bad}$}}
// CHECK-NEXT: {{^ +\^\^\^\^$}}
// RUN: %python -c "import os, sys; size = os.path.getsize(sys.argv[1]); assert size < 1000, size" %t/err.txt
// RUN: rm -rf %t
