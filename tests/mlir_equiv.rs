//! Proof by MLIR itself: programs rewritten by `bufreuse --rewrite` still parse in `mlir-opt`
//! and still print, when lowered and run by MLIR's own tools, exactly what the originals print.
//!
//! Programs: every executable program (one with `func.func @main`) in `examples/` and
//! `tests/programs/`, and, when the shared material sits beside the repository
//! (`../shared/corpus`), in its `exec/` (not the hand-made `*.WRONG`, `*.pool`, `*.MISALIGNED`,
//! `*.OOB` variants) and `pipeline/` (`*.rfc`, `*.pf`, `*.il`, not `*.BROKEN`). Files with
//! identical text are run once. For each program, as checks of their own:
//! - (a) `bufreuse --rewrite` succeeds and `mlir-opt` parses and verifies its output;
//! - (b) `tests/tools/mlir-equiv.py` (lower with `mlir-opt`, JIT-run `@main` with
//!   `mlir-runner -O0`, heap addresses masked) finds the same output before and after;
//! - (c) per function, the pool bytes of `bufreuse --analyze --format=json` are no larger than
//!   the bytes of the allocations they replace, the pools in the rewritten text add up to
//!   those pool bytes, and `01_chain`'s pool is at most 256 bytes.
//!
//! Also: random programs from `tests/tools/gen_programs.py` (seeds 0..30) must print the same
//! after the rewrite and must each pool something; so must random programs whose workers call
//! helper functions with temporaries (`--calls`, seeds 100..130), where no temporary that a
//! helper captures may be pooled and some that a helper only reads and writes must be; the
//! tensor sources of `tests/programs/tensor`, bufferized by `mlir-opt --one-shot-bufferize`,
//! pooled by `bufreuse --rewrite --before-dealloc` and freed by `mlir-opt
//! --buffer-deallocation-pipeline`, must print what that pipeline prints without bufreuse (and
//! their `expected.txt`), and something must be pooled; a deliberately broken plan
//! (`--debug-break-plan --debug-skip-verify`) must print something else, which shows that the
//! comparison can fail; and (d) the rewrite of every `.mlir` in `lit_tests/` and `examples/`
//! whose input `mlir-opt` accepts must be accepted by `mlir-opt` too.
//!
//! Dynamic shapes (issue 18): random programs with dynamically shaped temporaries
//! (`gen_programs.py --dynamic`, seeds 200..230) and the hand-made ones of
//! `tests/programs/dynamic` must print the same after the rewrite (the hand-made ones also
//! their `expected.txt`, and a broken plan must print something else); by the names of their
//! allocations, every `%da…` (sizes available at function entry) must be eligible and some
//! pooled, no `%dn…` (a size that is not) may be pooled and each must be reported
//! `size-not-available`, and dynamic `%da…` must carry a symbolic `size` in `--analyze
//! --format=json`.
//!
//! Real networks (issue 34): the eight models of `tests/programs/models`, each lowered by
//! MLIR 22 to the three places where bufreuse runs (after `--one-shot-bufferize`, after
//! ownership-based deallocation, after the whole deallocation pipeline) and (the six of static
//! shapes) to the first after `--buffer-results-to-out-params`, rewritten, lowered and run,
//! must print their `expected.txt`; the two TOSA models, of dynamic batch, also with their
//! `@main` at batch 3 (issue 32); no file and no function may be refused.
//!
//! Random tensor programs (`tests/tools/gen_tensor_programs.py`, seeds 0..12), bufferized by
//! `one-shot-bufferize` and rewritten at the same three places, with and without
//! `--pool-all`, must be accepted by `mlir-opt` and print what they print without bufreuse.
//!
//! Tools: `mlir-opt` and `mlir-runner` from PATH, else the newest `/usr/lib/llvm-*/bin`
//! (`BUFREUSE_LIT_NO_SYSTEM=1` ignores `/usr/lib`, as `tests/lit.rs` does), and `python3`.
//! Every test needs all three. Programs run on two threads. Every failure is reported, not
//! just the first; summaries go straight to stderr.
//!
//! Harness (`harness = false`, the `libtest-mimic` crate): one test per check above, under
//! libtest's command line and output (filters, `--skip`, `--exact`, `--list`, `--ignored`,
//! `--include-ignored`); it captures nothing. When a tool is missing, a line on stderr names
//! it and every test is reported `ignored`, never passed (`--include-ignored` runs them
//! anyway, and they fail). With `BUFREUSE_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs
//! the tools) a missing tool fails every test instead.

mod common;

use libtest_mimic::Arguments;
use std::collections::HashMap;
use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread;

/// The tests, each a function that panics when it fails; all need `Tools`.
const TESTS: &[(&str, fn())] = &[
    (
        "corpus_programs_print_the_same_after_rewrite",
        corpus_programs_print_the_same_after_rewrite,
    ),
    (
        "generated_programs_print_the_same_after_rewrite",
        generated_programs_print_the_same_after_rewrite,
    ),
    (
        "generated_programs_with_calls_print_the_same_after_rewrite",
        generated_programs_with_calls_print_the_same_after_rewrite,
    ),
    (
        "tensor_sources_pooled_before_dealloc_print_the_same",
        tensor_sources_pooled_before_dealloc_print_the_same,
    ),
    (
        "broken_plan_is_caught_and_changes_the_output",
        broken_plan_is_caught_and_changes_the_output,
    ),
    (
        "rewritten_lit_tests_and_examples_parse_in_mlir_opt",
        rewritten_lit_tests_and_examples_parse_in_mlir_opt,
    ),
    (
        "tensor_sources_pooled_before_lowered_deallocation_print_the_same",
        tensor_sources_pooled_before_lowered_deallocation_print_the_same,
    ),
    (
        "generated_programs_with_dynamic_sizes_print_the_same_after_rewrite",
        generated_programs_with_dynamic_sizes_print_the_same_after_rewrite,
    ),
    (
        "dynamic_programs_print_the_same_after_rewrite",
        dynamic_programs_print_the_same_after_rewrite,
    ),
    (
        "real_models_print_the_same_at_every_place",
        real_models_print_the_same_at_every_place,
    ),
    (
        "generated_tensor_programs_print_the_same_at_three_places",
        generated_tensor_programs_print_the_same_at_three_places,
    ),
];

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let missing = found_tools().as_ref().err();
    if let Some(missing) = missing {
        common::say_missing("mlir_equiv", missing, "every test");
    }
    let trials = TESTS
        .iter()
        .map(|&(name, test)| {
            let found = missing.map_or(Ok(()), |m| Err(m.clone()));
            common::needs_tool(name, found, move |()| test())
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// Worker threads for the programs (the machine this runs on has two cores).
const THREADS: usize = 2;

/// Seeds of the generated programs: `0..GENERATED_SEEDS`.
const GENERATED_SEEDS: u32 = 30;

/// Seeds of the generated programs with helper functions (`gen_programs.py --calls`).
const CALL_SEEDS: std::ops::Range<u32> = 100..130;

/// The bufferizations of the tensor sources (`tests/programs/tensor`): the options of the
/// pipeline corpus, with identity layouts at function boundaries (its `.rfc` and `.pf`
/// files) and with the default, inferred layouts (its `.il` files).
const BUFFERIZE: &[(&str, &str)] = &[
    (
        "identity",
        "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops \
         function-boundary-type-conversion=identity-layout-map",
    ),
    (
        "infer",
        "--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs-from-loops",
    ),
];

/// Checks known to fail, as (program, check, bug): such a failure is expected and reported as
/// XFAIL; when the check passes it is reported as XPASS, which fails the test so that the
/// entry gets removed. Checks: `rewrite`, `mlir-opt`, `equiv`, `bytes`, `pools`, `broken`,
/// `captured` (generated programs with calls); `bufferize`, `dealloc`, `before-dealloc`,
/// `expected` (tensor sources); `available`, `not-available`, `size`, `expected`, `broken`
/// (dynamic shapes).
const KNOWN_FAILURES: &[(&str, &str, &str)] = &[];

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bufreuse() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bufreuse"))
}

/// A scratch directory of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mlir_equiv")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A line on stderr.
fn say(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

// -- tools -----------------------------------------------------------------------------------

/// The external tools of these tests.
struct Tools {
    mlir_opt: PathBuf,
    mlir_runner: PathBuf,
    python: PathBuf,
}

impl Tools {
    /// The tools, or `Err` naming those that are missing.
    fn find() -> Result<Tools, String> {
        let mlir_opt = common::find_tool("mlir-opt");
        let mlir_runner = common::find_tool("mlir-runner");
        let python = common::find_tool("python3").or_else(|| common::find_tool("python"));
        match (mlir_opt, mlir_runner, python) {
            (Some(mlir_opt), Some(mlir_runner), Some(python)) => Ok(Tools {
                mlir_opt,
                mlir_runner,
                python,
            }),
            (mlir_opt, mlir_runner, python) => {
                let missing: Vec<&str> = [
                    (mlir_opt.is_none(), "mlir-opt"),
                    (mlir_runner.is_none(), "mlir-runner"),
                    (python.is_none(), "python3"),
                ]
                .into_iter()
                .filter_map(|(missing, name)| missing.then_some(name))
                .collect();
                Err(format!(
                    "{} not found (PATH, /usr/lib/llvm-*/bin)",
                    missing.join(", ")
                ))
            }
        }
    }
}

/// The tools, looked for once.
fn found_tools() -> &'static Result<Tools, String> {
    static TOOLS: OnceLock<Result<Tools, String>> = OnceLock::new();
    TOOLS.get_or_init(Tools::find)
}

/// The tools of a test (`common::needs_tool` runs no test without them).
fn tools() -> &'static Tools {
    found_tools()
        .as_ref()
        .expect("a test runs only when its tools were found")
}

impl Tools {
    /// `tests/tools/mlir-equiv.py` with `args`, told to use the same MLIR tools as this test.
    fn equiv(&self, args: &[&Path]) -> Output {
        let bin_dir = self.mlir_opt.parent().expect("a directory");
        let mut cmd = Command::new(&self.python);
        cmd.arg(manifest_dir().join("tests/tools/mlir-equiv.py"))
            .args(["--timeout", "120"])
            .args(args)
            .env("MLIR_BIN_DIR", bin_dir);
        if self.mlir_runner.parent() != Some(bin_dir) {
            panic!(
                "mlir-opt ({}) and mlir-runner ({}) are in different directories",
                self.mlir_opt.display(),
                self.mlir_runner.display()
            );
        }
        output(&mut cmd)
    }

    /// `mlir-opt INPUT ARGS -o OUTPUT`; `Err` with its messages when it fails.
    fn mlir_opt(&self, input: &Path, args: &[&str], output_file: &Path) -> Result<(), String> {
        let out = output(
            Command::new(&self.mlir_opt)
                .arg(input)
                .args(args)
                .arg("-o")
                .arg(output_file),
        );
        if out.status.success() {
            Ok(())
        } else {
            Err(head(&String::from_utf8_lossy(&out.stderr), 12))
        }
    }

    /// `Err` with mlir-opt's messages when it does not accept `file`.
    fn verify(&self, file: &Path) -> Result<(), String> {
        // The printed IR is dropped through stdout; no output file is named at all.
        let out = output(Command::new(&self.mlir_opt).arg(file).stdout(Stdio::null()));
        if out.status.success() {
            Ok(())
        } else {
            Err(head(&String::from_utf8_lossy(&out.stderr), 12))
        }
    }
}

fn output(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// The first `n` lines of `text`.
fn head(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut s = lines[..lines.len().min(n)].join("\n");
    if lines.len() > n {
        s.push_str(&format!("\n... ({} more lines)", lines.len() - n));
    }
    s
}

/// Runs `f` on every item on `THREADS` threads; the results come back in the items' order.
fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(items.len()));
    thread::scope(|s| {
        for _ in 0..THREADS.min(items.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    results
                        .lock()
                        .expect("no panic holds the lock")
                        .push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("no panic holds the lock");
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

// -- programs --------------------------------------------------------------------------------

/// An input program: a short name for reports and its path.
#[derive(Clone, Debug)]
struct Program {
    name: String,
    path: PathBuf,
}

/// The `.mlir` files directly in `dir` whose name passes `keep`, sorted.
fn mlir_files(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.ends_with(".mlir") && keep(n))
        })
        .collect();
    files.sort();
    files
}

fn is_executable(text: &str) -> bool {
    text.contains("func.func @main(")
}

/// Every executable program of the corpus checks, identical texts once.
fn corpus_programs() -> Vec<Program> {
    let root = manifest_dir();
    let mut sources: Vec<(String, PathBuf)> = Vec::new();
    for dir in ["examples", "tests/programs"] {
        for p in mlir_files(&root.join(dir), |_| true) {
            sources.push((dir.to_string(), p));
        }
    }
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        let exec_skip = [".WRONG.mlir", ".pool.mlir", ".MISALIGNED.mlir", ".OOB.mlir"];
        for p in mlir_files(&corpus.join("exec"), |n| {
            !exec_skip.iter().any(|s| n.ends_with(s))
        }) {
            sources.push(("shared/exec".into(), p));
        }
        for p in mlir_files(&corpus.join("pipeline"), |n| {
            !n.ends_with(".BROKEN.mlir")
                && [".rfc.mlir", ".pf.mlir", ".il.mlir"]
                    .iter()
                    .any(|s| n.ends_with(s))
        }) {
            sources.push(("shared/pipeline".into(), p));
        }
    }
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut programs = Vec::new();
    for (dir, path) in sources {
        let text = fs::read_to_string(&path).unwrap_or_default();
        if !is_executable(&text) {
            continue;
        }
        let name = format!(
            "{dir}/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        if let Some(first) = seen.get(&text) {
            say(&format!("mlir_equiv: {name} is the same text as {first}"));
            continue;
        }
        seen.insert(text, name.clone());
        programs.push(Program { name, path });
    }
    programs
}

// -- checks ----------------------------------------------------------------------------------

/// What the check of one program found.
#[derive(Default)]
struct Verdict {
    /// Failed checks: the check's name (see `KNOWN_FAILURES`) and a self-contained message.
    failures: Vec<(&'static str, String)>,
    /// One line for the summary.
    summary: String,
    /// Allocations pooled and kept (from `--stats`).
    pooled: usize,
    kept: usize,
}

/// `--stats` lines: (function, pooled, kept, bytes before, bytes after).
fn parse_stats(stderr: &str) -> Vec<(String, usize, usize, u64, u64)> {
    stderr
        .lines()
        .filter_map(|line| {
            // FILE: @NAME: P allocations pooled, K kept; B bytes -> A bytes; mallocs ...
            let rest = &line[line.find(": @")? + 3..];
            let (name, rest) = rest.split_once(": ")?;
            let words: Vec<&str> = rest.split_whitespace().collect();
            let num = |i: usize| -> Option<u64> {
                words.get(i)?.trim_end_matches([',', ';']).parse().ok()
            };
            Some((
                name.to_string(),
                usize::try_from(num(0)?).ok()?,
                usize::try_from(num(3)?).ok()?,
                num(5)?,
                num(8)?,
            ))
        })
        .collect()
}

/// Sum of the sizes of the `i8` pools that the rewrite allocated in `text`.
fn pool_sizes_in_text(text: &str) -> u64 {
    text.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            if !line.starts_with("%pool") || !line.contains("= memref.alloc()") {
                return None;
            }
            let ty = &line[line.rfind(": memref<")? + ": memref<".len()..];
            ty.split_once("xi8")?.0.parse::<u64>().ok()
        })
        .sum()
}

/// Rewrites `p` into `dir` and runs checks (a) and (b), and (c) when `check_bytes`.
fn check_program(tools: &Tools, p: &Program, dir: &Path, check_bytes: bool) -> Verdict {
    let mut v = Verdict::default();
    let fail = |v: &mut Verdict, check: &'static str, what: &str, detail: String| {
        v.failures
            .push((check, format!("{}: {what}\n{}", p.name, indent(&detail))));
    };
    let out = output(bufreuse().arg("--rewrite").arg("--stats").arg(&p.path));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        fail(
            &mut v,
            "rewrite",
            "bufreuse --rewrite failed",
            head(&stderr, 20),
        );
        v.summary = "rewrite failed".into();
        return v;
    }
    let stats = parse_stats(&stderr);
    v.pooled = stats.iter().map(|s| s.1).sum();
    v.kept = stats.iter().map(|s| s.2).sum();
    let before: u64 = stats.iter().map(|s| s.3).sum();
    let after: u64 = stats.iter().map(|s| s.4).sum();
    let rewritten_text = String::from_utf8_lossy(&out.stdout).into_owned();
    let rewritten = dir.join(p.name.replace('/', "__"));
    fs::write(&rewritten, &rewritten_text).expect("write the rewritten program");

    // (a) MLIR reads the rewritten program.
    if let Err(e) = tools.verify(&rewritten) {
        fail(
            &mut v,
            "mlir-opt",
            "mlir-opt rejects the rewritten program",
            e,
        );
    }
    // (b) ... and runs it to the same output.
    let eq = tools.equiv(&[&p.path, &rewritten]);
    let eq_text = format!(
        "{}{}",
        String::from_utf8_lossy(&eq.stdout),
        String::from_utf8_lossy(&eq.stderr)
    );
    let verdict = match eq.status.code() {
        Some(0) => "EQUAL",
        Some(1) => {
            fail(
                &mut v,
                "equiv",
                "the rewritten program prints something else",
                head(&eq_text, 40),
            );
            "DIFFERENT"
        }
        _ => {
            fail(
                &mut v,
                "equiv",
                "the programs could not both be lowered and run",
                head(&eq_text, 40),
            );
            "ERROR"
        }
    };
    // (c) The pools are no larger than what they replace.
    if check_bytes {
        check_bytes_of(p, &rewritten_text, &mut v);
    }
    v.summary = format!(
        "{verdict}, {} pooled / {} kept, {before} -> {after} bytes",
        v.pooled, v.kept
    );
    v
}

fn check_bytes_of(p: &Program, rewritten_text: &str, v: &mut Verdict) {
    let out = output(bufreuse().args(["--analyze", "--format=json"]).arg(&p.path));
    let report: serde_json::Value = match serde_json::from_slice(&out.stdout) {
        Ok(r) if out.status.success() => r,
        _ => {
            v.failures.push((
                "bytes",
                format!(
                    "{}: bufreuse --analyze --format=json failed\n{}",
                    p.name,
                    indent(&head(&String::from_utf8_lossy(&out.stderr), 10))
                ),
            ));
            return;
        }
    };
    // Pools with buffers of run-time size are `memref<?xi8>` in the text: only the others
    // have a byte size to compare (the rewrite's own check evaluates the run-time ones).
    let mut total_pool = 0;
    for f in report["functions"].as_array().into_iter().flatten() {
        let name = f["name"].as_str().unwrap_or("?");
        let pool = f["pool_bytes"].as_u64().unwrap_or(0);
        total_pool += f["pools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["run_time_allocations"].as_u64() == Some(0))
            .filter_map(|p| p["bytes"].as_u64())
            .sum::<u64>();
        let replaced: u64 = f["allocations"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|a| !a["offset"].is_null())
            .filter_map(|a| a["bytes"].as_u64())
            .sum();
        if pool > replaced {
            v.failures.push((
                "bytes",
                format!(
                    "{}: @{name}: pool_bytes {pool} > {replaced} bytes of the allocations it replaces",
                    p.name
                ),
            ));
        }
        if p.name.ends_with("/01_chain.mlir") && name == "main" && pool > 256 {
            v.failures.push((
                "bytes",
                format!(
                    "{}: @main: pool_bytes {pool} > 256 (the hand-made pool of the corpus)",
                    p.name
                ),
            ));
        }
    }
    let in_text = pool_sizes_in_text(rewritten_text);
    if in_text != total_pool {
        v.failures.push((
            "bytes",
            format!(
                "{}: the pools in the rewritten text add up to {in_text} bytes, the report says {total_pool}",
                p.name
            ),
        ));
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Applies `KNOWN_FAILURES` for the `checks` the test made, prints a line per program and
/// panics with every unexpected result.
fn finish(test: &str, checks: &[&str], programs: &[Program], verdicts: &[Verdict]) {
    let mut unexpected = Vec::new();
    let mut xfails = 0;
    for (p, v) in programs.iter().zip(verdicts) {
        let mut status = if v.failures.is_empty() { "ok" } else { "XFAIL" };
        for (check, message) in &v.failures {
            if known_failure(&p.name, check).is_some() {
                xfails += 1;
            } else {
                unexpected.push(message.clone());
                status = "FAIL";
            }
        }
        for (_, check, bug) in KNOWN_FAILURES
            .iter()
            .filter(|(n, c, _)| *n == p.name && checks.contains(c))
        {
            if !v.failures.iter().any(|(c, _)| c == check) {
                unexpected.push(format!(
                    "{}: check `{check}` passes, but KNOWN_FAILURES expects it to fail ({bug}): \
                     remove the entry",
                    p.name
                ));
                status = "XPASS";
            }
        }
        say(&format!("  {status:5} {}: {}", p.name, v.summary));
        for (check, _) in v
            .failures
            .iter()
            .filter(|(c, _)| known_failure(&p.name, c).is_some())
        {
            let bug = known_failure(&p.name, check).unwrap_or_default();
            say(&format!("        expected failure of `{check}`: {bug}"));
        }
    }
    let passed = verdicts.iter().filter(|v| v.failures.is_empty()).count();
    say(&format!(
        "mlir_equiv: {test}: {passed} of {} programs passed all checks, {xfails} expected failures, \
         {} unexpected",
        programs.len(),
        unexpected.len()
    ));
    assert!(
        unexpected.is_empty(),
        "{} unexpected failures:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

/// The bug behind a known failure of `check` on `program`.
fn known_failure(program: &str, check: &str) -> Option<&'static str> {
    KNOWN_FAILURES
        .iter()
        .find(|(n, c, _)| *n == program && *c == check)
        .map(|(_, _, bug)| *bug)
}

// -- tests -----------------------------------------------------------------------------------

/// (a), (b), (c) for the examples, the programs of `tests/programs` and the shared corpus.
fn corpus_programs_print_the_same_after_rewrite() {
    let programs = corpus_programs();
    let tools = tools();
    assert!(!programs.is_empty(), "no executable program found");
    let dir = scratch("corpus");
    let verdicts = par_map(&programs, |p| check_program(tools, p, &dir, true));
    finish(
        "corpus",
        &["rewrite", "mlir-opt", "equiv", "bytes"],
        &programs,
        &verdicts,
    );
}

/// The programs of `gen_programs.py [option] --seeds=A:B`, written to `dir/programs` and
/// named `{prefix}{seed}`.
fn generated_programs(
    tools: &Tools,
    option: Option<&str>,
    seeds: std::ops::Range<u32>,
    dir: &Path,
    prefix: &str,
) -> Vec<Program> {
    let gen_dir = dir.join("programs");
    let out = output(
        Command::new(&tools.python)
            .arg(manifest_dir().join("tests/tools/gen_programs.py"))
            .args(option)
            .arg(format!("--seeds={}:{}", seeds.start, seeds.end))
            .arg("--out-dir")
            .arg(&gen_dir),
    );
    assert!(
        out.status.success(),
        "gen_programs.py {} failed:\n{}",
        option.unwrap_or(""),
        String::from_utf8_lossy(&out.stderr)
    );
    seeds
        .map(|s| Program {
            name: format!("{prefix}{s}"),
            path: gen_dir.join(format!("gen_{s}.mlir")),
        })
        .collect()
}

/// Random programs print the same after the rewrite, and each one pools something.
fn generated_programs_print_the_same_after_rewrite() {
    let tools = tools();
    let dir = scratch("generated");
    let programs = generated_programs(tools, None, 0..GENERATED_SEEDS, &dir, "gen_");
    let mut verdicts = par_map(&programs, |p| check_program(tools, p, &dir, true));
    for (p, v) in programs.iter().zip(&mut verdicts) {
        // A program may pool nothing only because pooling would not save bytes (its buffers
        // are small and live together): it must still have allocations that --pool-all pools.
        if v.pooled == 0 && v.summary != "rewrite failed" {
            let all = output(bufreuse().args(["--rewrite", "--pool-all"]).arg(&p.path));
            if !String::from_utf8_lossy(&all.stdout).contains("memref.view") {
                v.failures.push((
                    "pools",
                    format!(
                        "{}: pools nothing, even with --pool-all ({} kept)",
                        p.name, v.kept
                    ),
                ));
            }
        }
    }
    let pooled: usize = verdicts.iter().map(|v| v.pooled).sum();
    let kept: usize = verdicts.iter().map(|v| v.kept).sum();
    say(&format!(
        "mlir_equiv: generated: {pooled} allocations pooled, {kept} kept in {} programs",
        programs.len()
    ));
    finish(
        "generated",
        &["rewrite", "mlir-opt", "equiv", "pools"],
        &programs,
        &verdicts,
    );
}

/// The allocations named `%ht…` (passed to a helper that does not capture them) and `%ct…`
/// (passed to one that does) in `bufreuse --analyze --format=json` of a generated program:
/// (pooled, all) of each.
#[derive(Default)]
struct CallTemporaries {
    nocapture: (usize, usize),
    captured: (usize, usize),
    /// The `%ct…` allocations that got an offset: each one is a wrong pooling.
    captured_pooled: Vec<String>,
}

fn call_temporaries(report: &serde_json::Value) -> CallTemporaries {
    let mut t = CallTemporaries::default();
    for f in report["functions"].as_array().into_iter().flatten() {
        let function = f["name"].as_str().unwrap_or("?");
        for a in f["allocations"].as_array().into_iter().flatten() {
            let value = a["value"].as_str().unwrap_or("");
            let pooled = !a["offset"].is_null();
            let name = value.trim_start_matches('%');
            if name.starts_with("ht") {
                t.nocapture.0 += usize::from(pooled);
                t.nocapture.1 += 1;
            } else if name.starts_with("ct") {
                t.captured.0 += usize::from(pooled);
                t.captured.1 += 1;
                if pooled {
                    t.captured_pooled.push(format!("@{function}: %{name}"));
                }
            }
        }
    }
    t
}

/// Random programs whose workers call helper functions of the module with temporaries
/// (`gen_programs.py --calls`) print the same after the rewrite; no temporary that a helper
/// captures (returns, or passes on to a capturing call such as the runner utils'
/// `verifyMemRef*`, an external declaration without `llvm.nocapture`) is pooled; and, across
/// the seeds, some temporary passed to a helper that only reads and writes it is pooled
/// (issue 21: such a call is a use, not an escape).
fn generated_programs_with_calls_print_the_same_after_rewrite() {
    let tools = tools();
    let dir = scratch("calls");
    let programs = generated_programs(tools, Some("--calls"), CALL_SEEDS, &dir, "gen_calls_");
    let results = par_map(&programs, |p| {
        let mut v = check_program(tools, p, &dir, true);
        let out = output(bufreuse().args(["--analyze", "--format=json"]).arg(&p.path));
        let Ok(report) = serde_json::from_slice::<serde_json::Value>(&out.stdout) else {
            // check_bytes_of has reported the failed analysis.
            return (v, CallTemporaries::default());
        };
        let t = call_temporaries(&report);
        if !t.captured_pooled.is_empty() {
            v.failures.push((
                "captured",
                format!(
                    "{}: pooled although a helper captures it: {}",
                    p.name,
                    t.captured_pooled.join(", ")
                ),
            ));
        }
        v.summary = format!(
            "{}; passed to helpers: {} of {} pooled (not captured), {} of {} (captured)",
            v.summary, t.nocapture.0, t.nocapture.1, t.captured.0, t.captured.1
        );
        (v, t)
    });
    let (verdicts, temps): (Vec<Verdict>, Vec<CallTemporaries>) = results.into_iter().unzip();
    let sum = |f: fn(&CallTemporaries) -> usize| temps.iter().map(f).sum::<usize>();
    let nocapture = (sum(|t| t.nocapture.0), sum(|t| t.nocapture.1));
    let captured = (sum(|t| t.captured.0), sum(|t| t.captured.1));
    say(&format!(
        "mlir_equiv: calls: {} allocations pooled, {} kept in {} programs; temporaries passed \
         to helpers that do not capture them: {} of {} pooled; to helpers that capture them: \
         {} of {} pooled (must be 0)",
        verdicts.iter().map(|v| v.pooled).sum::<usize>(),
        verdicts.iter().map(|v| v.kept).sum::<usize>(),
        programs.len(),
        nocapture.0,
        nocapture.1,
        captured.0,
        captured.1
    ));
    finish(
        "calls",
        &["rewrite", "mlir-opt", "equiv", "bytes", "captured"],
        &programs,
        &verdicts,
    );
    assert!(
        nocapture.1 > 0 && captured.1 > 0,
        "the generated programs pass no temporary to a helper that does not capture it ({}) \
         or none to one that does ({}): the generator lost its calls",
        nocapture.1,
        captured.1
    );
    assert!(
        nocapture.0 > 0,
        "none of the {} temporaries passed to helpers that only read and write them was pooled \
         (issue 21: a call to such a helper is a use, not an escape)",
        nocapture.1
    );
}

/// A tensor source of `tests/programs/tensor` and one way to bufferize it.
struct TensorCase {
    program: Program,
    bufferize: &'static str,
    expected: PathBuf,
}

/// Every `*.tensor.mlir` of `tests/programs/tensor` with each bufferization of `BUFFERIZE`.
fn tensor_cases() -> Vec<TensorCase> {
    let dir = manifest_dir().join("tests/programs/tensor");
    let mut cases = Vec::new();
    for path in mlir_files(&dir, |n| n.ends_with(".tensor.mlir")) {
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        let stem = file.trim_end_matches(".tensor.mlir").to_string();
        for (variant, bufferize) in BUFFERIZE {
            cases.push(TensorCase {
                program: Program {
                    name: format!("tensor/{stem}.{variant}"),
                    path: path.clone(),
                },
                bufferize,
                expected: dir.join(format!("{stem}.expected.txt")),
            });
        }
    }
    cases
}

/// For one tensor source and bufferization: bufferize, then (reference) run
/// `--buffer-deallocation-pipeline`, and (pooled) `bufreuse --rewrite --before-dealloc`
/// before the same pipeline; both must run and print the same, and what they print must be
/// the source's `expected.txt`; a broken plan must print something else.
fn check_tensor_case(tools: &Tools, case: &TensorCase, dir: &Path) -> Verdict {
    let p = &case.program;
    let mut v = Verdict::default();
    let fail = |v: &mut Verdict, check: &'static str, what: &str, detail: String| {
        v.failures
            .push((check, format!("{}: {what}\n{}", p.name, indent(&detail))));
    };
    let stem = dir.join(p.name.replace('/', "__"));
    let file = |suffix: &str| PathBuf::from(format!("{}.{suffix}", stem.display()));
    let (buffers, reference, pooled, pooled_dealloc, runs) = (
        file("bufferized.mlir"),
        file("reference.mlir"),
        file("pooled.mlir"),
        file("pooled.dealloc.mlir"),
        file("run"),
    );
    if let Err(e) = tools.mlir_opt(&p.path, &[case.bufferize], &buffers) {
        fail(
            &mut v,
            "bufferize",
            "mlir-opt cannot bufferize the source",
            e,
        );
        v.summary = "bufferization failed".into();
        return v;
    }
    if let Err(e) = tools.mlir_opt(&buffers, &["--buffer-deallocation-pipeline"], &reference) {
        fail(
            &mut v,
            "dealloc",
            "--buffer-deallocation-pipeline fails on the bufferized source",
            e,
        );
    }
    let out = output(
        bufreuse()
            .args(["--rewrite", "--before-dealloc", "--stats"])
            .arg(&buffers),
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        fail(
            &mut v,
            "rewrite",
            &format!(
                "bufreuse --rewrite --before-dealloc failed on {}",
                buffers.display()
            ),
            head(&stderr, 20),
        );
        v.summary = "rewrite failed".into();
        return v;
    }
    let stats = parse_stats(&stderr);
    v.pooled = stats.iter().map(|s| s.1).sum();
    v.kept = stats.iter().map(|s| s.2).sum();
    let before: u64 = stats.iter().map(|s| s.3).sum();
    let after: u64 = stats.iter().map(|s| s.4).sum();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    fs::write(&pooled, &text).expect("write the pooled program");
    // The deallocation pipeline frees the pools; the rewrite must leave that to it.
    if let Some(line) = text.lines().find(|l| l.contains("memref.dealloc")) {
        fail(
            &mut v,
            "before-dealloc",
            &format!(
                "the rewrite of IR without deallocs adds one ({})",
                pooled.display()
            ),
            line.trim().to_string(),
        );
    }
    if let Err(e) = tools.mlir_opt(
        &pooled,
        &["--buffer-deallocation-pipeline"],
        &pooled_dealloc,
    ) {
        fail(
            &mut v,
            "dealloc",
            &format!(
                "--buffer-deallocation-pipeline fails on the pooled program ({})",
                pooled.display()
            ),
            e,
        );
        v.summary = "deallocation failed".into();
        return v;
    }
    let eq = tools.equiv(&[Path::new("--keep"), &runs, &reference, &pooled_dealloc]);
    let eq_text = format!(
        "{}{}",
        String::from_utf8_lossy(&eq.stdout),
        String::from_utf8_lossy(&eq.stderr)
    );
    let verdict = match eq.status.code() {
        Some(0) => "EQUAL",
        Some(1) => {
            fail(
                &mut v,
                "equiv",
                "the pooled program prints something else than the reference",
                head(&eq_text, 40),
            );
            "DIFFERENT"
        }
        _ => {
            fail(
                &mut v,
                "equiv",
                "the reference and the pooled program could not both be lowered and run",
                head(&eq_text, 40),
            );
            "ERROR"
        }
    };
    // What the pooled program printed (masked) against the output recorded with the source.
    if eq.status.code().is_some_and(|c| c < 2) {
        let printed = fs::read_to_string(runs.join("rewritten.masked.out")).unwrap_or_default();
        match fs::read_to_string(&case.expected) {
            Ok(expected) if expected == printed => {}
            Ok(expected) => fail(
                &mut v,
                "expected",
                &format!(
                    "the pooled program does not print {}",
                    case.expected.display()
                ),
                first_difference(&expected, &printed),
            ),
            Err(e) => fail(
                &mut v,
                "expected",
                &format!("cannot read {}", case.expected.display()),
                e.to_string(),
            ),
        }
    }
    let broken = check_broken_before_dealloc(tools, case, &buffers, &reference, &stem);
    if let Err((what, detail)) = &broken {
        fail(&mut v, "broken", what, detail.clone());
    }
    v.summary = format!(
        "{verdict}, {} pooled / {} kept, {before} -> {after} bytes; broken plan: {}",
        v.pooled,
        v.kept,
        broken.unwrap_or_else(|_| "NOT CAUGHT".into())
    );
    v
}

/// Tensor sources whose output cannot show a broken plan: `loops_if` pools two buffers of
/// `@blocks` that are computed from each other element by element, so at one offset they
/// give the same output.
const BROKEN_PLAN_INVISIBLE: &[&str] = &["loops_if"];

/// The comparison of the pipeline can fail: the plan that puts every buffer at offset 0
/// (`--pool-all --debug-break-plan --debug-skip-verify`, with `--before-dealloc`) must print
/// something else than `reference` or fail to run. `Ok` says what happened.
fn check_broken_before_dealloc(
    tools: &Tools,
    case: &TensorCase,
    buffers: &Path,
    reference: &Path,
    stem: &Path,
) -> Result<String, (String, String)> {
    let source = case.program.path.file_name().unwrap_or_default();
    let source = source.to_string_lossy();
    if BROKEN_PLAN_INVISIBLE
        .iter()
        .any(|n| source == format!("{n}.tensor.mlir"))
    {
        return Ok("not checked (BROKEN_PLAN_INVISIBLE)".into());
    }
    let out = output(
        bufreuse()
            .args([
                "--rewrite",
                "--before-dealloc",
                "--pool-all",
                "--debug-break-plan",
                "--debug-skip-verify",
            ])
            .arg(buffers),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || !text.contains("memref.view") {
        return Err((
            "the broken plan made no pool to check".into(),
            head(&String::from_utf8_lossy(&out.stderr), 10),
        ));
    }
    let file = |suffix: &str| PathBuf::from(format!("{}.{suffix}", stem.display()));
    let (broken, broken_dealloc) = (file("broken.mlir"), file("broken.dealloc.mlir"));
    fs::write(&broken, text.as_bytes()).expect("write the broken program");
    if let Err(e) = tools.mlir_opt(
        &broken,
        &["--buffer-deallocation-pipeline"],
        &broken_dealloc,
    ) {
        return Ok(format!("deallocation fails ({})", head(&e, 1)));
    }
    let eq = tools.equiv(&[reference, &broken_dealloc]);
    match eq.status.code() {
        Some(1) => Ok("DIFFERENT (as it must be)".into()),
        Some(0) => Err((
            format!(
                "the broken plan ({}) prints what the reference prints",
                broken.display()
            ),
            head(&String::from_utf8_lossy(&eq.stdout), 5),
        )),
        code => Ok(format!("does not run (mlir-equiv.py exit {code:?})")),
    }
}

/// The first line where `expected` and `got` differ, for a report.
fn first_difference(expected: &str, got: &str) -> String {
    let (e, g): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), got.lines().collect());
    let n = e.iter().zip(&g).take_while(|(a, b)| a == b).count();
    let line = |l: &[&str]| l.get(n).map_or("(end of output)".into(), |s| head(s, 1));
    format!(
        "line {}:\nexpected: {}\n     got: {}",
        n + 1,
        line(&e),
        line(&g)
    )
}

/// MLIR's own pipeline with bufreuse in it: every tensor source of `tests/programs/tensor`
/// (copies of the shared pipeline corpus's sources), bufferized by `--one-shot-bufferize`
/// (identity and inferred layouts at function boundaries), pooled by `bufreuse --rewrite
/// --before-dealloc` before `--buffer-deallocation-pipeline`, prints what the same pipeline
/// without bufreuse prints and what the source's `expected.txt` says, while a broken plan
/// prints something else; and the rewrite pools something.
fn tensor_sources_pooled_before_dealloc_print_the_same() {
    let pooled = tensor_test(
        "tensor",
        "--rewrite --before-dealloc",
        &[
            "bufferize",
            "rewrite",
            "before-dealloc",
            "dealloc",
            "equiv",
            "expected",
            "broken",
        ],
        check_tensor_case,
    );
    assert!(
        pooled != 0,
        "bufreuse --rewrite --before-dealloc pooled nothing in the tensor sources"
    );
}

/// Runs `check` on every tensor case, reports like the other tests, and returns how many
/// allocations were pooled in all.
fn tensor_test(
    name: &str,
    what: &str,
    checks: &[&str],
    check: impl Fn(&Tools, &TensorCase, &Path) -> Verdict + Sync,
) -> usize {
    let cases = tensor_cases();
    assert!(
        !cases.is_empty(),
        "no tensor source in tests/programs/tensor"
    );
    let tools = tools();
    let dir = scratch(name);
    let verdicts = par_map(&cases, |c| check(tools, c, &dir));
    let programs: Vec<Program> = cases.iter().map(|c| c.program.clone()).collect();
    let pooled: usize = verdicts.iter().map(|v| v.pooled).sum();
    let kept: usize = verdicts.iter().map(|v| v.kept).sum();
    say(&format!(
        "mlir_equiv: {name}: {pooled} allocations pooled, {kept} kept in {} programs ({what})",
        programs.len()
    ));
    finish(name, checks, &programs, &verdicts);
    pooled
}

/// A plan that puts every buffer at offset 0 is caught by the rewrite's own check, and,
/// with that check skipped, makes programs print something else: the comparison can fail.
fn broken_plan_is_caught_and_changes_the_output() {
    let root = manifest_dir();
    let mut programs: Vec<Program> = ["examples/01_chain.mlir", "examples/02_overlap.mlir"]
        .iter()
        .map(|n| Program {
            name: n.to_string(),
            path: root.join(n),
        })
        .filter(|p| p.path.is_file())
        .collect();
    // call_in_region computes b[i] from a[i] element by element, so a and b at one offset
    // give the same output: no witness for a broken plan.
    programs.extend(
        mlir_files(&root.join("tests/programs"), |p| {
            !p.ends_with("call_in_region.mlir")
        })
        .into_iter()
        .map(|path| Program {
            name: format!(
                "tests/programs/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            path,
        }),
    );
    assert!(!programs.is_empty(), "no program to break");
    let tools = tools();
    let dir = scratch("broken");
    let verdicts = par_map(&programs, |p| {
        let mut v = Verdict::default();
        let caught = output(
            bufreuse()
                .args([
                    "--rewrite",
                    "--pool-all",
                    "--strict-check",
                    "--debug-break-plan",
                ])
                .arg(&p.path),
        );
        let stderr = String::from_utf8_lossy(&caught.stderr);
        if caught.status.code() != Some(1) || !stderr.contains("internal error") {
            v.failures.push((
                "broken",
                format!(
                    "{}: --strict-check --debug-break-plan: expected exit 1 with an internal error, got {}\n{}",
                    p.name,
                    caught.status,
                    indent(&head(&stderr, 10))
                ),
            ));
        }
        // Without --strict-check the functions at fault are left as they were read.
        let kept = output(
            bufreuse()
                .args(["--rewrite", "--pool-all", "--debug-break-plan"])
                .arg(&p.path),
        );
        let stderr = String::from_utf8_lossy(&kept.stderr);
        if !kept.status.success() || !stderr.contains("is left as it was read") {
            v.failures.push((
                "broken",
                format!(
                    "{}: --debug-break-plan: expected exit 0 with a function left as it was read, got {}\n{}",
                    p.name,
                    kept.status,
                    indent(&head(&stderr, 10))
                ),
            ));
        }
        let broken = output(
            bufreuse()
                .args([
                    "--rewrite",
                    "--pool-all",
                    "--debug-break-plan",
                    "--debug-skip-verify",
                ])
                .arg(&p.path),
        );
        let file = dir.join(p.name.replace('/', "__"));
        fs::write(&file, &broken.stdout).expect("write the broken program");
        let eq = tools.equiv(&[&p.path, &file]);
        v.summary = match eq.status.code() {
            Some(1) => "DIFFERENT (as it must be)".into(),
            code => {
                v.failures.push((
                    "broken",
                    format!(
                        "{}: the broken plan should print something else; mlir-equiv.py exit \
                         {code:?}\n{}",
                        p.name,
                        indent(&head(&String::from_utf8_lossy(&eq.stdout), 20))
                    ),
                ));
                format!("exit {code:?}")
            }
        };
        v
    });
    finish("broken plan", &["broken"], &programs, &verdicts);
}

/// (d) Whatever `mlir-opt` accepts as input, it accepts after `bufreuse --rewrite`: every
/// `.mlir` of `lit_tests/` (all chunks of `--split-input-file` files), `tests/programs/`,
/// `examples/` and, when it sits beside the repository, the shared corpus (`../shared/corpus`).
fn rewritten_lit_tests_and_examples_parse_in_mlir_opt() {
    let root = manifest_dir();
    let mut files = Vec::new();
    collect_mlir(&root.join("lit_tests"), &mut files);
    collect_mlir(&root.join("tests/programs"), &mut files);
    files.extend(mlir_files(&root.join("examples"), |_| true));
    // The shared corpora, where they sit beside the repository (inputs that mlir-opt does
    // not accept, such as the deliberately broken ones, are passed over below).
    let shared = root.join("../shared/corpus");
    if shared.is_dir() {
        collect_mlir(&shared, &mut files);
    }
    files.sort();
    let tools = tools();
    let dir = scratch("parse");
    let programs: Vec<Program> = files
        .iter()
        .map(|f| Program {
            name: f
                .strip_prefix(root)
                .unwrap_or(f)
                .to_string_lossy()
                .into_owned(),
            path: f.clone(),
        })
        .collect();
    let checked = AtomicUsize::new(0);
    let verdicts = par_map(&programs, |p| {
        let mut v = Verdict::default();
        let input = fs::read_to_string(&p.path).unwrap_or_default();
        let out = output(
            bufreuse()
                .args(["--rewrite", "--split-input-file"])
                .arg(&p.path),
        );
        if !out.status.success() {
            // An input bufreuse rejects (error tests) has no rewrite to check.
            v.summary = "not rewritten (bufreuse rejects it)".into();
            return v;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let (ins, outs) = (split_chunks(&input), split_chunks(&text));
        if ins.len() != outs.len() {
            v.failures.push((
                "mlir-opt",
                format!(
                    "{}: {} input chunks, {} output chunks",
                    p.name,
                    ins.len(),
                    outs.len()
                ),
            ));
            return v;
        }
        let stem = p.name.replace('/', "__");
        let mut accepted = 0;
        for (k, (i, o)) in ins.iter().zip(&outs).enumerate() {
            let fin = dir.join(format!("{stem}.{k}.in.mlir"));
            let fout = dir.join(format!("{stem}.{k}.out.mlir"));
            fs::write(&fin, i).expect("write a chunk");
            if tools.verify(&fin).is_err() {
                continue;
            }
            accepted += 1;
            fs::write(&fout, o).expect("write a chunk");
            if let Err(e) = tools.verify(&fout) {
                v.failures.push((
                    "mlir-opt",
                    format!(
                        "{}: chunk {k}: mlir-opt accepts the input but not its rewrite ({})\n{}",
                        p.name,
                        fout.display(),
                        indent(&e)
                    ),
                ));
            }
        }
        checked.fetch_add(accepted, Ordering::Relaxed);
        v.summary = format!("{accepted} of {} chunks checked", ins.len());
        // A lit test marked XFAIL documents a known bug, which may well be this one.
        if !v.failures.is_empty() && input.lines().any(|l| l.contains("XFAIL:")) {
            v.summary = format!(
                "{}; mlir-opt rejects the rewrite of {} of them, as expected of an XFAIL lit test",
                v.summary,
                v.failures.len()
            );
            v.failures.clear();
        }
        v
    });
    say(&format!(
        "mlir_equiv: parse: {} chunks that mlir-opt accepts were rewritten and checked",
        checked.load(Ordering::Relaxed)
    ));
    finish("parse", &["mlir-opt"], &programs, &verdicts);
}

/// Every `.mlir` under `dir`, except in lit's `Output` folders.
fn collect_mlir(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            if e.file_name() != "Output" {
                collect_mlir(&path, files);
            }
        } else if path.extension().is_some_and(|x| x == "mlir") {
            files.push(path);
        }
    }
}

/// The chunks of a `--split-input-file` text: split at lines that are exactly `// -----`.
fn split_chunks(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "// -----" {
            chunks.push(String::new());
        } else {
            chunks.last_mut().expect("one chunk").push_str(line);
        }
    }
    chunks
}

/// Ownership-based deallocation, before it is lowered: run in two steps, with bufreuse in
/// between.
const OWNERSHIP: &[&str] = &[
    "--ownership-based-buffer-deallocation",
    "--canonicalize",
    "--buffer-deallocation-simplification",
];

/// What `--buffer-deallocation-pipeline` does after `OWNERSHIP` (the lowering of
/// `bufferization.dealloc`), and the lowering of `bufferization.clone` that mlir-equiv.py
/// leaves out.
const LOWER_DEALLOCATIONS: &[&str] = &[
    "--bufferization-lower-deallocations",
    "--convert-bufferization-to-memref",
];

/// For one tensor source and bufferization: deallocate by ownership, then (reference) lower
/// the deallocations, and (pooled) `bufreuse --rewrite` before the same lowering: no pooled
/// buffer may reach `--bufferization-lower-deallocations`, both must print the same and what
/// the source's `expected.txt` says.
fn check_ownership_case(tools: &Tools, case: &TensorCase, dir: &Path) -> Verdict {
    let p = &case.program;
    let mut v = Verdict::default();
    let fail = |v: &mut Verdict, check: &'static str, what: &str, detail: String| {
        v.failures
            .push((check, format!("{}: {what}\n{}", p.name, indent(&detail))));
    };
    let stem = dir.join(p.name.replace('/', "__"));
    let file = |suffix: &str| PathBuf::from(format!("{}.{suffix}", stem.display()));
    let (owned, reference, pooled, pooled_lowered, runs) = (
        file("owned.mlir"),
        file("reference.mlir"),
        file("pooled.mlir"),
        file("pooled.lowered.mlir"),
        file("run"),
    );
    let mut steps = vec![case.bufferize];
    steps.extend_from_slice(OWNERSHIP);
    if let Err(e) = tools.mlir_opt(&p.path, &steps, &owned) {
        fail(
            &mut v,
            "dealloc",
            "mlir-opt cannot bufferize and deallocate",
            e,
        );
        v.summary = "deallocation failed".into();
        return v;
    }
    if let Err(e) = tools.mlir_opt(&owned, LOWER_DEALLOCATIONS, &reference) {
        fail(&mut v, "dealloc", "the deallocations do not lower", e);
    }
    let out = output(bufreuse().args(["--rewrite", "--stats"]).arg(&owned));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        fail(
            &mut v,
            "rewrite",
            &format!("bufreuse --rewrite failed on {}", owned.display()),
            head(&stderr, 20),
        );
        v.summary = "rewrite failed".into();
        return v;
    }
    let stats = parse_stats(&stderr);
    v.pooled = stats.iter().map(|s| s.1).sum();
    v.kept = stats.iter().map(|s| s.2).sum();
    fs::write(&pooled, &out.stdout).expect("write the pooled program");
    if let Err(e) = tools.mlir_opt(&pooled, LOWER_DEALLOCATIONS, &pooled_lowered) {
        fail(
            &mut v,
            "dealloc",
            &format!(
                "the deallocations of the pooled program do not lower ({})",
                pooled.display()
            ),
            e,
        );
        v.summary = "lowering failed".into();
        return v;
    }
    let eq = tools.equiv(&[Path::new("--keep"), &runs, &reference, &pooled_lowered]);
    v.summary = match eq.status.code() {
        Some(0) => format!("EQUAL, {} pooled / {} kept", v.pooled, v.kept),
        code => {
            fail(
                &mut v,
                "equiv",
                "the pooled program does not print what the reference prints",
                head(&String::from_utf8_lossy(&eq.stdout), 40),
            );
            format!("exit {code:?}")
        }
    };
    if eq.status.code() == Some(0) {
        let printed = fs::read_to_string(runs.join("rewritten.masked.out")).unwrap_or_default();
        let expected = fs::read_to_string(&case.expected).unwrap_or_default();
        if expected != printed {
            fail(
                &mut v,
                "expected",
                &format!(
                    "the pooled program does not print {}",
                    case.expected.display()
                ),
                first_difference(&expected, &printed),
            );
        }
    }
    v
}

/// After ownership-based deallocation and before its lowering, the IR is full of
/// `bufferization.dealloc`: every tensor source, pooled there by `bufreuse --rewrite`, prints
/// what it prints without bufreuse and what its `expected.txt` says; and something is pooled.
fn tensor_sources_pooled_before_lowered_deallocation_print_the_same() {
    let pooled = tensor_test(
        "ownership",
        "--rewrite before --bufferization-lower-deallocations",
        &["dealloc", "rewrite", "equiv", "expected"],
        check_ownership_case,
    );
    assert!(
        pooled != 0,
        "bufreuse --rewrite pooled nothing after ownership-based deallocation"
    );
}

// -- dynamic shapes (issue 18) ---------------------------------------------------------------

/// Seeds of the generated programs with dynamic shapes (`gen_programs.py --dynamic`).
const DYNAMIC_SEEDS: std::ops::Range<u32> = 200..230;

/// The reason code of an allocation whose size is not available where its pool would be
/// allocated (issue 18).
const SIZE_NOT_AVAILABLE: &str = "size-not-available";

/// The dynamically shaped allocations of one program, from `bufreuse --analyze
/// --format=json`, by the names the test programs give them: `%da…` have sizes available at
/// function entry (they should be pooled), `%dn…` have a size that is not (they must stay
/// separate, with reason `size-not-available`). Counts are (pooled or so reported, all).
#[derive(Default)]
struct DynamicAllocations {
    /// `%da…`: (pooled, all).
    available: (usize, usize),
    /// `%da…` that are eligible but not pooled (no saving): allowed, counted.
    available_eligible_unpooled: usize,
    /// `%dn…`: (reported `size-not-available`, all).
    not_available: (usize, usize),
    /// Every allocation whose type has a `?`: (pooled, all).
    dynamic: (usize, usize),
    /// Dynamic allocations whose report carries a symbolic size (a string `size` or `bytes`).
    symbolic_sizes: usize,
    /// `%da…` reported ineligible: `@function: %name (reason)`.
    available_rejected: Vec<String>,
    /// Dynamic `%da…` without a symbolic size in the report.
    available_without_size: Vec<String>,
    /// `%dn…` that got pooled: each one is a wrong pooling.
    not_available_pooled: Vec<String>,
    /// `%dn…` not pooled, but without `size-not-available` among their reasons.
    not_available_other_reason: Vec<String>,
}

/// Whether the report of allocation `a` says it is pooled: an offset planned at compile time
/// or one computed at run time.
fn reported_pooled(a: &serde_json::Value) -> bool {
    !a["offset"].is_null() || !a["run_time_offset"].is_null()
}

/// The reason codes of allocation `a`: `reason` and `all_reasons`.
fn reported_reasons(a: &serde_json::Value) -> Vec<String> {
    let mut reasons: Vec<String> = a["reason"].as_str().map(String::from).into_iter().collect();
    let all = a["all_reasons"].as_array().into_iter().flatten();
    for r in all.filter_map(|r| r.as_str().or_else(|| r["code"].as_str())) {
        if !reasons.iter().any(|x| x == r) {
            reasons.push(r.to_string());
        }
    }
    reasons
}

fn dynamic_allocations(report: &serde_json::Value) -> DynamicAllocations {
    let mut d = DynamicAllocations::default();
    for f in report["functions"].as_array().into_iter().flatten() {
        let function = f["name"].as_str().unwrap_or("?");
        for a in f["allocations"].as_array().into_iter().flatten() {
            let value = a["value"].as_str().unwrap_or("");
            let name = value.trim_start_matches('%');
            let who = format!("@{function}: %{name}");
            let pooled = reported_pooled(a);
            let reasons = reported_reasons(a);
            let dynamic = a["type"].as_str().is_some_and(|t| t.contains('?'));
            let symbolic = a["size"].is_string() || a["bytes"].is_string();
            if dynamic {
                d.dynamic.0 += usize::from(pooled);
                d.dynamic.1 += 1;
                d.symbolic_sizes += usize::from(symbolic);
            }
            if name.starts_with("da") {
                d.available.1 += 1;
                if pooled {
                    d.available.0 += 1;
                } else if reasons.is_empty() {
                    d.available_eligible_unpooled += 1;
                } else {
                    d.available_rejected
                        .push(format!("{who} ({})", reasons.join(", ")));
                }
                if dynamic && !symbolic {
                    d.available_without_size.push(who.clone());
                }
            } else if name.starts_with("dn") {
                d.not_available.1 += 1;
                let says = reasons.iter().any(|r| r == SIZE_NOT_AVAILABLE);
                d.not_available.0 += usize::from(says);
                if pooled {
                    d.not_available_pooled.push(who);
                } else if !says {
                    d.not_available_other_reason.push(format!(
                        "{who} ({})",
                        if reasons.is_empty() {
                            "eligible".to_string()
                        } else {
                            reasons.join(", ")
                        }
                    ));
                }
            }
        }
    }
    d
}

/// Checks (a) and (b) of `check_program` (no byte checks: the pools of dynamic plans have
/// run-time sizes), then what the analysis reports of the dynamic allocations:
/// - `pools`: the rewrite makes at least one `memref.view`;
/// - `available`: no `%da…` allocation is reported ineligible, and some are pooled;
/// - `not-available`: no `%dn…` allocation is pooled, and each has reason
///   `size-not-available`;
/// - `size`: every dynamic `%da…` allocation has a symbolic size in the report.
fn check_dynamic_program(tools: &Tools, p: &Program, dir: &Path) -> (Verdict, DynamicAllocations) {
    let mut v = check_program(tools, p, dir, false);
    if v.summary == "rewrite failed" {
        return (v, DynamicAllocations::default());
    }
    let rewritten = fs::read_to_string(dir.join(p.name.replace('/', "__"))).unwrap_or_default();
    let views = rewritten.matches("memref.view").count();
    if views == 0 {
        v.failures.push((
            "pools",
            format!("{}: the rewrite pools nothing (no memref.view)", p.name),
        ));
    }
    let out = output(bufreuse().args(["--analyze", "--format=json"]).arg(&p.path));
    let report = match serde_json::from_slice::<serde_json::Value>(&out.stdout) {
        Ok(r) if out.status.success() => r,
        _ => {
            v.failures.push((
                "available",
                format!(
                    "{}: bufreuse --analyze --format=json failed\n{}",
                    p.name,
                    indent(&head(&String::from_utf8_lossy(&out.stderr), 10))
                ),
            ));
            return (v, DynamicAllocations::default());
        }
    };
    let d = dynamic_allocations(&report);
    if !d.available_rejected.is_empty() {
        v.failures.push((
            "available",
            format!(
                "{}: sizes available at entry, but not pooled: {}",
                p.name,
                d.available_rejected.join(", ")
            ),
        ));
    }
    if d.available.1 > 0 && d.available.0 == 0 {
        v.failures.push((
            "available",
            format!(
                "{}: none of the {} allocations with sizes available at entry (%da…) is pooled",
                p.name, d.available.1
            ),
        ));
    }
    if !d.not_available_pooled.is_empty() {
        v.failures.push((
            "not-available",
            format!(
                "{}: pooled although a size is not available at entry: {}",
                p.name,
                d.not_available_pooled.join(", ")
            ),
        ));
    }
    if !d.not_available_other_reason.is_empty() {
        v.failures.push((
            "not-available",
            format!(
                "{}: a size not available at entry, but no {SIZE_NOT_AVAILABLE}: {}",
                p.name,
                d.not_available_other_reason.join(", ")
            ),
        ));
    }
    if !d.available_without_size.is_empty() {
        v.failures.push((
            "size",
            format!(
                "{}: no symbolic size (\"size\") in the report of: {}",
                p.name,
                d.available_without_size.join(", ")
            ),
        ));
    }
    v.summary = format!(
        "{}; %da {}/{} pooled ({} eligible unpooled), %dn {}/{} {SIZE_NOT_AVAILABLE}, \
         dynamic {}/{} pooled, {views} views",
        v.summary,
        d.available.0,
        d.available.1,
        d.available_eligible_unpooled,
        d.not_available.0,
        d.not_available.1,
        d.dynamic.0,
        d.dynamic.1,
    );
    (v, d)
}

/// One summary line for a dynamic test, and its totals: (%da pooled, %da all, %dn wrongly
/// pooled).
fn dynamic_summary(
    test: &str,
    verdicts: &[Verdict],
    found: &[DynamicAllocations],
) -> (usize, usize) {
    let sum = |f: fn(&DynamicAllocations) -> usize| found.iter().map(f).sum::<usize>();
    let available = (sum(|d| d.available.0), sum(|d| d.available.1));
    let not_available = (sum(|d| d.not_available.0), sum(|d| d.not_available.1));
    let dynamic = (sum(|d| d.dynamic.0), sum(|d| d.dynamic.1));
    say(&format!(
        "mlir_equiv: {test}: {} programs; sizes available at entry (%da): {}/{} pooled, {} \
         eligible but not pooled; not available (%dn): {}/{} reported {SIZE_NOT_AVAILABLE}, {} \
         pooled (must be 0); all dynamic-shape allocations: {}/{} pooled, {} with a symbolic \
         size; --stats: {} pooled, {} kept",
        verdicts.len(),
        available.0,
        available.1,
        sum(|d| d.available_eligible_unpooled),
        not_available.0,
        not_available.1,
        sum(|d| d.not_available_pooled.len()),
        dynamic.0,
        dynamic.1,
        sum(|d| d.symbolic_sizes),
        verdicts.iter().map(|v| v.pooled).sum::<usize>(),
        verdicts.iter().map(|v| v.kept).sum::<usize>(),
    ));
    available
}

/// Random programs with dynamically shaped temporaries (`gen_programs.py --dynamic`, issue
/// 18) print the same after the rewrite; every allocation whose sizes are available at
/// function entry (`%da…`: arguments, constants, `memref.dim` of arguments, pure arith of
/// those) is eligible and each program pools some; none whose size is not (`%dn…`: loaded
/// inside the function, an induction variable, a loop result) is pooled, and each of those
/// is reported `size-not-available`.
fn generated_programs_with_dynamic_sizes_print_the_same_after_rewrite() {
    let tools = tools();
    let dir = scratch("dynamic_generated");
    let programs = generated_programs(
        tools,
        Some("--dynamic"),
        DYNAMIC_SEEDS,
        &dir,
        "gen_dynamic_",
    );
    let results = par_map(&programs, |p| check_dynamic_program(tools, p, &dir));
    let (verdicts, found): (Vec<Verdict>, Vec<DynamicAllocations>) = results.into_iter().unzip();
    let available = dynamic_summary("dynamic generated", &verdicts, &found);
    finish(
        "dynamic generated",
        &[
            "rewrite",
            "mlir-opt",
            "equiv",
            "pools",
            "available",
            "not-available",
            "size",
        ],
        &programs,
        &verdicts,
    );
    let not_available: usize = found.iter().map(|d| d.not_available.1).sum();
    assert!(
        available.1 > 0 && not_available > 0,
        "the generated programs have no %da… ({}) or no %dn… ({not_available}) allocation: the \
         generator lost its dynamic shapes",
        available.1
    );
}

/// The hand-made programs of `tests/programs/dynamic` (issue 18): the checks of the generated
/// ones, and also
/// - `expected`: the rewritten program prints the program's `NAME.expected.txt`;
/// - `broken`: a plan that puts every buffer at offset 0 (`--pool-all --debug-break-plan`)
///   is caught by the rewrite's own check and, with the check skipped, prints something else.
fn dynamic_programs_print_the_same_after_rewrite() {
    let root = manifest_dir().join("tests/programs/dynamic");
    let programs: Vec<Program> = mlir_files(&root, |_| true)
        .into_iter()
        .map(|path| Program {
            name: format!(
                "dynamic/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            path,
        })
        .collect();
    assert!(!programs.is_empty(), "no program in tests/programs/dynamic");
    let tools = tools();
    let dir = scratch("dynamic");
    let results = par_map(&programs, |p| {
        let (mut v, d) = check_dynamic_program(tools, p, &dir);
        if v.summary == "rewrite failed" {
            return (v, d);
        }
        let rewritten = dir.join(p.name.replace('/', "__"));
        check_expected_output(tools, p, &rewritten, &mut v);
        let broken = check_broken_plan(tools, p, &dir);
        if let Err(message) = &broken {
            v.failures.push(("broken", message.clone()));
        }
        v.summary = format!(
            "{}; broken plan: {}",
            v.summary,
            broken.unwrap_or_else(|_| "NOT CAUGHT".into())
        );
        (v, d)
    });
    let (verdicts, found): (Vec<Verdict>, Vec<DynamicAllocations>) = results.into_iter().unzip();
    dynamic_summary("dynamic", &verdicts, &found);
    finish(
        "dynamic",
        &[
            "rewrite",
            "mlir-opt",
            "equiv",
            "pools",
            "available",
            "not-available",
            "size",
            "expected",
            "broken",
        ],
        &programs,
        &verdicts,
    );
}

/// `expected`: the program `rewritten` (the rewrite of `p`) prints `p`'s `NAME.expected.txt`
/// (heap addresses masked, as `mlir-equiv.py --run` prints them).
fn check_expected_output(tools: &Tools, p: &Program, rewritten: &Path, v: &mut Verdict) {
    let expected_path = p.path.with_extension("expected.txt");
    let expected = match fs::read_to_string(&expected_path) {
        Ok(e) => e,
        Err(e) => {
            v.failures.push((
                "expected",
                format!("{}: cannot read {}: {e}", p.name, expected_path.display()),
            ));
            return;
        }
    };
    let run = tools.equiv(&[Path::new("--run"), rewritten]);
    let printed = String::from_utf8_lossy(&run.stdout);
    if !run.status.success() {
        v.failures.push((
            "expected",
            format!(
                "{}: the rewritten program does not run\n{}",
                p.name,
                indent(&head(&String::from_utf8_lossy(&run.stderr), 20))
            ),
        ));
    } else if printed != expected {
        v.failures.push((
            "expected",
            format!(
                "{}: the rewritten program does not print {}\n{}",
                p.name,
                expected_path.display(),
                indent(&first_difference(&expected, &printed))
            ),
        ));
    }
}

/// `broken`: `--pool-all --strict-check --debug-break-plan` (every buffer at offset 0) is an
/// internal error, and with `--debug-skip-verify` the program prints something else than `p`.
/// `Ok` says what happened.
fn check_broken_plan(tools: &Tools, p: &Program, dir: &Path) -> Result<String, String> {
    let caught = output(
        bufreuse()
            .args([
                "--rewrite",
                "--pool-all",
                "--strict-check",
                "--debug-break-plan",
            ])
            .arg(&p.path),
    );
    let stderr = String::from_utf8_lossy(&caught.stderr);
    if caught.status.code() != Some(1) || !stderr.contains("internal error") {
        return Err(format!(
            "{}: --debug-break-plan: expected exit 1 with an internal error, got {}\n{}",
            p.name,
            caught.status,
            indent(&head(&stderr, 10))
        ));
    }
    let broken = output(
        bufreuse()
            .args([
                "--rewrite",
                "--pool-all",
                "--debug-break-plan",
                "--debug-skip-verify",
            ])
            .arg(&p.path),
    );
    let text = String::from_utf8_lossy(&broken.stdout);
    if !broken.status.success() || !text.contains("memref.view") {
        return Err(format!(
            "{}: the broken plan made no pool to check\n{}",
            p.name,
            indent(&head(&String::from_utf8_lossy(&broken.stderr), 10))
        ));
    }
    let file = dir.join(format!("{}.broken.mlir", p.name.replace('/', "__")));
    fs::write(&file, text.as_bytes()).expect("write the broken program");
    let eq = tools.equiv(&[&p.path, &file]);
    match eq.status.code() {
        Some(1) => Ok("DIFFERENT (as it must be)".into()),
        Some(0) => Err(format!(
            "{}: the broken plan ({}) prints what the original prints",
            p.name,
            file.display()
        )),
        code => Ok(format!("does not run (mlir-equiv.py exit {code:?})")),
    }
}

// -- real models (issue 34) ------------------------------------------------------------------

/// `tests/programs/models/build.sh`'s passes before bufferization (`PRE`), for TOSA models
/// (`PRE_TOSA`), and the bufferization (`BUF`), as the shared corpus's `build.sh` runs them.
const MODEL_PRE_TOSA: &str = "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,tosa-to-scf))";
const MODEL_PRE: &[&str] = &[
    "--canonicalize",
    "--linalg-fuse-elementwise-ops",
    "--canonicalize",
    "--eliminate-empty-tensors",
    "--empty-tensor-to-alloc-tensor",
    "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
];

/// A place of the pipeline where bufreuse runs.
struct ModelPlace {
    name: &'static str,
    /// Passes from the bufferized model to the input of bufreuse.
    to_place: &'static [&'static str],
    /// bufreuse's options there.
    options: &'static [&'static str],
    /// Passes from bufreuse's output to the program that runs.
    after: &'static [&'static str],
}

/// The three places of the pipeline where bufreuse runs, and the first after
/// `--buffer-results-to-out-params`.
const MODEL_PLACES: &[ModelPlace] = &[
    ModelPlace {
        name: "bufferized",
        to_place: &[],
        options: &["--before-dealloc"],
        after: &["--buffer-deallocation-pipeline"],
    },
    ModelPlace {
        name: "ownership",
        to_place: &[
            "--ownership-based-buffer-deallocation",
            "--canonicalize",
            "--buffer-deallocation-simplification",
        ],
        options: &[],
        after: &["--bufferization-lower-deallocations"],
    },
    ModelPlace {
        name: "dealloc",
        to_place: &["--buffer-deallocation-pipeline"],
        options: &[],
        after: &[],
    },
    // Results moved into the callers by upstream's pass (issue 35, part 3), then as at the
    // first place.
    ModelPlace {
        name: "out-params",
        to_place: &["--buffer-results-to-out-params=hoist-static-allocs modify-public-functions"],
        options: &["--before-dealloc"],
        after: &["--buffer-deallocation-pipeline"],
    },
];

/// One model at one place.
struct ModelCase {
    program: Program,
    tosa: bool,
    place: usize,
    /// The batch size `@main` runs the model at: 1 as written, or `MODEL_BATCH` for the TOSA
    /// models of dynamic batch (`tests/programs/models/batch.py` makes the variant).
    batch: u32,
    expected: PathBuf,
}

/// The larger batch size the TOSA models also run at (issue 32).
const MODEL_BATCH: u32 = 3;

/// Every model of `tests/programs/models/models.tsv` at every place of `MODEL_PLACES`.
fn model_cases() -> Vec<ModelCase> {
    let dir = manifest_dir().join("tests/programs/models");
    let table = fs::read_to_string(dir.join("models.tsv")).expect("read models.tsv");
    let mut cases = Vec::new();
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, kind) = (fields[0], fields[3]);
        let batches: &[u32] = if kind == "tosa" {
            &[1, MODEL_BATCH]
        } else {
            &[1]
        };
        for &batch in batches {
            for (place, at) in MODEL_PLACES.iter().enumerate() {
                // Upstream's pass refuses dynamically shaped results ("cannot create out param
                // for dynamically shaped result"): the TOSA models keep their batch dynamic.
                if at.name == "out-params" && kind == "tosa" {
                    continue;
                }
                let variant = if batch == 1 {
                    name.to_string()
                } else {
                    format!("{name}.batch{batch}")
                };
                cases.push(ModelCase {
                    program: Program {
                        name: format!("{variant}.{}", at.name),
                        path: dir.join(format!("{name}.input.mlir")),
                    },
                    tosa: kind == "tosa",
                    place,
                    batch,
                    expected: dir.join(format!("{variant}.expected.txt")),
                });
            }
        }
    }
    cases
}

/// Lowers one model to its place, rewrites it with bufreuse (which must succeed and keep no
/// function out), lowers the result, runs it and compares what it prints with the model's
/// `expected.txt`.
fn check_model_case(tools: &Tools, case: &ModelCase, dir: &Path) -> Verdict {
    let p = &case.program;
    let ModelPlace {
        name: place,
        to_place,
        options,
        after,
    } = MODEL_PLACES[case.place];
    let mut v = Verdict::default();
    let stem = dir.join(&p.name);
    let file = |suffix: &str| PathBuf::from(format!("{}.{suffix}", stem.display()));
    let fail = |v: &mut Verdict, check: &'static str, what: String, detail: String| {
        v.failures
            .push((check, format!("{}: {what}\n{}", p.name, indent(&detail))));
        v.summary = what;
    };
    let mut source = p.path.clone();
    if case.batch != 1 {
        let variant = file("batch.mlir");
        let out = output(
            Command::new(&tools.python)
                .arg(manifest_dir().join("tests/programs/models/batch.py"))
                .arg(&source)
                .arg(case.batch.to_string()),
        );
        if !out.status.success() {
            let e = String::from_utf8_lossy(&out.stderr).into_owned();
            fail(&mut v, "bufferize", "batch.py fails".into(), e);
            return v;
        }
        fs::write(&variant, &out.stdout).expect("write the batch variant");
        source = variant;
    }
    if case.tosa {
        let linalg = file("linalg.mlir");
        if let Err(e) = tools.mlir_opt(&source, &[MODEL_PRE_TOSA], &linalg) {
            fail(&mut v, "bufferize", "tosa-to-linalg fails".into(), e);
            return v;
        }
        source = linalg;
    }
    let bufferized = file("bufferized.mlir");
    if let Err(e) = tools.mlir_opt(&source, MODEL_PRE, &bufferized) {
        fail(&mut v, "bufferize", "bufferization fails".into(), e);
        return v;
    }
    let input = file("input.mlir");
    if to_place.is_empty() {
        fs::copy(&bufferized, &input).expect("copy the bufferized model");
    } else if let Err(e) = tools.mlir_opt(&bufferized, to_place, &input) {
        fail(
            &mut v,
            "dealloc",
            format!("lowering to the place {place} fails"),
            e,
        );
        return v;
    }
    let out = output(
        bufreuse()
            .args(["--rewrite", "--stats"])
            .args(options)
            .arg(&input),
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        fail(
            &mut v,
            "rewrite",
            "bufreuse --rewrite refused the file".into(),
            head(&stderr, 20),
        );
        return v;
    }
    if let Some(line) = stderr.lines().find(|l| l.contains("left as it was read")) {
        fail(
            &mut v,
            "rewrite",
            "a function was kept out of the rewrite".into(),
            line.into(),
        );
    }
    let stats = parse_stats(&stderr);
    v.pooled = stats.iter().map(|s| s.1).sum();
    v.kept = stats.iter().map(|s| s.2).sum();
    let pooled = file("pooled.mlir");
    fs::write(&pooled, &out.stdout).expect("write the pooled model");
    if let Err(e) = tools.verify(&pooled) {
        fail(
            &mut v,
            "mlir-opt",
            "mlir-opt rejects the rewritten model".into(),
            e,
        );
        return v;
    }
    let runs = if after.is_empty() {
        pooled
    } else {
        let lowered = file("pooled.lowered.mlir");
        if let Err(e) = tools.mlir_opt(&pooled, after, &lowered) {
            fail(
                &mut v,
                "dealloc",
                "the passes after bufreuse fail".into(),
                e,
            );
            return v;
        }
        lowered
    };
    let run = tools.equiv(&[
        Path::new("--timeout"),
        Path::new("600"),
        Path::new("--run"),
        &runs,
    ]);
    let printed = String::from_utf8_lossy(&run.stdout).into_owned();
    if !run.status.success() {
        let detail = format!("{printed}{}", String::from_utf8_lossy(&run.stderr));
        fail(
            &mut v,
            "equiv",
            "the rewritten model does not run".into(),
            head(&detail, 20),
        );
        return v;
    }
    let expected = fs::read_to_string(&case.expected).expect("read the expected output");
    if printed != expected {
        fail(
            &mut v,
            "expected",
            format!(
                "the rewritten model does not print {}",
                case.expected.display()
            ),
            first_difference(&expected, &printed),
        );
        return v;
    }
    let before: u64 = stats.iter().map(|s| s.3).sum();
    let after_bytes: u64 = stats.iter().map(|s| s.4).sum();
    v.summary = format!(
        "EQUAL, {} pooled / {} kept, {before} -> {after_bytes} bytes",
        v.pooled, v.kept
    );
    v
}

/// The eight real networks of `tests/programs/models`, each lowered by MLIR 22 to the four
/// places of `MODEL_PLACES` (the TOSA models, of dynamic batch, not after
/// `--buffer-results-to-out-params`, but also run at batch `MODEL_BATCH`), rewritten by
/// bufreuse, lowered and run: each of the 36 prints its `expected.txt`, and no file or function
/// is refused.
fn real_models_print_the_same_at_every_place() {
    let cases = model_cases();
    assert_eq!(
        cases.len(),
        36,
        "8 models at 3 places, the 6 of static shapes at a fourth, the 2 TOSA ones at batch 3 too"
    );
    let tools = tools();
    let dir = scratch("models");
    let verdicts = par_map(&cases, |c| check_model_case(tools, c, &dir));
    let programs: Vec<Program> = cases.iter().map(|c| c.program.clone()).collect();
    finish(
        "real_models_print_the_same_at_every_place",
        &[
            "bufferize",
            "dealloc",
            "rewrite",
            "mlir-opt",
            "equiv",
            "expected",
        ],
        &programs,
        &verdicts,
    );
}

/// Seeds of the generated tensor programs (`gen_tensor_programs.py`): `0..TENSOR_SEEDS`.
const TENSOR_SEEDS: u32 = 12;

/// Random tensor programs (issue 34: helpers that return an argument, a fresh tensor sized by
/// a `tensor.dim` of an argument, or only read; `scf.for` with tensor `iter_args`, `scf.if`
/// yielding tensors, dynamic shapes), each bufferized by the real `one-shot-bufferize` and
/// rewritten at the three places, with and without `--pool-all`: every output accepted by
/// `mlir-opt`, every run equal to the program without bufreuse, nothing refused and no
/// function left as it was read (`tests/tools/tensor_programs_selftest.py` does the work).
fn generated_tensor_programs_print_the_same_at_three_places() {
    let tools = tools();
    let dir = scratch("tensor-programs");
    let out = output(
        Command::new(&tools.python)
            .arg(manifest_dir().join("tests/tools/tensor_programs_selftest.py"))
            .arg(format!("--seeds=0:{TENSOR_SEEDS}"))
            .arg("--bufreuse")
            .arg(env!("CARGO_BIN_EXE_bufreuse"))
            .arg("--mlir-opt")
            .arg(&tools.mlir_opt)
            .arg(format!("--jobs={THREADS}"))
            .arg("--keep")
            .arg(&dir),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    say(&indent(&stdout));
    assert!(
        out.status.success(),
        "some generated tensor programs failed (files under {}):\n{}{}",
        dir.display(),
        head(&stdout, 60),
        head(&String::from_utf8_lossy(&out.stderr), 20)
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert_eq!(last, format!("{TENSOR_SEEDS} passed, 0 failed"));
}
