// Two chunks for --split-input-file: lines in the reports are lines of this file.
func.func @first() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

func.func @second() {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32>
  %v = memref.load %b[%c0] : memref<8xf32>
  return
}
