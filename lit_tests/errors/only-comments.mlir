// A file that holds only comments (this one: its RUN and CHECK lines are comments) is an
// empty program: bufreuse succeeds and prints nothing. mlir-opt prints an empty `module {}`
// here, because it always wraps the top level in a module; bufreuse prints a module only
// when the input has one.
// RUN: bufreuse %s | FileCheck --allow-empty %s
// CHECK-NOT: {{.}}
