//! Regression tests for inputs that fuzzing (`fuzz/`) found, checked through the library the way
//! the fuzz targets check them. Inputs that are text are also lit tests in `lit_tests/fuzz/`,
//! which run the binary; here each one goes through the same steps as `fuzz/fuzz_targets/`
//! (`rewrite.rs`: load, analyze, rewrite, print, load again, `rewrite::verify::check`), so a
//! failure names the step that broke.

use bufreuse::analysis;
use bufreuse::ir::print::print_module;
use bufreuse::pipeline;
use bufreuse::rewrite::{self, Sabotage};
use bufreuse::source::SourceFile;
use pretty_assertions::assert_eq;

/// What the `rewrite` fuzz target checks: the rewritten IR parses again and its pools pass
/// their check. Returns the rewritten text.
fn rewrite_and_check(text: &str) -> String {
    let file = SourceFile::new("input.mlir", text);
    let mut module = pipeline::load(&file).expect("the input loads");
    let opts = analysis::Options::default();
    let analysis = analysis::analyze(&module, &opts).expect("the input analyzes");
    let (_, pools) = rewrite::rewrite(&mut module, &analysis, Sabotage::default());
    let printed = print_module(&module);
    let reparsed = pipeline::load(&SourceFile::new("rewritten.mlir", printed.clone()))
        .unwrap_or_else(|d| panic!("the rewritten IR does not parse again: {d:?}\n{printed}"));
    let errors = rewrite::verify::check(&reparsed, &pools, opts.alignment, opts.index_bytes);
    assert!(errors.is_empty(), "{errors:?}\n{printed}");
    printed
}

/// A function in a `builtin.module` in a function is isolated from above: its allocations
/// were pooled into the outer function's pool, which it cannot see, so the rewritten IR used
/// `%pool` where it is undefined. (The lit test `lit_tests/fuzz/nested-module-in-function.mlir`
/// also has mlir-opt read the rewritten output.)
#[test]
fn allocations_of_a_nested_isolated_function_stay_out_of_the_outer_pool() {
    let input = "\
func.func @h() {
  builtin.module {
    func.func @f() {
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      return
    }
  }
  return
}
";
    // Nothing of @h's own to pool, and @f's allocations are @f's: nothing changes.
    let printed = print_module(&pipeline::load(&SourceFile::new("input.mlir", input)).unwrap());
    assert_eq!(rewrite_and_check(input), printed);
}

/// The same with allocations of the outer function around the nested one: those are pooled.
#[test]
fn the_outer_function_is_still_pooled_around_a_nested_module() {
    let input = "\
func.func @h() {
  %x = memref.alloc() : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  builtin.module {
    func.func @f() {
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      return
    }
  }
  %y = memref.alloc() : memref<4xf32>
  memref.dealloc %y : memref<4xf32>
  return
}
";
    let out = rewrite_and_check(input);
    assert!(out.contains("%x = memref.view %pool"), "{out}");
    assert!(out.contains("%y = memref.view %pool"), "{out}");
    assert!(out.contains("%a = memref.alloc() : memref<4xf32>"), "{out}");
    assert!(out.contains("%b = memref.alloc() : memref<4xf32>"), "{out}");
}
