//! `bufreuse --plan FILE.csv` (placeholder: being written).
use crate::cli::Cli;
use crate::diag::Diagnostic;
use crate::driver::Output;
use crate::source::SourceFile;

/// Runs `--plan` on a MiniMalloc CSV file.
pub fn run(_file: &SourceFile, _cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    Err(vec![Diagnostic::file_error("--plan is not implemented yet")])
}
