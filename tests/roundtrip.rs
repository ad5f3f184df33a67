//! Round trips of real inputs through `bufreuse` with no mode flag (read, print again).
//!
//! Inputs: every `.mlir` in `examples/` and, when the shared material sits beside the
//! repository (`../shared/corpus`), every `.mlir` in its `exec/` and `pipeline/` folders.
//! For each file, as a check of its own (all failures are reported together at the end):
//! 1. `bufreuse FILE` succeeds;
//! 2. its output is a fixed point: `bufreuse` of the output prints the same bytes;
//! 3. when `mlir-opt` is found (PATH, else the newest `/usr/lib/llvm-*/bin`), `mlir-opt FILE`
//!    and `mlir-opt` of bufreuse's output print the same text: printing lost nothing MLIR
//!    sees. Without `mlir-opt` this comparison is skipped, and a line on stderr says so.
//!
//! A second test joins two examples with `// -----` and checks `--split-input-file`.
//!
//! Environment: `BUFREUSE_LIT_NO_SYSTEM=1` ignores `/usr/lib/llvm-*` (as `tests/lit.rs` does),
//! to check the run without `mlir-opt` on a machine that has it.
//!
//! Summaries are written straight to stderr, past libtest's capture, so that a skipped
//! comparison is seen even when the test passes.

use pretty_assertions::assert_eq;
use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root.
fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.mlir` files directly in `dir`, sorted by name; none when `dir` does not exist.
fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir") && p.is_file())
        .collect();
    files.sort();
    files
}

/// Every input of the round trip: the examples, then the shared corpus when present.
fn inputs() -> Vec<PathBuf> {
    let mut files = mlir_files(&manifest_dir().join("examples"));
    let corpus = manifest_dir().join("../shared/corpus");
    if corpus.is_dir() {
        files.extend(mlir_files(&corpus.join("exec")));
        files.extend(mlir_files(&corpus.join("pipeline")));
    }
    files
}

/// `/usr/lib/llvm-N/bin` directories, newest N first; none with `BUFREUSE_LIT_NO_SYSTEM`.
fn llvm_bin_dirs() -> Vec<PathBuf> {
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

/// `mlir-opt` on PATH, else in the newest `/usr/lib/llvm-*/bin` that has it.
fn find_mlir_opt() -> Option<PathBuf> {
    let path = env::var_os("PATH").unwrap_or_default();
    env::split_paths(&path)
        .chain(llvm_bin_dirs())
        .map(|dir| dir.join("mlir-opt"))
        .find(|candidate| candidate.is_file())
}

/// Runs `program` with `args`; `Ok(stdout)` on exit status 0, else `Err` with what went wrong.
fn run(program: &Path, args: &[&Path]) -> Result<String, String> {
    let shown = || {
        let mut words = vec![program.display().to_string()];
        words.extend(args.iter().map(|a| a.display().to_string()));
        words.join(" ")
    };
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("`{}` could not start: {e}", shown()))?;
    if !status.success() {
        return Err(format!(
            "`{}` failed ({status}):\n{}",
            shown(),
            String::from_utf8_lossy(&stderr)
        ));
    }
    String::from_utf8(stdout).map_err(|e| format!("`{}` printed invalid UTF-8: {e}", shown()))
}

fn bufreuse() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_bufreuse"))
}

/// A scratch file for intermediate text; `tag` keeps the names of one input apart.
fn scratch(input: &Path, tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("roundtrip");
    fs::create_dir_all(&dir).expect("cannot create the scratch directory");
    let parent = input
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let name = input.file_name().and_then(|n| n.to_str()).unwrap_or("in");
    dir.join(format!("{parent}.{name}.{tag}.mlir"))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Checks one input; `Err` names the first step that failed.
fn check(input: &Path, mlir_opt: Option<&Path>) -> Result<(), String> {
    let printed = run(bufreuse(), &[input])?;
    let printed_file = scratch(input, "printed");
    write(&printed_file, &printed)?;

    let again = run(bufreuse(), &[&printed_file])?;
    if again != printed {
        return Err(format!(
            "the output is not a fixed point: bufreuse of {} prints something else\n{}",
            printed_file.display(),
            first_difference(&printed, &again)
        ));
    }

    if let Some(mlir_opt) = mlir_opt {
        let reference = run(mlir_opt, &[input])?;
        let ours = run(mlir_opt, &[&printed_file])?;
        if reference != ours {
            return Err(format!(
                "mlir-opt prints the input and bufreuse's output ({}) differently\n{}",
                printed_file.display(),
                first_difference(&reference, &ours)
            ));
        }
    }
    Ok(())
}

/// The first line where `expected` and `actual` differ, both shown, with its number.
fn first_difference(expected: &str, actual: &str) -> String {
    let mut a = expected.lines();
    let mut b = actual.lines();
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (None, None) => return "  (they differ only in line endings)".to_string(),
            (x, y) if x == y => line += 1,
            (x, y) => {
                return format!(
                    "  line {line}:\n    expected: {}\n    actual:   {}",
                    x.unwrap_or("<end of text>"),
                    y.unwrap_or("<end of text>")
                );
            }
        }
    }
}

/// Writes a line to the real stderr, bypassing libtest's output capture.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

#[test]
fn every_input_round_trips() {
    let files = inputs();
    assert!(
        files.len() >= 11,
        "expected at least the 11 examples, found {} inputs",
        files.len()
    );
    let mlir_opt = find_mlir_opt();
    let failures: Vec<String> = files
        .iter()
        .filter_map(|file| {
            check(file, mlir_opt.as_deref())
                .err()
                .map(|why| format!("{}: {why}", file.display()))
        })
        .collect();

    let shared = files
        .iter()
        .filter(|f| !f.starts_with(manifest_dir().join("examples")))
        .count();
    note(&format!(
        "roundtrip: checked {} files ({} in examples/, {} in ../shared/corpus{}), {} failed",
        files.len(),
        files.len() - shared,
        shared,
        if shared == 0 { ": not found" } else { "" },
        failures.len()
    ));
    match &mlir_opt {
        Some(path) => note(&format!("roundtrip: compared with {}", path.display())),
        None => note(&format!(
            "roundtrip: mlir-opt not found, skipped the mlir-opt comparison for {} files",
            files.len()
        )),
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed the round trip:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn split_input_file_prints_each_chunk() {
    let examples = manifest_dir().join("examples");
    let first = examples.join("01_chain.mlir");
    let second = examples.join("02_overlap.generic.mlir");
    let read = |p: &Path| fs::read_to_string(p).expect("cannot read an example");
    let joined_file = scratch(&first, "joined");
    let mut joined = read(&first);
    if !joined.ends_with('\n') {
        joined.push('\n');
    }
    joined.push_str("// -----\n");
    joined.push_str(&read(&second));
    write(&joined_file, &joined).unwrap();

    let alone_first = run(bufreuse(), &[&first]).unwrap();
    let alone_second = run(bufreuse(), &[&second]).unwrap();
    let split = run(bufreuse(), &[Path::new("--split-input-file"), &joined_file]).unwrap();

    let separators = split.lines().filter(|l| *l == "// -----").count();
    assert_eq!(separators, 1, "one `// -----` line between two chunks");
    assert_eq!(split, format!("{alone_first}// -----\n{alone_second}"));
}
