//! Runs the stages of one mode on one chunk of input: parse, build, verify, then print,
//! analyze or rewrite.
use crate::cli::Cli;
use crate::diag::Diagnostic;
use crate::driver::Output;
use crate::source::SourceFile;

/// Runs the mode's stages on one chunk.
pub fn run(_file: &SourceFile, _cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    Err(vec![Diagnostic::file_error("not implemented yet")])
}
