//! Unit tests (kept in their own file for their length): the two-thread parse and build
//! (`parallel::split`, `ir::build::build_parts` with `parallel::Threads`) against the
//! one-thread ones, on real inputs.
//!
//! Inputs: every `.mlir` file under `examples/`, `lit_tests/` and `tests/programs/`, and, when
//! the shared material sits beside the repository, under `../shared/corpus/`. For every file
//! that parses and builds on one thread, every hole the scan offers (from four starting
//! points) is parsed and built on two threads; where the parse succeeds, the build must too,
//! and the module must equal the one-thread module record for record (its `Debug` text: ids,
//! spans, names, types), and so must the printed text. A split parse that fails is allowed
//! (the caller parses the whole text again), but most must succeed, or the test would check
//! nothing.

use super::{Threads, split};
use crate::ir::{build, print};
use crate::syntax::parse_whole;
use pretty_assertions::assert_eq;
use std::path::{Path, PathBuf};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            // lit's scratch files (`Output/`) are not inputs.
            if p.file_name().is_some_and(|n| n != "Output") {
                mlir_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "examples",
        "lit_tests",
        "tests/programs",
        "../shared/corpus",
    ] {
        mlir_files(&root.join(dir), &mut files);
    }
    files
}

/// At most this many holes per file and starting point keep the test quick.
const HOLES_PER_START: usize = 40;

#[test]
fn split_parse_builds_the_same_module() {
    let (mut files, mut tried, mut split_ok) = (0, 0, 0);
    for path in inputs() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        // Error tests and `--split-input-file` inputs are not one module.
        if text.contains("// -----") {
            continue;
        }
        let Ok(whole) = parse_whole(&text)
            .map_err(drop)
            .and_then(|f| build::build(f).map_err(drop))
        else {
            continue;
        };
        files += 1;
        let expected = format!("{whole:?}");
        let expected_text = print::print_module(&whole);
        let n = text.len();
        let mut holes = Vec::new();
        for from in [0, n / 4, n / 2, 3 * n / 4] {
            let mut found = Vec::new();
            split::scan(&text, from, |h| found.push(h));
            found.truncate(HOLES_PER_START);
            holes.extend(found);
        }
        holes.sort_by_key(|h| (h.start, h.end));
        holes.dedup();
        for hole in holes {
            tried += 1;
            let Some(file) = split::parse_with_hole(&text, hole) else {
                continue;
            };
            split_ok += 1;
            let module = build::build_parts(file, &Threads).unwrap_or_else(|_| {
                panic!(
                    "{}: split at {hole:?} parses but does not build",
                    path.display()
                )
            });
            assert_eq!(
                expected,
                format!("{module:?}"),
                "{}: split at {hole:?}",
                path.display()
            );
            assert_eq!(expected_text, print::print_module(&module));
        }
    }
    eprintln!("parse_split: {files} files, {tried} holes tried, {split_ok} parsed on two threads");
    assert!(files >= 20, "only {files} input files found");
    assert!(
        split_ok * 10 >= tried * 9,
        "only {split_ok} of {tried} splits succeeded"
    );
}

/// Without a hole worth a thread (a small text), the scan offers none, and with one, the
/// parse of the text around it waits for the hole and leaves it out.
#[test]
fn find_hole_takes_the_largest_even_split() {
    let mut text = String::from("func.func @f() {\n");
    for i in 0..1000 {
        text.push_str(&format!("  %c{i} = arith.constant {i} : index\n"));
    }
    text.push_str("  func.return\n}\n");
    let hole = split::find_hole(&text, text.len() / 2).expect("a hole");
    assert!(text[hole.start..].starts_with("%c"));
    assert!(text[hole.end..].starts_with("func.return"));
    let file = split::parse_parallel(&text).expect("a parallel parse");
    let module = build::build_parts(file, &Threads).expect("builds");
    let whole = build::build(parse_whole(&text).expect("parses")).expect("builds");
    assert_eq!(format!("{whole:?}"), format!("{module:?}"));
    // A small function has no hole worth a thread.
    assert_eq!(
        split::find_hole("func.func @g() {\n  func.return\n}\n", 0),
        None
    );
}

/// A hole large enough to be renumbered on two threads at the join, whose ops use values
/// defined before it (at the top of the function, and just before the hole), define names in
/// their regions, and hold unnamed results and loops typed by outer operands: the module is
/// the same as the one-thread build's.
#[test]
fn large_hole_builds_the_same_module() {
    let mut text = String::from("func.func @f(%n: index) -> index {\n");
    text.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    let mut last = String::from("%c0");
    for i in 0..12_000 {
        let v = format!("%v{i}");
        text.push_str(&format!("  {v} = arith.addi {last}, %c1 : index\n"));
        text.push_str(&format!(
            "  %s{i} = scf.for %i{i} = %c0 to {v} step %c1 iter_args(%a{i} = %n) -> (index) {{\n    %b{i} = arith.addi %a{i}, %i{i} : index\n    scf.yield %b{i} : index\n  }}\n"
        ));
        text.push_str(&format!("  \"test.op\"(%s{i}) : (index) -> index\n"));
        last = v;
    }
    text.push_str(&format!("  func.return {last} : index\n}}\n"));
    let parts = split::parse_parallel(&text).expect("a parallel parse");
    let hole_ops = parts.hole.as_ref().expect("a hole").file.skeleton.ops.len();
    assert!(hole_ops >= 20_000, "the hole has {hole_ops} ops only");
    let module = build::build_parts(parts, &Threads).expect("builds");
    let whole = build::build(parse_whole(&text).expect("parses")).expect("builds");
    assert_eq!(format!("{whole:?}"), format!("{module:?}"));
}
