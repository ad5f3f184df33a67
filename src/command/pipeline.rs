//! Runs the stages of one mode on one chunk of input: parse, build, then print, analyze or
//! rewrite.

use super::cli::{Cli, Format, Mode};
use super::timing::Timing;
use super::{Output, Teardown};
use crate::analysis::{self, Analysis};
use crate::diag::{self, Diagnostic};
use crate::ir::Module;
use crate::load::load_then;
use crate::plan::{PlanOptions, Strategy};
use crate::source::SourceFile;
use crate::{policy, rewrite};
use std::collections::{BTreeMap, HashSet};

/// Analysis options from the command line.
fn analysis_options(cli: &Cli) -> analysis::Options {
    analysis::Options {
        index_bytes: u64::from(cli.index_bitwidth / 8),
        assume_nocapture: cli.assume_nocapture.iter().cloned().collect(),
        before_dealloc: cli.before_dealloc,
        dynamic_pools: !cli.no_dynamic_pools,
        live_from_first_use: !cli.live_from_alloc,
        in_place: !cli.no_in_place,
    }
}

/// Pooling and planning options from the command line; the functions of `keep_out` are left
/// unpooled.
fn policy_options(cli: &Cli, keep_out: &KeptOut) -> policy::Options {
    let mut plan = PlanOptions::with_time_limit(Strategy::from(cli.planner), cli.search_time());
    plan.verify = cli.verify_plan;
    policy::Options {
        alignment: cli.alignment(),
        plan,
        capacity: cli.capacity,
        pool_all: cli.pool_all,
        keep_out: keep_out.clone(),
    }
}

/// The functions left as they were read because the check of their rewrite failed, by name,
/// with the check's messages.
type KeptOut = BTreeMap<String, String>;

/// Loads, analyzes and pools one file, leaving the functions of `keep_out` unpooled; warnings
/// are rendered into the returned string. With `for_report`, the line table a report looks
/// its lines up in is built on the way.
fn analyze(
    file: &SourceFile,
    cli: &Cli,
    keep_out: &KeptOut,
    for_report: bool,
    timing: &mut Timing,
) -> Result<(Module, Analysis, String), Vec<Diagnostic>> {
    // The analysis' use lists and numbering are made while the module is verified.
    let (module, structure) = load_then(file, analysis::Structure::of_module)?;
    timing.stage("parse, build and verify");
    let mut analysis = analysis::analyze_with(&module, &structure, &analysis_options(cli))?;
    drop(structure);
    timing.stage("analyze");
    let mut pool = || policy::pool(&module, &mut analysis, &policy_options(cli, keep_out));
    if for_report {
        // The report's line table is built while the planner starts (its first steps run
        // on one thread).
        let large = module.ops.len() >= crate::parallel::APART_MIN_OPS;
        crate::parallel::side_by_side(large, "bufreuse-lines", || file.index_lines(), pool).1?;
    } else {
        pool()?;
    }
    timing.stage("plan");
    let mut stderr = diag::render(file, &analysis.warnings);
    if cli.remarks {
        stderr.push_str(&diag::render(
            file,
            &analysis::report::remarks(&module, &analysis),
        ));
    }
    Ok((module, analysis, stderr))
}

/// Runs the mode's stages on one chunk.
pub(super) fn run(
    file: &SourceFile,
    cli: &Cli,
    teardown: Teardown,
    timing: &mut Timing,
) -> Result<Output, Vec<Diagnostic>> {
    match cli.mode() {
        Mode::Print => {
            let (module, stdout) = load_then(file, crate::parallel::print_module)?;
            timing.stage("parse, build, verify and print");
            teardown.end(module);
            Ok(Output {
                stdout,
                ..Output::default()
            })
        }
        Mode::Analyze => analyze_file(file, cli, teardown, timing),
        Mode::Rewrite => rewrite_file(file, cli, teardown, timing),
        Mode::Plan => Err(vec![Diagnostic::file_error("--plan reads CSV, not MLIR")]),
    }
}

/// `--analyze`: analyze, report, then rewrite and check as `--rewrite` would, so that the
/// report says which functions `--rewrite` leaves as they were read (and why).
fn analyze_file(
    file: &SourceFile,
    cli: &Cli,
    teardown: Teardown,
    timing: &mut Timing,
) -> Result<Output, Vec<Diagnostic>> {
    let (module, (stdout, panels, analysis), stderr) =
        until_checked(file, cli, true, timing, |module, analysis, timing| {
            let stdout = match cli.format {
                Format::Text => analysis::report::text(module, file, &analysis),
                Format::Json => analysis::report::json(module, file, &analysis),
            };
            let panels = plot_panels(module, &analysis, cli);
            timing.stage("report");
            // The report is made: the module can now be rewritten in place for the check.
            let (_, pools) = rewrite::rewrite(module, &analysis, cli_sabotage(cli), false);
            timing.stage("rewrite");
            ((stdout, panels, analysis), pools)
        })?;
    teardown.end((module, analysis));
    Ok(Output {
        stdout: stdout.into(),
        stderr,
        panels,
    })
}

/// Loads, analyzes and pools `file`, then `rewrite` rewrites the module (it gets the analysis
/// and returns what it keeps of it and the pools it made), and the rewrite is checked. A
/// function whose rewrite fails the check is left out of the pools and the whole is done
/// again (`keep_out_failed`). Returns the checked module, what `rewrite` returned, and the
/// rendered warnings.
fn until_checked<T>(
    file: &SourceFile,
    cli: &Cli,
    for_report: bool,
    timing: &mut Timing,
    mut rewrite: impl FnMut(&mut Module, Analysis, &mut Timing) -> (T, HashSet<String>),
) -> Result<(Module, T, String), Vec<Diagnostic>> {
    let mut keep_out = KeptOut::new();
    loop {
        let (mut module, analysis, stderr) = analyze(file, cli, &keep_out, for_report, timing)?;
        let opts = rewrite_options(cli, &analysis)?;
        let (kept, pools) = rewrite(&mut module, analysis, timing);
        let checked = rewrite::check(&module, file, &pools, &opts);
        timing.stage("check");
        match checked {
            Ok(()) => return Ok((module, kept, stderr)),
            Err(failed) => keep_out_failed(failed, cli, &mut keep_out)?,
        }
    }
}

/// The test-only sabotage of `--debug-break-plan`.
fn cli_sabotage(cli: &Cli) -> rewrite::Sabotage {
    rewrite::Sabotage {
        break_plan: cli.debug_break_plan,
    }
}

/// The rewrite options of the pooled `analysis` (`--alignment`, `--index-bitwidth`, as the
/// analysis and the pooling had them), with the test-only flags of the command line.
fn rewrite_options(cli: &Cli, analysis: &Analysis) -> Result<rewrite::Options, Vec<Diagnostic>> {
    Ok(rewrite::Options {
        sabotage: cli_sabotage(cli),
        skip_check: cli.debug_skip_verify,
        ..rewrite::Options::of(analysis)?
    })
}

/// After a failed check: adds the functions at fault to `keep_out`, so that the next try
/// leaves them as they were read. The failure itself is returned (an error) with
/// `--strict-check`, or when no function is left to take out (the check fails outside the
/// functions, or in ones already kept out).
fn keep_out_failed(
    failed: rewrite::CheckFailed,
    cli: &Cli,
    keep_out: &mut KeptOut,
) -> Result<(), Vec<Diagnostic>> {
    let new: Vec<(String, Vec<String>)> = failed
        .functions
        .into_iter()
        .filter(|(name, _)| !name.is_empty() && !keep_out.contains_key(name))
        .collect();
    if cli.strict_check || new.is_empty() {
        return Err(vec![failed.error]);
    }
    for (name, messages) in new {
        keep_out.insert(name, messages.join("; "));
    }
    Ok(())
}

/// `--rewrite`: analyze, rewrite, check the rewritten module, print it. A function whose
/// rewrite fails the check is left as it was read (the file is read again without its pool),
/// with a warning; with `--strict-check` the failure is an error.
fn rewrite_file(
    file: &SourceFile,
    cli: &Cli,
    teardown: Teardown,
    timing: &mut Timing,
) -> Result<Output, Vec<Diagnostic>> {
    map_large_blocks();
    let (module, (stats, panels), mut stderr) =
        until_checked(file, cli, false, timing, |module, analysis, timing| {
            let panels = plot_panels(module, &analysis, cli);
            // The mallocs per call are counted for `--stats` only (they take two walks).
            let (stats, pools) = rewrite::rewrite(module, &analysis, cli_sabotage(cli), cli.stats);
            // The analysis is not needed any more: free it before the check and the printed
            // text, which make the peaks of the run's memory.
            drop(analysis);
            timing.stage("rewrite");
            ((stats, panels), pools)
        })?;
    let stdout = crate::parallel::print_module(&module);
    timing.stage("print");
    teardown.end(module);
    if cli.stats {
        for s in &stats {
            let mallocs = |n: Option<u64>| n.map_or("?".to_string(), |n| n.to_string());
            stderr.push_str(&format!(
                "{}: @{}: {} allocations pooled, {} kept; {} bytes -> {} bytes; mallocs per call {} -> {}",
                file.name,
                s.name,
                s.pooled,
                s.kept,
                s.bytes_before,
                s.bytes_after,
                mallocs(s.mallocs_before),
                mallocs(s.mallocs_after)
            ));
            if let Some(message) = &s.kept_out {
                stderr.push_str(&format!(
                    "; kept out of the rewrite: the check of its rewrite failed: {message}"
                ));
            }
            stderr.push('\n');
        }
    }
    Ok(Output {
        stdout,
        stderr,
        panels,
    })
}

fn plot_panels(module: &Module, analysis: &Analysis, cli: &Cli) -> Vec<super::plot::Panel> {
    if cli.plot.is_some() {
        super::plot::analysis_panels(module, analysis, cli.capacity)
    } else {
        Vec::new()
    }
}

/// From here on, has the allocator map every block of 1 MiB or more on its own. glibc's
/// threshold for that adapts upwards as large blocks are freed, after which blocks below it
/// come from the heap, where a growing one is copied and freed space is kept. Only
/// `--rewrite`, which holds the module, the check's tables and the printed text at once,
/// peaks lower with it (bench/frontend/RESULTS.md, the run at de8e9b3); the other modes keep
/// the default.
fn map_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` changes a tunable of the allocator; it touches no memory of ours.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
