//! `library`: the public API as a user of the crate calls it, on a thread with the stack
//! `std::thread::spawn` gives (2 MiB, not the binary's 1 GiB): `read`, `print`, `analyze`,
//! `pool` (everything, `pool_all`), `report` (text and JSON), `remarks`, `rewrite`, and
//! `read` of the rewritten text. An error is fine when it is a `Diagnostics` that renders and
//! says no `internal error`; a panic, a stack overflow, a rewritten text that does not read
//! again, or a second rewrite with the first one's analysis that is not refused is a finding.
#![no_main]

use bufreuse::{Diagnostics, PoolOptions, ReportFormat, SourceFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A panic on the thread reaches libfuzzer-sys' panic hook, which aborts the process.
    std::thread::scope(|scope| scope.spawn(|| run(text)).join().expect("no panic"));
});

/// Fails the case if `errors` is empty, or if one of them is an internal error.
fn expect_input_errors(file: &SourceFile, errors: &Diagnostics, step: &str) {
    assert!(!errors.is_empty(), "{step} failed without a diagnostic");
    let rendered = errors.render(file);
    assert!(
        !errors.iter().any(|d| d.message.contains("internal error")),
        "{step}: internal error\n{rendered}\n--- input ---\n{}",
        file.text()
    );
}

fn run(text: &str) {
    let file = SourceFile::new("fuzz.mlir", text);
    let mut module = match bufreuse::read(&file) {
        Ok(m) => m,
        Err(e) => return expect_input_errors(&file, &e, "read"),
    };
    bufreuse::print(&module);
    let mut analysis = match bufreuse::analyze(&module, &Default::default()) {
        Ok(a) => a,
        Err(e) => return expect_input_errors(&file, &e, "analyze"),
    };
    let opts = PoolOptions {
        pool_all: true,
        plan: bufreuse_fuzz::plan_options(),
        ..Default::default()
    };
    if let Err(e) = bufreuse::pool(&module, &mut analysis, &opts) {
        return expect_input_errors(&file, &e, "pool");
    }
    for format in [ReportFormat::Text, ReportFormat::Json] {
        bufreuse::report(&module, &file, &analysis, format).expect("a report of this module");
    }
    let remarks = bufreuse::remarks(&module, &analysis).expect("remarks of this module");
    bufreuse::render(&file, &remarks);
    let rewritten = match bufreuse::rewrite(&mut module, &file, &analysis) {
        Ok(r) => r,
        Err(e) => return expect_input_errors(&file, &e, "rewrite"),
    };
    let again = bufreuse::rewrite(&mut module, &file, &analysis);
    assert!(again.is_err(), "a second rewrite with the same analysis was not refused");
    let reread = SourceFile::new("fuzz.mlir (rewritten)", rewritten.text.as_str());
    if let Err(e) = bufreuse::read(&reread) {
        panic!(
            "the rewritten text does not read again:\n{}\n--- input ---\n{text}\n--- rewritten ---\n{}",
            e.render(&reread),
            rewritten.text
        );
    }
}
