// The JSON report as printed (docs/analyze-json.md): one document, its schema version first, two-space indentation, keys in
// this order, sizes and intervals as numbers, `null` where there is no value (no offset, no reason; `bytes` of a size known
// only at run time, which `size` gives as an expression), and the reason counts keyed by code in the order of precedence.
// RUN: bufreuse --pool-all --analyze --format=json %s | FileCheck --strict-whitespace --match-full-lines %s

func.func @json(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf64>
  %b = memref.alloc() : memref<2xf64>
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<2xf64>
  memref.dealloc %b : memref<2xf64>
  return %d : memref<?xf32>
}

// %a and %b are never live together: the 16-byte pool holds both at offset 0. (With
// --strict-whitespace --match-full-lines a pattern starts right after the colon.)
// CHECK:{
// CHECK-NEXT:  "schema_version": 4,
// CHECK-NEXT:  "functions": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "name": "json",
// CHECK-NEXT:      "peak_live_bytes": 16,
// CHECK-NEXT:      "naive_bytes": 32,
// CHECK-NEXT:      "pool_bytes": 16,
// CHECK-NEXT:      "peak_point": 0,
// CHECK-NEXT:      "kept_out": null,
// CHECK-NEXT:      "pools": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "memory_space": null,
// CHECK-NEXT:          "bytes": 16,
// CHECK-NEXT:          "alignment": 64,
// CHECK-NEXT:          "lower_bound": 16,
// CHECK-NEXT:          "proven_optimal": true,
// CHECK-NEXT:          "allocations": 2,
// CHECK-NEXT:          "run_time_allocations": 0,
// CHECK-NEXT:          "chosen_at_run_time": false
// CHECK-NEXT:        }
// CHECK-NEXT:      ],
// CHECK-NEXT:      "allocations": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "value": "%a",
// CHECK-NEXT:          "op": "memref.alloc",
// CHECK-NEXT:          "type": "memref<2xf64>",
// CHECK-NEXT:          "bytes": 16,
// CHECK-NEXT:          "size": null,
// CHECK-NEXT:          "line": 7,
// CHECK-NEXT:          "column": 3,
// CHECK-NEXT:          "live": [
// CHECK-NEXT:            0,
// CHECK-NEXT:            0
// CHECK-NEXT:          ],
// CHECK-NEXT:          "live_from": "allocation",
// CHECK-NEXT:          "first_use_line": null,
// CHECK-NEXT:          "eligible": true,
// CHECK-NEXT:          "reason": null,
// CHECK-NEXT:          "all_reasons": [],
// CHECK-NEXT:          "detail": null,
// CHECK-NEXT:          "offset": 0,
// CHECK-NEXT:          "run_time_offset": null,
// CHECK-NEXT:          "alignment": 8,
// CHECK-NEXT:          "in_place": null,
// CHECK-NEXT:          "branches": []
// CHECK-NEXT:        },
// CHECK-NEXT:        {
// CHECK-NEXT:          "value": "%b",
// CHECK-NEXT:          "op": "memref.alloc",
// CHECK-NEXT:          "type": "memref<2xf64>",
// CHECK-NEXT:          "bytes": 16,
// CHECK-NEXT:          "size": null,
// CHECK-NEXT:          "line": 8,
// CHECK-NEXT:          "column": 3,
// CHECK-NEXT:          "live": [
// CHECK-NEXT:            1,
// CHECK-NEXT:            1
// CHECK-NEXT:          ],
// CHECK-NEXT:          "live_from": "allocation",
// CHECK-NEXT:          "first_use_line": null,
// CHECK-NEXT:          "eligible": true,
// CHECK-NEXT:          "reason": null,
// CHECK-NEXT:          "all_reasons": [],
// CHECK-NEXT:          "detail": null,
// CHECK-NEXT:          "offset": 0,
// CHECK-NEXT:          "run_time_offset": null,
// CHECK-NEXT:          "alignment": 8,
// CHECK-NEXT:          "in_place": null,
// CHECK-NEXT:          "branches": []
// CHECK-NEXT:        },
// CHECK-NEXT:        {
// CHECK-NEXT:          "value": "%d",
// CHECK-NEXT:          "op": "memref.alloc",
// CHECK-NEXT:          "type": "memref<?xf32>",
// CHECK-NEXT:          "bytes": null,
// CHECK-NEXT:          "size": "4*%n",
// CHECK-NEXT:          "line": 9,
// CHECK-NEXT:          "column": 3,
// CHECK-NEXT:          "live": [
// CHECK-NEXT:            5,
// CHECK-NEXT:            5
// CHECK-NEXT:          ],
// CHECK-NEXT:          "live_from": "first-use",
// CHECK-NEXT:          "first_use_line": 12,
// CHECK-NEXT:          "eligible": false,
// CHECK-NEXT:          "reason": "escapes-return",
// CHECK-NEXT:          "all_reasons": [
// CHECK-NEXT:            "escapes-return",
// CHECK-NEXT:            "no-dealloc"
// CHECK-NEXT:          ],
// CHECK-NEXT:          "detail": "where the function returns a buffer it allocated (bufferize-function-boundaries), run mlir-opt --buffer-results-to-out-params=\"hoist-static-allocs modify-public-functions\" first: the caller then allocates it, and may pool it",
// CHECK-NEXT:          "offset": null,
// CHECK-NEXT:          "run_time_offset": null,
// CHECK-NEXT:          "alignment": 4,
// CHECK-NEXT:          "in_place": null,
// CHECK-NEXT:          "branches": []
// CHECK-NEXT:        }
// CHECK-NEXT:      ]
// CHECK-NEXT:    }
// CHECK-NEXT:  ],
// CHECK-NEXT:  "reasons": {
// CHECK-NEXT:    "escapes-return": 1
// CHECK-NEXT:  }
// CHECK-NEXT:}
