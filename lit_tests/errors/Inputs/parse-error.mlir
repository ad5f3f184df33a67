// Input of ../output-untouched.mlir: a `}` too many.
func.func private @f()
}
