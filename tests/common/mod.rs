//! What the test harnesses that run outside tools share: where the tools are found, and how
//! a test that needs a missing tool is reported (ignored, or failed under
//! `BUFREUSE_REQUIRE_TOOLS`), never passed. Each harness includes it with `mod common;`.
#![allow(dead_code)] // Each harness uses part of it.

use libtest_mimic::Trial;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Whether `BUFREUSE_REQUIRE_TOOLS` is set (not empty, not `0`): a missing tool then fails
/// the test that needs it instead of leaving it ignored.
pub fn tools_required() -> bool {
    env::var_os("BUFREUSE_REQUIRE_TOOLS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The test `name` that runs `test` on what it needs (`Err`: why that is missing). Without
/// it the test is ignored; it fails when run all the same (under `BUFREUSE_REQUIRE_TOOLS`,
/// or with `--ignored` or `--include-ignored`).
pub fn needs_tool<T: Send + 'static>(
    name: &str,
    found: Result<T, String>,
    test: impl FnOnce(T) + Send + 'static,
) -> Trial {
    let ignored = found.is_err() && !tools_required();
    Trial::test(name, move || match found {
        Ok(tool) => {
            test(tool);
            Ok(())
        }
        Err(missing) => Err(format!("cannot run: {missing}").into()),
    })
    .with_ignored_flag(ignored)
}

/// Tells on stderr that `tests` (of the harness `harness`) cannot run because `missing`, and
/// what happens to them: they are ignored, or fail under `BUFREUSE_REQUIRE_TOOLS`.
pub fn say_missing(harness: &str, missing: &str, tests: &str) {
    let outcome = if tools_required() {
        "fails (BUFREUSE_REQUIRE_TOOLS is set)"
    } else {
        "is ignored"
    };
    eprintln!("{harness}: {missing}: {tests} {outcome}");
}

/// `/usr/lib/llvm-N/bin` directories, newest N first; none with `BUFREUSE_LIT_NO_SYSTEM`.
pub fn llvm_bin_dirs() -> Vec<PathBuf> {
    if env::var_os("BUFREUSE_LIT_NO_SYSTEM").is_some_and(|v| !v.is_empty()) {
        return Vec::new();
    }
    let Ok(entries) = fs::read_dir("/usr/lib") else {
        return Vec::new();
    };
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let version = e
                .file_name()
                .to_str()?
                .strip_prefix("llvm-")?
                .parse()
                .ok()?;
            let bin = e.path().join("bin");
            bin.is_dir().then_some((version, bin))
        })
        .collect();
    found.sort_by_key(|(version, _)| std::cmp::Reverse(*version));
    found.into_iter().map(|(_, dir)| dir).collect()
}

/// The executable `name` on PATH, else in the newest `/usr/lib/llvm-*/bin` that has it.
pub fn find_tool(name: &str) -> Option<PathBuf> {
    let path = env::var_os("PATH").unwrap_or_default();
    env::split_paths(&path)
        .chain(llvm_bin_dirs())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Whether `path` is a file this process may run.
pub fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}
