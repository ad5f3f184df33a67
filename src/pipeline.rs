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

/// Parses and builds the IR of one source file.
pub fn load(file: &SourceFile) -> Result<Module, Vec<Diagnostic>> {
    let items = crate::syntax::parse(&file.text).map_err(|d| vec![d])?;
    crate::ir::build::build(items)
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
        alignment: cli.alignment,
        plan,
        capacity: cli.capacity,
        assume_nocapture: cli.assume_nocapture.iter().cloned().collect(),
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
            stdout: crate::ir::print::print_module(&load(file)?),
            stderr: String::new(),
        }),
        Mode::Analyze => {
            let (module, analysis, stderr) = analyze(file, cli)?;
            let stdout = match cli.format {
                Format::Text => analysis::report::text(&module, file, &analysis),
                Format::Json => analysis::report::json(&module, file, &analysis),
            };
            Ok(Output { stdout, stderr })
        }
        Mode::Rewrite | Mode::Plan => Err(vec![Diagnostic::file_error(
            "this mode is not implemented yet",
        )]),
    }
}
