// Two chunks for --split-input-file (read as one file, the second `@f` is a redefinition).
func.func @f() {
  return
}
// -----
func.func @f() {
  return
}
