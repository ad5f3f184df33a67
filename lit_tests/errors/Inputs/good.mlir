// Input of ../output-untouched.mlir.
func.func private @good()
