//! Runs the stages of one mode on one chunk of input: parse, build, then print, analyze or
//! rewrite.

use crate::cli::{Cli, Mode};
use crate::diag::Diagnostic;
use crate::driver::Output;
use crate::ir::Module;
use crate::source::SourceFile;

/// Parses and builds the IR of one source file.
pub fn load(file: &SourceFile) -> Result<Module, Vec<Diagnostic>> {
    let items = crate::syntax::parse(&file.text).map_err(|d| vec![d])?;
    crate::ir::build::build(items)
}

/// Runs the mode's stages on one chunk.
pub fn run(file: &SourceFile, cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    let module = load(file)?;
    match cli.mode() {
        Mode::Print => Ok(Output {
            stdout: crate::ir::print::print_module(&module),
            stderr: String::new(),
        }),
        Mode::Analyze | Mode::Rewrite | Mode::Plan => Err(vec![Diagnostic::file_error(
            "this mode is not implemented yet",
        )]),
    }
}
