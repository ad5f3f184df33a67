//! `parse`: any bytes that are UTF-8 go through `load::load`, whole and split at
//! `// -----` as `--split-input-file` does; it must answer Ok or Err, never panic, hang or
//! overflow the stack, and every diagnostic it returns must render.
#![no_main]

use bufreuse::source::SourceFile;
use bufreuse::{command, diag, load};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    bufreuse_fuzz::on_big_stack(|| {
        let file = SourceFile::new("fuzz.mlir", text);
        load_and_render(&file);
        if text.contains("// -----") {
            for chunk in command::split_input(&file) {
                load_and_render(&chunk);
            }
        }
    });
});

fn load_and_render(file: &SourceFile) {
    if let Err(diagnostics) = load::load(file) {
        assert!(!diagnostics.is_empty(), "load failed without a diagnostic");
        let rendered = diag::render(file, &diagnostics);
        assert!(
            !diagnostics
                .iter()
                .any(|d| d.message.starts_with("internal error")),
            "an input error reported as an internal error:\n{rendered}"
        );
    }
}
