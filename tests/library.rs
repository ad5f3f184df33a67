//! The library survives what the binary survives: its entry points, called on an ordinary
//! thread (2 MiB of stack, as `std::thread::spawn` gives), return errors for inputs nested
//! as deep as the binary refuses and handle everything below that, however deep, without
//! overflowing the caller's stack; an analysis of another module is an error, not a panic;
//! and a `Diagnostic` is an error type usable with `?`.

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
    let out =
        bufreuse::rewrite(&mut module, &file, &analysis, &Default::default()).map_err(messages)?;
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
    let rewritten = bufreuse::rewrite(&mut module, &file, &analysis, &Default::default());
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
    let once = bufreuse::rewrite(&mut module, &file, &analysis, &Default::default());
    assert!(once.expect("rewritten").text.contains("memref.view"));
    let twice = bufreuse::rewrite(&mut module, &file, &analysis, &Default::default());
    assert!(twice.is_err());
}

/// What a user writes: the library's errors go through `?` into `Box<dyn Error>`.
fn pool_and_rewrite(text: &str) -> Result<String, Box<dyn std::error::Error>> {
    let file = SourceFile::new("in.mlir", text);
    let mut module = bufreuse::read(&file)?;
    let mut analysis = bufreuse::analyze(&module, &Default::default())?;
    bufreuse::pool(&module, &mut analysis, &Default::default())?;
    Ok(bufreuse::rewrite(&mut module, &file, &analysis, &Default::default())?.text)
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
