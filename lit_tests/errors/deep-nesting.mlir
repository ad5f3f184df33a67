// Regions nested deeper than 1000 levels are an error at the op whose region is one level too
// deep, not a stack overflow; 1000 levels are fine. Custom and generic form.
// RUN: rm -rf %t && mkdir %t

// 10,000 nested scf.execute_region ops in a function (whose body is region 1): the op on
// line 1001 opens region 1001.
// RUN: %python -c "n = 10000; print('func.func @f() {'); print('  scf.execute_region {\n' * n, end=''); print('  scf.yield\n  }\n' * n, end=''); print('  return\n}')" > %t/custom.mlir
// RUN: not bufreuse %t/custom.mlir 2>&1 | FileCheck --check-prefix=CUSTOM %s
// CUSTOM: {{.*}}custom.mlir:1001:3: error: regions nested more than 1000 deep are not supported
// CUSTOM-NEXT: {{^  scf.execute_region {$}}
// CUSTOM-NEXT: {{^  \^+$}}

// 7,000 generic ops on one line, each holding the next in its region (14,000 brackets deep).
// RUN: %python -c "n = 7000; print('\"foo.op\"() ({' * n + '}) : () -> ()' * n)" > %t/generic.mlir
// RUN: not bufreuse %t/generic.mlir 2>&1 | FileCheck --check-prefix=GENERIC %s
// GENERIC: {{.*}}generic.mlir:1:13001: error: regions nested more than 1000 deep are not supported

// 10,000 of them open 20,000 brackets: the parser stops at the bracket limit
// (lexer::MAX_BRACKET_DEPTH) before regions are counted.
// RUN: %python -c "n = 10000; print('\"foo.op\"() ({' * n + '}) : () -> ()' * n)" > %t/generic-10000.mlir
// RUN: not bufreuse %t/generic-10000.mlir 2>&1 | FileCheck --check-prefix=BRACKETS %s
// BRACKETS: {{.*}}generic-10000.mlir:1:97509: error: brackets nested more than 15000 deep are not supported

// Exactly 1000 levels: 999 ops in a function, or 1000 generic ops.
// RUN: %python -c "n = 999; print('func.func @f() {'); print('  scf.execute_region {\n' * n, end=''); print('  scf.yield\n  }\n' * n, end=''); print('  return\n}')" > %t/custom-1000.mlir
// RUN: bufreuse %t/custom-1000.mlir > %t/custom-1000.out
// RUN: %python -c "n = 1000; print('\"foo.op\"() ({' * n + '}) : () -> ()' * n)" > %t/generic-1000.mlir
// RUN: bufreuse %t/generic-1000.mlir | FileCheck --check-prefix=OK1000 %s
// OK1000: "foo.op"() ({
// The output reads back: the printer nests as deep as the parser.
// RUN: bufreuse %t/custom-1000.out > /dev/null
