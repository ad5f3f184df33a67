// 20,000 small allocations all live at once: with 64-byte offsets any pool of them is about
// four times their total, so none is pooled ("no saving"). The analysis sees that from a
// lower bound that counts alignment, without planning pool after pool while it drops the
// smallest members (that took minutes before). The same sizes rounded up to 64 bytes fit one
// pool of their sum, proven optimal; it is kept only with --pool-all, since buffers all live
// together save nothing in a pool (it would ask for 64 bytes of alignment padding more).
// RUN: rm -rf %t && mkdir %t
// RUN: %python %S/Inputs/all_live.py small 20000 1 > %t/small.mlir
// RUN: bufreuse --live-from-alloc --analyze %t/small.mlir | FileCheck --check-prefix=SMALL %s
// SMALL: func @small: 20000 allocations, 0 pooled
// SMALL: %a0 {{.*}} eligible (not pooled: no saving)
// SMALL: total: 20000 allocations, 0 pooled
// RUN: %python %S/Inputs/all_live.py big 2000 16 > %t/big.mlir
// RUN: bufreuse --live-from-alloc --pool-all --analyze %t/big.mlir | FileCheck --check-prefix=BIG %s
// BIG: func @big: 2000 allocations, 2000 pooled
// BIG: pool (default memory space): 511680 B for 2000 allocations, alignment 64, lower bound 511680 B, optimal
