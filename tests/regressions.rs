//! Regression tests for inputs that fuzzing (`fuzz/`) found, checked through the library's
//! public API the way the `rewrite` fuzz target checks them: read, analyze, pool, and
//! `rewrite`, which prints, reads its output again and checks the pools in it. Inputs that
//! are text are also lit tests in `lit_tests/fuzz/`, which run the binary.

use bufreuse::{SourceFile, print, read};
use pretty_assertions::assert_eq;

/// What the `rewrite` fuzz target checks: the rewritten IR parses again and its pools pass
/// their check. Returns the rewritten text. `pool_all`: pool even where the buffers apart
/// hold no more than a pool of them (as these small examples, each freed before the next).
fn rewrite_and_check(text: &str, pool_all: bool) -> String {
    let file = SourceFile::new("input.mlir", text);
    let mut module = read(&file).expect("the input loads");
    let mut analysis = bufreuse::analyze(&module, &Default::default()).expect("the input analyzes");
    let opts = bufreuse::PoolOptions {
        pool_all,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &opts).expect("the input pools");
    // `rewrite` checks its pools in memory; a failed check is an error.
    let rewritten = bufreuse::rewrite(&mut module, &file, &analysis)
        .unwrap_or_else(|d| panic!("{}", bufreuse::render(&file, &d)));
    assert_eq!(rewritten.text, print(&module));
    // The printed output must read again (the bug of these tests was a `%pool` used where it
    // is undefined, which only reading the text finds).
    let printed = SourceFile::new("rewritten.mlir", rewritten.text.as_str());
    read(&printed).unwrap_or_else(|d| {
        panic!(
            "the rewritten IR does not read again:\n{}",
            bufreuse::render(&printed, &d)
        )
    });
    rewritten.text
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
    let printed = print(&read(&SourceFile::new("input.mlir", input)).unwrap());
    assert_eq!(rewrite_and_check(input, false), printed);
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
    let out = rewrite_and_check(input, true);
    assert!(out.contains("%x = memref.view %pool"), "{out}");
    assert!(out.contains("%y = memref.view %pool"), "{out}");
    assert!(out.contains("%a = memref.alloc() : memref<4xf32>"), "{out}");
    assert!(out.contains("%b = memref.alloc() : memref<4xf32>"), "{out}");
}
