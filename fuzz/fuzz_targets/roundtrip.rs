//! `roundtrip`: text that parses is printed, the print is parsed again and printed again; the
//! second parse must succeed and both prints must be identical (printing is a fixpoint).
//! Failures of the known bugs listed in `bufreuse_fuzz::known_bug` are let pass.
#![no_main]

use bufreuse::ir::print::print_module;
use bufreuse::source::SourceFile;
use bufreuse::{diag, load};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    bufreuse_fuzz::on_big_stack(|| {
        let Ok(module) = load::load(&SourceFile::new("fuzz.mlir", text)) else {
            return;
        };
        let first = print_module(&module);
        drop(module);
        let printed = SourceFile::new("printed.mlir", first.clone());
        let again = match load::load(&printed) {
            Ok(m) => m,
            Err(d) => {
                let failure = diag::render(&printed, &d);
                if bufreuse_fuzz::known_bug(text, &format!("{failure}\n{first}")).is_some() {
                    return;
                }
                panic!(
                    "the printed IR does not parse again:\n{failure}\n--- input ---\n{text}\n--- printed ---\n{first}"
                )
            }
        };
        let second = print_module(&again);
        if first != second
            && bufreuse_fuzz::known_bug(text, &format!("not a fixpoint\n{first}\n{second}"))
                .is_none()
        {
            panic!(
                "printing is not a fixpoint\n--- input ---\n{text}\n--- first ---\n{first}\n--- second ---\n{second}"
            );
        }
    });
});
