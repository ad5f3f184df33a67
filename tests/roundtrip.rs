//! Round trips of real inputs through `bufreuse` with no mode flag (read, print again).
//!
//! Inputs: every `.mlir` in `examples/` and, when the shared material sits beside the
//! repository (`../shared/corpus`), every `.mlir` in its `exec/` and `pipeline/` folders.
//! Tests, each checking every file (all failures are reported together at the end):
//! - `every_input_round_trips`: `bufreuse FILE` succeeds, and its output is a fixed point:
//!   `bufreuse` of the output prints the same bytes;
//! - `every_input_round_trips_through_mlir_opt` (needs `mlir-opt`: PATH, else the newest
//!   `/usr/lib/llvm-*/bin`): `mlir-opt FILE` and `mlir-opt` of bufreuse's output print the
//!   same text: printing lost nothing MLIR sees.
//!
//! A third test joins two examples with `// -----` and checks `--split-input-file`.
//!
//! Harness (`harness = false`, the `libtest-mimic` crate): libtest's command line and output
//! (filters, `--skip`, `--exact`, `--list`, `--ignored`, `--include-ignored`); it captures
//! nothing, and summaries go straight to stderr. Without `mlir-opt` a line on stderr says so
//! and the test that needs it is reported `ignored`, never passed (`--include-ignored` runs it
//! anyway, and it fails); with `BUFREUSE_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs
//! the tools) it fails instead.
//!
//! Environment: `BUFREUSE_LIT_NO_SYSTEM=1` ignores `/usr/lib/llvm-*` (as `tests/lit.rs` does),
//! to check the run without `mlir-opt` on a machine that has it.

mod common;

use libtest_mimic::{Arguments, Trial};
use pretty_assertions::assert_eq;
use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let mlir_opt = common::find_tool("mlir-opt");
    if mlir_opt.is_none() {
        common::say_missing(
            "roundtrip",
            "mlir-opt not found (PATH, /usr/lib/llvm-*/bin)",
            "every_input_round_trips_through_mlir_opt",
        );
    }
    let trials = vec![
        Trial::test("every_input_round_trips", || {
            every_input_round_trips();
            Ok(())
        }),
        common::needs_tool(
            "every_input_round_trips_through_mlir_opt",
            mlir_opt.ok_or_else(|| "mlir-opt not found (PATH, /usr/lib/llvm-*/bin)".to_string()),
            |path| every_input_round_trips_through_mlir_opt(&path),
        ),
        Trial::test("split_input_file_prints_each_chunk", || {
            split_input_file_prints_each_chunk();
            Ok(())
        }),
    ];
    libtest_mimic::run(&args, trials).exit_code()
}

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

/// Checks that `bufreuse` prints one input as a fixed point; `Err` names the first step that
/// failed.
fn check_fixed_point(input: &Path) -> Result<(), String> {
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
    Ok(())
}

/// Checks that `mlir_opt` prints one input and bufreuse's output of it the same; `Err` names
/// the first step that failed.
fn check_with_mlir_opt(input: &Path, mlir_opt: &Path) -> Result<(), String> {
    let printed = run(bufreuse(), &[input])?;
    // A name of its own: the fixed-point test may write its file at the same time.
    let printed_file = scratch(input, "for-mlir-opt");
    write(&printed_file, &printed)?;

    let reference = run(mlir_opt, &[input])?;
    let ours = run(mlir_opt, &[&printed_file])?;
    if reference != ours {
        return Err(format!(
            "mlir-opt prints the input and bufreuse's output ({}) differently\n{}",
            printed_file.display(),
            first_difference(&reference, &ours)
        ));
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

/// Writes a line to stderr.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Runs `check` on every input, prints a summary line and panics with every failure.
fn check_every_input(what: &str, check: impl Fn(&Path) -> Result<(), String>) {
    let files = inputs();
    assert!(
        files.len() >= 11,
        "expected at least the 11 examples, found {} inputs",
        files.len()
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|file| {
            check(file)
                .err()
                .map(|why| format!("{}: {why}", file.display()))
        })
        .collect();

    let shared = files
        .iter()
        .filter(|f| !f.starts_with(manifest_dir().join("examples")))
        .count();
    note(&format!(
        "roundtrip: {what}: checked {} files ({} in examples/, {} in ../shared/corpus{}), {} \
         failed",
        files.len(),
        files.len() - shared,
        shared,
        if shared == 0 { ": not found" } else { "" },
        failures.len()
    ));
    assert!(
        failures.is_empty(),
        "{} of {} files failed the round trip ({what}):\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

fn every_input_round_trips() {
    check_every_input("fixed point", check_fixed_point);
}

fn every_input_round_trips_through_mlir_opt(mlir_opt: &Path) {
    note(&format!("roundtrip: compared with {}", mlir_opt.display()));
    check_every_input("mlir-opt", |file| check_with_mlir_opt(file, mlir_opt));
}

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
