//! `rewrite`: what `bufreuse --rewrite` does (`command::pipeline`), with the reports of
//! `--analyze` on the way: parse, analyze (plans checked), render the warnings, remarks, text
//! and JSON reports and the plot, rewrite, print, parse the print again and check the pools
//! with `rewrite::verify::check`. Input errors are fine; a panic, a rewritten program that does
//! not parse, or one that fails its check is a finding (but for the known bugs listed in
//! `bufreuse_fuzz::known_bug`).
#![no_main]

use bufreuse::analysis::{self, report};
use bufreuse::ir::print::print_module;
use bufreuse::rewrite::{self, Sabotage};
use bufreuse::source::SourceFile;
use bufreuse::command::plot;
use bufreuse::{diag, load, policy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    bufreuse_fuzz::on_big_stack(|| run(text));
});

fn run(text: &str) {
    let file = SourceFile::new("fuzz.mlir", text);
    let Ok(mut module) = load::load(&file) else {
        return;
    };
    let opts = policy::Options {
        plan: bufreuse_fuzz::plan_options(),
        ..policy::Options::default()
    };
    let analyzed = analysis::analyze(&module, &analysis::Options::default())
        .and_then(|mut a| policy::pool(&module, &mut a, &opts).map(|()| a));
    let analysis = match analyzed {
        Ok(a) => a,
        Err(d) => {
            assert!(!d.is_empty(), "analysis failed without a diagnostic");
            let rendered = diag::render(&file, &d);
            assert!(
                !d.iter().any(|d| d.message.starts_with("internal error")),
                "analysis: internal error\n{rendered}\n--- input ---\n{text}"
            );
            return;
        }
    };
    diag::render(&file, &analysis.warnings);
    diag::render(&file, &report::remarks(&module, &analysis));
    report::text(&module, &file, &analysis);
    report::json(&module, &file, &analysis);
    plot::svg(&plot::analysis_panels(&module, &analysis, None));

    let (_stats, pools) = rewrite::rewrite(&mut module, &analysis, Sabotage::default(), true);
    let printed = print_module(&module);
    drop(module);
    let reparsed_file = SourceFile::new("fuzz.mlir (rewritten)", printed.clone());
    let reparsed = match load::load(&reparsed_file) {
        Ok(m) => m,
        Err(d) => {
            let failure = diag::render(&reparsed_file, &d);
            if bufreuse_fuzz::known_bug(text, &format!("{failure}\n{printed}")).is_some() {
                return;
            }
            panic!(
                "the rewritten IR does not parse again:\n{failure}\n--- input ---\n{text}\n--- rewritten ---\n{printed}"
            )
        }
    };
    let errors: Vec<diag::Diagnostic> = rewrite::verify::check(&reparsed, &pools, opts.alignment, 8)
        .into_iter()
        .flat_map(|failure| failure.errors)
        .collect();
    assert!(
        errors.is_empty(),
        "the rewritten IR fails its check:\n{}\n--- input ---\n{text}",
        diag::render(&reparsed_file, &errors)
    );
}
