// Input of ../output-untouched.mlir: the first chunk is good, the second is not.
func.func private @good()
// -----
func.func @bad() -> i32 {
  // The next line uses an undefined value.
  return %y : i32
}
