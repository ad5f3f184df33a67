//! `cargo test --test lit`: runs the lit suite in `lit_tests/` against the `bufreuse` binary
//! that cargo built for this test.
//!
//! Tools: LLVM's `lit` and `FileCheck`, from PATH or from the newest `/usr/lib/llvm-*/bin`.
//! Where either is missing, PyPI's `lit` and `filecheck` in a virtual environment that is made
//! on first use in `<target dir>/lit-venv` and reused afterwards (this needs `python3` with its
//! `venv` module, and PyPI).
//!
//! Output: lit's own (each failure in full, then its summary), every skipped (UNSUPPORTED)
//! test with lit's reason, and a last line `N passed, M failed, K skipped`. The exit status
//! is 1 when lit fails. A test that needs a missing tool (`REQUIRES: mlir-opt` or
//! `mlir-runner`, features that `lit_tests/lit.cfg.py` adds only when it finds the tool) is
//! one of the skipped, never of the passed; its line says `missing tool`.
//!
//! Environment:
//! - `BUFREUSE_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs the tools): every tool must
//!   be there. LLVM's `lit` and `FileCheck` must be found (no PyPI fallback, so no network),
//!   and a test skipped for a missing tool counts as failed.
//! - `BUFREUSE_LIT_NO_SYSTEM=1`: ignore `/usr/lib/llvm-*`, here and in `lit_tests/lit.cfg.py`.
//!   With a PATH that has no LLVM tools either, this runs the suite on the PyPI tools (the
//!   tests that need `mlir-opt` are then skipped): the way to check that fallback on a machine
//!   that has Debian's LLVM.
//!
//! Arguments are libtest's, so that `cargo test FILTER` works across all test targets: the
//! suite counts as one test named `lit`; a filter that `lit` does not contain selects the lit
//! tests whose name contains it (`cargo test --test lit -- utf8`), `--skip PATTERN` leaves out
//! those that contain it, `--list` names the one test, other flags are ignored.

mod common;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// What the virtual environment gets, pinned so that a run is the same on every machine.
/// Changing this list rebuilds the environment on the next run.
const VENV_REQUIREMENTS: [&str; 2] = ["lit==23.1.5", "filecheck==1.0.6"];

/// The name under which the whole suite shows to libtest-style filters and `--list`.
const TEST_NAME: &str = "lit";

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the suite; `Ok(false)` when a test failed, `Err` when the suite could not run.
fn run() -> Result<bool, String> {
    let args = Args::parse(env::args().skip(1));
    if args.list {
        if !args.ignored {
            println!("{TEST_NAME}: test");
        }
        return Ok(true);
    }
    if args.ignored {
        // The suite has no ignored tests.
        println!("0 passed, 0 failed, 0 skipped");
        return Ok(true);
    }

    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bufreuse = Path::new(env!("CARGO_BIN_EXE_bufreuse"));
    let bin_dir = bufreuse
        .parent()
        .ok_or("the bufreuse binary has no directory")?;
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target_dir = scratch.parent().unwrap_or(scratch);

    let system_lit = common::find_tool("lit");
    let system_filecheck =
        common::find_tool("FileCheck").or_else(|| common::find_tool("filecheck"));
    let (lit, venv_bin) = match (system_lit, system_filecheck) {
        (Some(lit), Some(_)) => (lit, None),
        _ if common::tools_required() => {
            return Err(
                "LLVM's lit and FileCheck were not found (PATH, /usr/lib/llvm-*/bin; \
                 Debian: apt-get install llvm-22-tools), and BUFREUSE_REQUIRE_TOOLS is set: \
                 not falling back to PyPI's"
                    .to_string(),
            );
        }
        _ => {
            let bin = ensure_venv(&target_dir.join("lit-venv"))?;
            (bin.join("lit"), Some(bin))
        }
    };
    eprintln!("lit: {}", lit.display());

    // Per process, so that two runs in one target directory do not read each other's report.
    let results = scratch.join(format!("lit-results-{}.json", std::process::id()));
    let _ = fs::remove_file(&results);
    let mut command = Command::new(&lit);
    command
        .current_dir(manifest_dir)
        .arg("-sv")
        .arg("-o")
        .arg(&results)
        .env("BUFREUSE_BIN_DIR", bin_dir);
    if let Some(filter) = args.lit_filter() {
        command
            .arg(format!("--filter={filter}"))
            .arg("--allow-empty-runs");
    }
    if let Some(skip) = args.lit_filter_out() {
        command.arg(format!("--filter-out={skip}"));
    }
    if let Some(bin) = &venv_bin {
        // lit.cfg.py looks for FileCheck (here: PyPI's `filecheck`) on PATH.
        let path = env::var_os("PATH").unwrap_or_default();
        let dirs = std::iter::once(bin.clone()).chain(env::split_paths(&path));
        let joined = env::join_paths(dirs).map_err(|e| format!("cannot extend PATH: {e}"))?;
        command.env("PATH", joined);
    }
    command.arg("lit_tests");
    let status = command
        .status()
        .map_err(|e| format!("cannot run {}: {e}", lit.display()))?;

    let report = fs::read_to_string(&results);
    let _ = fs::remove_file(&results);
    let tally = match report {
        Ok(json) => Tally::from_lit_json(&json)?,
        // lit writes no report when a filter selected nothing.
        Err(_) if status.success() && args.lit_filter().is_some() => Tally::default(),
        Err(_) => {
            return Err(format!(
                "lit ({status}) wrote no results to {}: see its messages above",
                results.display()
            ));
        }
    };
    let lit_failed = !status.success();
    if lit_failed && tally.failed == 0 {
        println!("error: lit failed ({status}) although no test did: see its messages above");
    }
    let (mut failed, mut skipped) = (tally.failed, tally.skipped);
    if common::tools_required() {
        let (missing_tool, other): (Vec<_>, Vec<_>) = skipped
            .into_iter()
            .partition(|s| !s.missing_tools.is_empty());
        if !missing_tool.is_empty() {
            print_skipped(
                "Failed: skipped for a missing tool, and BUFREUSE_REQUIRE_TOOLS is set",
                &missing_tool,
            );
        }
        failed += missing_tool.len();
        skipped = other;
    }
    print_skipped("Skipped (UNSUPPORTED) tests", &skipped);
    println!(
        "{} passed, {failed} failed, {} skipped",
        tally.passed,
        skipped.len()
    );
    Ok(!lit_failed && failed == 0)
}

/// The libtest arguments this harness understands.
#[derive(Default)]
struct Args {
    list: bool,
    ignored: bool,
    filters: Vec<String>,
    skips: Vec<String>,
}

impl Args {
    fn parse(args: impl Iterator<Item = String>) -> Args {
        // libtest options that take a value as the next argument (unless given as `--opt=value`).
        const WITH_VALUE: [&str; 7] = [
            "--skip",
            "--test-threads",
            "--logfile",
            "--color",
            "--format",
            "--shuffle-seed",
            "-Z",
        ];
        let mut parsed = Args::default();
        let mut args = args.peekable();
        while let Some(arg) = args.next() {
            if arg == "--list" {
                parsed.list = true;
            } else if arg == "--ignored" {
                parsed.ignored = true;
            } else if let Some(value) = arg.strip_prefix("--skip=") {
                parsed.skips.push(value.to_string());
            } else if WITH_VALUE.contains(&arg.as_str()) {
                let value = args.next().unwrap_or_default();
                if arg == "--skip" {
                    parsed.skips.push(value);
                }
            } else if !arg.starts_with('-') {
                parsed.filters.push(arg);
            }
        }
        parsed
    }

    /// lit's `--filter` regex for the filters, or `None` to run everything.
    fn lit_filter(&self) -> Option<String> {
        if self.filters.is_empty() || self.filters.iter().any(|f| TEST_NAME.contains(f.as_str())) {
            return None;
        }
        Some(alternation(&self.filters))
    }

    /// lit's `--filter-out` regex for the `--skip` patterns.
    fn lit_filter_out(&self) -> Option<String> {
        (!self.skips.is_empty()).then(|| alternation(&self.skips))
    }
}

/// A Python regex matching any of `words` literally.
fn alternation(words: &[String]) -> String {
    let escaped: Vec<String> = words
        .iter()
        .map(|w| {
            w.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || !c.is_ascii() {
                        c.to_string()
                    } else {
                        format!("\\{c}")
                    }
                })
                .collect()
        })
        .collect();
    escaped.join("|")
}

/// Makes (once) the virtual environment with PyPI's lit and filecheck; returns its bin dir.
///
/// A stamp file written last records what was installed, so an interrupted install or a
/// change of `VENV_REQUIREMENTS` starts again from scratch.
fn ensure_venv(dir: &Path) -> Result<PathBuf, String> {
    let bin = dir.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let stamp = dir.join("bufreuse-requirements.txt");
    let wanted = VENV_REQUIREMENTS.join("\n") + "\n";
    if fs::read_to_string(&stamp).is_ok_and(|s| s == wanted)
        && common::is_executable(&bin.join("lit"))
    {
        return Ok(bin);
    }
    eprintln!(
        "lit: LLVM's lit and FileCheck were not found (Debian: apt-get install llvm-22-tools); \
         installing {} into {}",
        VENV_REQUIREMENTS.join(" "),
        dir.display()
    );
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
    }
    let python = common::find_tool("python3")
        .or_else(|| common::find_tool("python"))
        .ok_or("neither lit nor python3 was found: install llvm-22-tools or python3")?;
    run_step(
        Command::new(&python).arg("-m").arg("venv").arg(dir),
        "python3 -m venv (Debian: apt-get install python3-venv)",
    )?;
    run_step(
        Command::new(bin.join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(VENV_REQUIREMENTS),
        "pip install",
    )?;
    fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(bin)
}

fn run_step(command: &mut Command, what: &str) -> Result<(), String> {
    match command.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("{what} failed ({status})")),
        Err(e) => Err(format!("{what} could not start: {e}")),
    }
}

/// The lit features that stand for tools: `lit_tests/lit.cfg.py` adds each one only when it
/// finds the tool.
const TOOL_FEATURES: [&str; 2] = ["mlir-opt", "mlir-runner"];

/// Test results from lit's JSON report, counted as libtest would.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    /// Every test that did not run here.
    skipped: Vec<Skipped>,
}

/// A test that lit did not run (UNSUPPORTED).
struct Skipped {
    name: String,
    /// lit's reason.
    reason: String,
    /// The tools (`TOOL_FEATURES`) among the features that the test requires and that were
    /// not available.
    missing_tools: Vec<&'static str>,
}

impl Skipped {
    fn new(name: String, reason: String) -> Skipped {
        // lit: "Test requires the following unavailable features: a, b || c".
        let unavailable = reason.lines().find_map(|line| {
            line.trim()
                .strip_prefix("Test requires the following unavailable features:")
        });
        let missing_tools = match unavailable {
            Some(features) => TOOL_FEATURES
                .into_iter()
                .filter(|tool| {
                    features
                        .split(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
                        .any(|word| word == *tool)
                })
                .collect(),
            None => Vec::new(),
        };
        Skipped {
            name,
            reason,
            missing_tools,
        }
    }
}

/// Names every test of `skipped` under `title`, with lit's reason, so that no skip goes
/// unseen.
fn print_skipped(title: &str, skipped: &[Skipped]) {
    if skipped.is_empty() {
        return;
    }
    println!("\n{title} ({}):", skipped.len());
    for s in skipped {
        let reason = s.reason.lines().next().unwrap_or("no reason given");
        if s.missing_tools.is_empty() {
            println!("  {}: {reason}", s.name);
        } else {
            println!(
                "  {}: missing tool {}: {reason}",
                s.name,
                s.missing_tools.join(", ")
            );
        }
    }
}

impl Tally {
    fn from_lit_json(json: &str) -> Result<Tally, String> {
        let report: serde_json::Value =
            serde_json::from_str(json).map_err(|e| format!("lit's JSON report: {e}"))?;
        let tests = report["tests"]
            .as_array()
            .ok_or("lit's JSON report has no \"tests\" list")?;
        let mut tally = Tally::default();
        for test in tests {
            let name = test["name"].as_str().unwrap_or("?").to_string();
            let output = test["output"].as_str().unwrap_or("").trim().to_string();
            match test["code"].as_str().unwrap_or("") {
                // An expected failure is a check that held.
                "PASS" | "FLAKYPASS" | "XFAIL" => tally.passed += 1,
                "UNSUPPORTED" => tally.skipped.push(Skipped::new(name, output)),
                // FAIL, XPASS, UNRESOLVED, TIMEOUT and anything new count against the run.
                _ => tally.failed += 1,
            }
        }
        Ok(tally)
    }
}
