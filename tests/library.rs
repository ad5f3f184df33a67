//! The library survives what the binary survives: its entry points, called on an ordinary
//! thread (2 MiB of stack, as `std::thread::spawn` gives), return errors for inputs nested
//! as deep as the binary refuses and handle everything below that, however deep, without
//! overflowing the caller's stack; an analysis of another module is an error, not a panic;
//! and a `Diagnostic` is an error type usable with `?`. Also what a user sees of an
//! analysis: pooled once, and only then reported or rewritten, with the options it was made
//! with; the names, spans and memory spaces it hands out.

use bufreuse::{Diagnostics, SourceFile};
use pretty_assertions::assert_eq;

/// Runs `f` on a thread with the stack `std::thread::spawn` gives by default.
fn on_ordinary_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn_scoped(scope, f)
            .expect("a thread")
            .join()
            .expect("no panic")
    })
}

/// A function whose one op carries an attribute of `depth` nested arrays.
fn nested_attribute(depth: usize) -> String {
    format!(
        "func.func @f() {{\n  \"test.op\"() {{x = {}{}}} : () -> ()\n  return\n}}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

/// A function with `depth` nested `scf.execute_region`s around a pooled pair of buffers.
fn nested_regions(depth: usize) -> String {
    let mut text = String::from("func.func @f() {\n");
    for _ in 0..depth {
        text.push_str("scf.execute_region {\n");
    }
    text.push_str(
        "%a = memref.alloc() : memref<16xf32>\nmemref.dealloc %a : memref<16xf32>\n\
         %b = memref.alloc() : memref<16xf32>\nmemref.dealloc %b : memref<16xf32>\n",
    );
    for _ in 0..depth {
        text.push_str("scf.yield\n}\n");
    }
    text.push_str("return\n}\n");
    text
}

/// Reads, analyzes, pools (everything), rewrites and prints `text`; the error messages where
/// a step fails.
fn run_all(text: &str) -> Result<String, Vec<String>> {
    let messages = |d: Diagnostics| d.into_iter().map(|d| d.message).collect::<Vec<_>>();
    let file = SourceFile::new("deep.mlir", text);
    let mut module = bufreuse::read(&file).map_err(messages)?;
    let printed = bufreuse::print(&module);
    let mut analysis = bufreuse::analyze(&module, &Default::default()).map_err(messages)?;
    let all = bufreuse::PoolOptions {
        pool_all: true,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &all).map_err(messages)?;
    bufreuse::report(&module, &file, &analysis, bufreuse::ReportFormat::Json).map_err(messages)?;
    let out = bufreuse::rewrite(&mut module, &file, &analysis).map_err(messages)?;
    Ok(printed + &out.text)
}

#[test]
fn attributes_nested_to_the_limit_work_on_an_ordinary_thread() {
    let out = on_ordinary_thread(|| run_all(&nested_attribute(14_000)));
    assert!(out.is_ok(), "{out:?}");
}

#[test]
fn attributes_nested_past_the_limit_are_an_error_on_an_ordinary_thread() {
    let out = on_ordinary_thread(|| run_all(&nested_attribute(40_000)));
    assert_eq!(
        out,
        Err(vec![
            "brackets nested more than 15000 deep are not supported".to_string()
        ])
    );
}

#[test]
fn regions_nested_to_the_limit_work_on_an_ordinary_thread() {
    let out = on_ordinary_thread(|| run_all(&nested_regions(990)));
    let text = out.expect("rewritten");
    assert!(text.contains("memref.view"), "{text}");
}

/// Two buffers in a row, each freed before the next is made.
const TWO_BUFFERS: &str = "func.func @f() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
";

#[test]
fn an_analysis_of_another_module_is_an_error() {
    let file = SourceFile::new("two.mlir", TWO_BUFFERS);
    let other = SourceFile::new("one.mlir", "func.func @g() { return }");
    let mut module = bufreuse::read(&file).expect("valid IR");
    let other_module = bufreuse::read(&other).expect("valid IR");
    let mut analysis = bufreuse::analyze(&other_module, &Default::default()).expect("analyzed");
    let refused = |what: &str| {
        format!(
            "error: cannot {what}: the analysis was made of another module, or of this one \
             before it was rewritten"
        )
    };
    let pooled = bufreuse::pool(&module, &mut analysis, &Default::default());
    assert_eq!(pooled.map_err(|e| e.to_string()), Err(refused("pool")));
    let rewritten = bufreuse::rewrite(&mut module, &file, &analysis);
    assert_eq!(
        rewritten.map(|r| r.text).map_err(|e| e.to_string()),
        Err(refused("rewrite"))
    );
    let report = bufreuse::report(&module, &file, &analysis, bufreuse::ReportFormat::Text);
    assert_eq!(report.map_err(|e| e.to_string()), Err(refused("report")));
    let remarks = bufreuse::remarks(&module, &analysis);
    assert_eq!(
        remarks.map_err(|e| e.to_string()),
        Err(refused("make remarks"))
    );
}

#[test]
fn an_analysis_made_before_the_rewrite_no_longer_matches() {
    let file = SourceFile::new("two.mlir", TWO_BUFFERS);
    let mut module = bufreuse::read(&file).expect("valid IR");
    let mut analysis = bufreuse::analyze(&module, &Default::default()).expect("analyzed");
    let all = bufreuse::PoolOptions {
        pool_all: true,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &all).expect("pooled");
    let once = bufreuse::rewrite(&mut module, &file, &analysis);
    assert!(once.expect("rewritten").text.contains("memref.view"));
    let twice = bufreuse::rewrite(&mut module, &file, &analysis);
    assert!(twice.is_err());
}

/// What a user writes: the library's errors go through `?` into `Box<dyn Error>`.
fn pool_and_rewrite(text: &str) -> Result<String, Box<dyn std::error::Error>> {
    let file = SourceFile::new("in.mlir", text);
    let mut module = bufreuse::read(&file)?;
    let mut analysis = bufreuse::analyze(&module, &Default::default())?;
    bufreuse::pool(&module, &mut analysis, &Default::default())?;
    Ok(bufreuse::rewrite(&mut module, &file, &analysis)?.text)
}

#[test]
fn diagnostics_go_through_the_question_mark() {
    let error = pool_and_rewrite("func.func @f() {\n  %x = foo\n}\n").expect_err("bad IR");
    let diagnostics = error
        .downcast_ref::<Diagnostics>()
        .expect("the library's error type");
    assert_eq!(diagnostics.len(), 1);
    assert!(error.to_string().starts_with("error: "), "{error}");
    let file = SourceFile::new("in.mlir", "func.func @f() {\n  %x = foo\n}\n");
    assert!(diagnostics.render(&file).starts_with("in.mlir:2:"));
    assert!(pool_and_rewrite(TWO_BUFFERS).is_ok());
}

#[test]
fn a_diagnostic_displays_its_notes() {
    let d = bufreuse::Diagnostic::file_error("it failed").with_note(None, "because");
    assert_eq!(d.to_string(), "error: it failed\nnote: because");
    let boxed: Box<dyn std::error::Error> = Box::new(d);
    assert!(boxed.to_string().starts_with("error: it failed"));
}

/// Two buffers of four `index`es, live together.
const TWO_INDEX_BUFFERS: &str = "func.func @f() {
  %a = memref.alloc() : memref<4xindex>
  %b = memref.alloc() : memref<4xindex>
  memref.copy %a, %b : memref<4xindex> to memref<4xindex>
  memref.dealloc %a : memref<4xindex>
  memref.dealloc %b : memref<4xindex>
  return
}
";

#[test]
fn an_analysis_is_pooled_once_and_only_then_reported_or_rewritten() {
    let file = SourceFile::new("two.mlir", TWO_BUFFERS);
    let mut module = bufreuse::read(&file).expect("valid IR");
    let mut analysis = bufreuse::analyze(&module, &Default::default()).expect("analyzed");
    assert!(!analysis.is_pooled());
    let f = &analysis.functions[0];
    assert!(f.pools.is_empty() && f.pool_bytes == 0);
    assert!(f.allocations.iter().all(|a| a.offset.is_none()));
    let not_pooled = |what: &str| {
        format!(
            "error: cannot {what}: the analysis is not pooled yet (pool fills in its pools and \
             offsets)"
        )
    };
    let report = bufreuse::report(&module, &file, &analysis, bufreuse::ReportFormat::Text);
    assert_eq!(report.map_err(|e| e.to_string()), Err(not_pooled("report")));
    let rewritten = bufreuse::rewrite(&mut module, &file, &analysis);
    assert_eq!(
        rewritten.map(|r| r.text).map_err(|e| e.to_string()),
        Err(not_pooled("rewrite"))
    );
    // Remarks read only what the analysis found.
    assert!(bufreuse::remarks(&module, &analysis).is_ok());

    let all = bufreuse::PoolOptions {
        pool_all: true,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &all).expect("pooled");
    assert!(analysis.is_pooled());
    assert_eq!(analysis.functions[0].pool_bytes, 64);
    let again = bufreuse::pool(&module, &mut analysis, &Default::default());
    assert_eq!(
        again.map_err(|e| e.to_string()),
        Err(
            "error: cannot pool: the analysis is pooled already (its pools and offsets are \
             filled in)"
                .to_string()
        )
    );
    assert!(bufreuse::report(&module, &file, &analysis, bufreuse::ReportFormat::Text).is_ok());
    assert!(bufreuse::rewrite(&mut module, &file, &analysis).is_ok());
}

#[test]
fn the_rewrite_checks_with_the_options_the_analysis_was_made_and_pooled_with() {
    let file = SourceFile::new("index.mlir", TWO_INDEX_BUFFERS);
    let mut module = bufreuse::read(&file).expect("valid IR");
    // 4-byte indices: 16 bytes a buffer, at offsets 0 and 16 of a pool aligned to 16. A
    // check that took an index for 8 bytes would find the buffers overlapping.
    let four_bytes = bufreuse::AnalysisOptions {
        index_bytes: 4,
        ..Default::default()
    };
    let mut analysis = bufreuse::analyze(&module, &four_bytes).expect("analyzed");
    let aligned_16 = bufreuse::PoolOptions {
        alignment: 16,
        pool_all: true,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &aligned_16).expect("pooled");
    let pool = &analysis.functions[0].pools[0];
    assert_eq!((pool.size, pool.align), (32, 16));
    let out = bufreuse::rewrite(&mut module, &file, &analysis).expect("rewritten and checked");
    assert!(
        out.text
            .contains("memref.alloc() {alignment = 16 : i64} : memref<32xi8>"),
        "{}",
        out.text
    );
    assert_eq!(out.stats[0].pooled, 2);
}

#[test]
fn an_analysis_names_its_ops_and_values_through_the_module() {
    let file = SourceFile::new(
        "names.mlir",
        "func.func @f() -> memref<4xf32, 1> {
  %a = memref.alloc() : memref<4xf32, 1>
  %b = memref.alloc() : memref<8xf32, 1>
  %c = memref.alloc() : memref<8xf32, 1>
  memref.copy %b, %c : memref<8xf32, 1> to memref<8xf32, 1>
  memref.dealloc %b : memref<8xf32, 1>
  memref.dealloc %c : memref<8xf32, 1>
  return %a : memref<4xf32, 1>
}",
    );
    let module = bufreuse::read(&file).expect("valid IR");
    let mut analysis = bufreuse::analyze(&module, &Default::default()).expect("analyzed");
    let all = bufreuse::PoolOptions {
        pool_all: true,
        ..Default::default()
    };
    bufreuse::pool(&module, &mut analysis, &all).expect("pooled");
    let f = &analysis.functions[0];
    let names: Vec<&str> = f
        .allocations
        .iter()
        .map(|a| module.value_name(a.value))
        .collect();
    assert_eq!(names, ["%a", "%b", "%c"]);
    assert_eq!(module.op_name(f.allocations[0].op), "memref.alloc");
    let cause: &bufreuse::Cause = &f.allocations[0].reasons[0];
    assert_eq!(cause.reason, bufreuse::Reason::EscapesReturn);
    let at: bufreuse::OpId = cause.at.expect("the return");
    assert_eq!(module.op_name(at), "func.return");
    let span: bufreuse::Span = module.op_span(at);
    assert_eq!(file.line_col(span.start), (8, 3));
    assert!(file.text()[span.range()].starts_with("return %a"));
    assert_eq!(f.pools.len(), 1);
    assert_eq!(f.pools[0].memory_space().as_deref(), Some("1"));
}
