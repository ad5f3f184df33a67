// Results that cross calls (issue 35, part 3): with bufferize-function-boundaries each of the
// ResNet-50 block's six callees returns a buffer it allocated (escapes-return, with a detail
// that names the upstream pass), and the block's function allocates nothing. After upstream
// `mlir-opt --buffer-results-to-out-params="hoist-static-allocs modify-public-functions"` the
// block's function allocates the six results itself and pools them all, in 802816 bytes
// instead of 1169440, and the rewrite passes mlir-opt.
// REQUIRES: mlir-opt
// RUN: rm -rf %t && mkdir %t
// RUN: %mlir_opt %S/../../tests/programs/models/resnet50_bottleneck.input.mlir --canonicalize \
// RUN:   --linalg-fuse-elementwise-ops --canonicalize --eliminate-empty-tensors \
// RUN:   --empty-tensor-to-alloc-tensor \
// RUN:   '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' \
// RUN:   -o %t/bufferized.mlir
// RUN: bufreuse --analyze --before-dealloc %t/bufferized.mlir | FileCheck --check-prefix=BEFORE %s
// RUN: bufreuse --analyze --before-dealloc --remarks %t/bufferized.mlir 2>&1 >/dev/null \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: %mlir_opt %t/bufferized.mlir \
// RUN:   '--buffer-results-to-out-params=hoist-static-allocs modify-public-functions' \
// RUN:   -o %t/out-params.mlir
// RUN: bufreuse --analyze --before-dealloc %t/out-params.mlir | FileCheck --check-prefix=AFTER %s
// RUN: bufreuse --rewrite --before-dealloc %t/out-params.mlir -o %t/pooled.mlir
// RUN: %mlir_opt %t/pooled.mlir --buffer-deallocation-pipeline -o /dev/null

// BEFORE:      func @first_conv2d_1x1_biasadd_relu: 2 allocations, 0 pooled
// BEFORE:      func @resnet50_bottleneck_block: 0 allocations, 0 pooled
// BEFORE:      not pooled: escapes-return 6, escapes-call 1

// REMARK:      remark: %alloc_1 cannot share memory [escapes-return]: it or an alias is returned (where the function returns a buffer it allocated (bufferize-function-boundaries), run mlir-opt --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" first: the caller then allocates it, and may pool it)
// REMARK:      note: returned here ('func.return')

// AFTER-LABEL: func @resnet50_bottleneck_block: 6 allocations, 6 pooled, live from first use
// AFTER:         naive: 1.1 MiB, pool: 784.0 KiB (saves 358.0 KiB, 31.4%)
// AFTER-NEXT:    pool (default memory space): 802816 B for 6 allocations, alignment 64, lower bound 802816 B, optimal
