//! `split`: text that parses and builds on one thread is parsed again on two threads at every
//! hole the scan offers (`parallel::split`); each split that succeeds must build, on two threads,
//! the same module (its `Debug` text: ids, spans, names, types) as the one-thread parse.
#![no_main]

use bufreuse::ir::build::{build, build_parts};
use bufreuse::parallel::{Threads, split};
use bufreuse::syntax::parse_whole;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    bufreuse_fuzz::on_big_stack(|| {
        let Ok(whole) = parse_whole(text)
            .map_err(drop)
            .and_then(|f| build(f).map_err(drop))
        else {
            return;
        };
        let expected = format!("{whole:?}");
        let mut holes = Vec::new();
        split::scan(text, 0, |h| holes.push(h));
        holes.truncate(16);
        for hole in holes {
            let Some(file) = split::parse_with_hole(text, hole) else {
                continue;
            };
            // A split parse may fail to build only where the whole one fails too (the caller
            // then reports the one-thread parse's errors); this one built.
            let module = build_parts(file, &Threads).unwrap_or_else(|_| {
                panic!("split at {hole:?} parses but does not build\n--- input ---\n{text}")
            });
            let got = format!("{module:?}");
            assert!(
                got == expected,
                "split at {hole:?} builds another module\n--- input ---\n{text}"
            );
        }
    });
});
