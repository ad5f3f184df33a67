//! Reading text into a verified `Module`: parse, build and verify, on two threads when the
//! text is large (with the `parallel` module's split parse and `parallel::Threads`).

use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::parallel::{Threads, side_by_side};
use crate::source::SourceFile;

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
        let module = crate::ir::build::build_parts(items, &Threads)?;
        let result = verify_alongside(&module, &then)?;
        Ok((module, result))
    };
    if let Some(items) = crate::parallel::parse_split(&file.text)
        && let Ok(result) = attempt(items)
    {
        return Ok(result);
    }
    attempt(crate::syntax::parse_whole(&file.text)?.into())
}

/// Verifies `module` and runs `then` on it, side by side when the module is large.
fn verify_alongside<T: Send>(
    module: &Module,
    then: &(impl Fn(&Module) -> T + Sync),
) -> Result<T, Vec<Diagnostic>> {
    if module.ops.len() < crate::parallel::APART_MIN_OPS || crate::parallel::allowed() < 2 {
        crate::ir::verify::verify(module)?;
        return Ok(then(module));
    }
    let (verified, result) = side_by_side(
        true,
        "bufreuse-verify",
        || crate::ir::verify::verify(module),
        || then(module),
    );
    verified.map(|()| result)
}
