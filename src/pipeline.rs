//! Runs the stages of one mode on one chunk of input: parse, build, then print, analyze or
//! rewrite.

use crate::analysis::{self, Analysis};
use crate::cli::{Cli, Format, Mode};
use crate::diag::{self, Diagnostic};
use crate::driver::Output;
use crate::ir::Module;
use crate::plan::{PlanOptions, Strategy};
use crate::source::SourceFile;
use std::time::Duration;

/// Parses, builds and verifies the IR of one source file.
pub fn load(file: &SourceFile) -> Result<Module, Vec<Diagnostic>> {
    load_then(file, |_| ()).map(|(module, ())| module)
}

/// Parses and builds the IR of one source file, then verifies it while `then` runs on it
/// (on two threads when the module is large): `then`'s result counts only if the module is
/// valid.
///
/// A large text is parsed and built on two threads, each part of it on its own. When the IR
/// then has an error, the text is read again on one thread, so that the errors reported are those of
/// the whole text as one piece, whatever the split.
pub fn load_then<T: Send>(
    file: &SourceFile,
    then: impl Fn(&Module) -> T + Sync,
) -> Result<(Module, T), Vec<Diagnostic>> {
    let attempt = |items| -> Result<(Module, T), Vec<Diagnostic>> {
        let module = crate::ir::build::build_parts(items)?;
        let result = verify_alongside(&module, &then)?;
        Ok((module, result))
    };
    if let Some(items) = crate::syntax::parse_split(&file.text)
        && let Ok(result) = attempt(items)
    {
        return Ok(result);
    }
    attempt(crate::syntax::parse_whole(&file.text)?.into())
}

/// A module with at least this many ops is verified on a thread of its own.
const VERIFY_APART_OPS: usize = 20_000;

/// Verifies `module` and runs `then` on it, side by side when the module is large.
fn verify_alongside<T: Send>(
    module: &Module,
    then: &(impl Fn(&Module) -> T + Sync),
) -> Result<T, Vec<Diagnostic>> {
    if module.ops.len() < VERIFY_APART_OPS || crate::threads::allowed() < 2 {
        crate::ir::verify::verify(module)?;
        return Ok(then(module));
    }
    let (verified, result) = crate::threads::side_by_side(
        true,
        "bufreuse-verify",
        || crate::ir::verify::verify(module),
        || then(module),
    );
    verified.map(|()| result)
}

/// Analysis options from the command line.
pub fn analysis_options(cli: &Cli) -> analysis::Options {
    let mut plan = PlanOptions::with_time_limit(
        Strategy::from(cli.planner),
        Duration::from_secs_f64(cli.time_limit),
    );
    plan.verify = cli.verify_plan;
    analysis::Options {
        index_bytes: u64::from(cli.index_bitwidth / 8),
        alignment: cli.alignment(),
        plan,
        capacity: cli.capacity,
        assume_nocapture: cli.assume_nocapture.iter().cloned().collect(),
        pool_all: cli.pool_all,
        before_dealloc: cli.before_dealloc,
        dynamic_pools: !cli.no_dynamic_pools,
    }
}

/// Loads and analyzes one file; warnings are rendered into the returned string.
pub fn analyze(
    file: &SourceFile,
    cli: &Cli,
) -> Result<(Module, Analysis, String), Vec<Diagnostic>> {
    let module = load(file)?;
    let analysis = analysis::analyze(&module, &analysis_options(cli))?;
    let mut stderr = diag::render(file, &analysis.warnings);
    if cli.remarks {
        stderr.push_str(&diag::render(
            file,
            &analysis::report::remarks(&module, &analysis),
        ));
    }
    Ok((module, analysis, stderr))
}

/// Runs the mode's stages on one chunk.
pub fn run(file: &SourceFile, cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    match cli.mode() {
        Mode::Print => Ok(Output {
            stdout: load_then(file, crate::ir::print::print_module_pieces)?.1,
            ..Output::default()
        }),
        Mode::Analyze => {
            let (module, analysis, stderr) = analyze(file, cli)?;
            let stdout = match cli.format {
                Format::Text => analysis::report::text(&module, file, &analysis),
                Format::Json => analysis::report::json(&module, file, &analysis),
            };
            let panels = plot_panels(&module, &analysis, cli);
            Ok(Output {
                stdout: stdout.into(),
                stderr,
                panels,
            })
        }
        Mode::Rewrite => rewrite(file, cli),
        Mode::Plan => Err(vec![Diagnostic::file_error("--plan reads CSV, not MLIR")]),
    }
}

/// `--rewrite`: analyze, rewrite, print, then parse the printed text again and check it.
fn rewrite(file: &SourceFile, cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    let (mut module, analysis, mut stderr) = analyze(file, cli)?;
    let sabotage = crate::rewrite::Sabotage {
        break_plan: cli.debug_break_plan,
    };
    let panels = plot_panels(&module, &analysis, cli);
    let (stats, pools) = crate::rewrite::rewrite(&mut module, &analysis, sabotage);
    let text = crate::ir::print::print_module(&module);
    if !pools.is_empty() && !cli.debug_skip_verify {
        let reparsed_file = SourceFile::new(format!("{} (rewritten)", file.name), text.clone());
        let reparsed = load(&reparsed_file).map_err(|mut d| {
            d.insert(
                0,
                Diagnostic::file_error("internal error: the rewritten IR does not parse again"),
            );
            d
        })?;
        let errors = crate::rewrite::verify::check(
            &reparsed,
            &pools,
            cli.alignment(),
            u64::from(cli.index_bitwidth / 8),
        );
        if !errors.is_empty() {
            // Point into the rewritten text, which is what was checked.
            let rendered = diag::render(&reparsed_file, &errors);
            return Err(vec![Diagnostic::file_error(format!(
                "internal error: the rewrite produced IR that fails its check; no output was written\n{rendered}"
            ))]);
        }
    }
    if cli.stats {
        for s in &stats {
            let mallocs = |n: Option<u64>| n.map_or("?".to_string(), |n| n.to_string());
            stderr.push_str(&format!(
                "{}: @{}: {} allocations pooled, {} kept; {} bytes -> {} bytes; mallocs per call {} -> {}\n",
                file.name,
                s.name,
                s.pooled,
                s.kept,
                s.bytes_before,
                s.bytes_after,
                mallocs(s.mallocs_before),
                mallocs(s.mallocs_after)
            ));
        }
    }
    Ok(Output {
        stdout: text.into(),
        stderr,
        panels,
    })
}

fn plot_panels(module: &Module, analysis: &Analysis, cli: &Cli) -> Vec<crate::plot::Panel> {
    if cli.plot.is_some() {
        crate::plot::analysis_panels(module, analysis, cli.capacity)
    } else {
        Vec::new()
    }
}
