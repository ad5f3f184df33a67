//! Command-line options, in the style of `mlir-opt`: one input file (or `-`), `-o FILE`,
//! `--split-input-file`, and one mode flag (`--analyze`, `--rewrite`, `--plan`).

use crate::plan::Strategy;
use clap::{Parser, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// What the run does with its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Parse, verify and print the IR again.
    Print,
    /// Report lifetimes, eligibility, peak and pool size.
    Analyze,
    /// Pool the eligible allocations of each function.
    Rewrite,
    /// Plan offsets for a MiniMalloc CSV instance.
    Plan,
}

/// Which offset planner to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PlannerChoice {
    /// Greedy portfolio, then the exact search within the time limit.
    #[default]
    Auto,
    /// Greedy portfolio only.
    Greedy,
    /// Exact branch-and-bound search (seeded by the greedy result).
    Exact,
    /// One buffer after another, no reuse (the baseline).
    Naive,
}

/// Report format for `--analyze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
}

#[derive(Parser, Debug, Clone)]
#[command(
    name = "bufreuse",
    version,
    about = "Buffer reuse for MLIR memref IR: reports allocation lifetimes and merges \
             allocations whose lifetimes never overlap into one aligned pool per function.",
    after_help = "Exit status: 0 on success, 1 on any error in the input or the options."
)]
pub struct Cli {
    /// Input file (`-` or nothing for standard input). With `--plan`, a MiniMalloc CSV file.
    pub input: Option<PathBuf>,

    /// Output file; written only when the whole run succeeds.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Report every allocation's live interval, eligibility, peak live bytes and pool size.
    #[arg(long, conflicts_with_all = ["rewrite", "plan"])]
    pub analyze: bool,

    /// Merge the eligible allocations of each function into one pool and print the IR.
    #[arg(long, conflicts_with = "plan")]
    pub rewrite: bool,

    /// Plan offsets for a MiniMalloc CSV instance (`id,lower,upper,size[,alignment]`).
    #[arg(long)]
    pub plan: bool,

    /// Split the input at `// -----` lines and process each chunk on its own.
    #[arg(long)]
    pub split_input_file: bool,

    /// Report format for `--analyze`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// With `--analyze`: one remark per allocation that may not be pooled, on stderr.
    #[arg(long)]
    pub remarks: bool,

    /// With `--rewrite`: per-function statistics on stderr.
    #[arg(long)]
    pub stats: bool,

    /// Minimum alignment of the pool and of every offset in it (a power of two; default 64).
    /// With `--plan`, the alignment of every buffer of a CSV without an `alignment` column
    /// (default 1 there).
    #[arg(long, value_name = "N")]
    pub alignment: Option<u64>,

    /// Offset planner.
    #[arg(long, value_enum, default_value_t = PlannerChoice::Auto)]
    pub planner: PlannerChoice,

    /// Time limit in seconds for the exact search (a cut-off; the search budget is counted in nodes).
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS")]
    pub time_limit: f64,

    /// Fail when the plan needs more than this many bytes.
    #[arg(long, value_name = "BYTES")]
    pub capacity: Option<u64>,

    /// Pool every eligible allocation even where the pool makes the function hold more than
    /// the allocations apart did at their peak (fewer mallocs, more bytes). By default the
    /// smallest ones stay separate then, and a pool of run-time size is used only where it
    /// costs no more when the function runs.
    #[arg(long)]
    pub pool_all: bool,

    /// The input comes straight from bufferization, before deallocation (as after
    /// `--one-shot-bufferize`): allocations without a dealloc are pooled, ending at their last
    /// use, and the pools get no dealloc; run `--buffer-deallocation-pipeline` afterwards.
    #[arg(long)]
    pub before_dealloc: bool,

    /// Leave allocations with dynamic dimensions out of the pools (reason `dynamic-shape`),
    /// so that every pool has a size known at compile time. By default they are pooled when
    /// their sizes are known at the start of the function, with offsets computed there.
    #[arg(long)]
    pub no_dynamic_pools: bool,

    /// Start each buffer's live interval at its allocation instead of at its first use (the
    /// op of its block that first uses it or an alias), to compare with the shorter intervals.
    #[arg(long)]
    pub live_from_alloc: bool,

    /// Never let an elementwise op write its output in place over an input that dies there
    /// (by default such a pair shares one offset).
    #[arg(long)]
    pub no_in_place: bool,

    /// Check every plan with the independent checker, also in release builds.
    #[arg(long)]
    pub verify_plan: bool,

    /// Make a failed check of the rewritten IR an error (exit 1, nothing written). By
    /// default a function whose rewrite fails the check is left as it was read, with a
    /// warning, and every other function is rewritten.
    #[arg(long)]
    pub strict_check: bool,

    /// Bit width of `index` (sets its byte size).
    #[arg(long, default_value_t = 64, value_name = "BITS")]
    pub index_bitwidth: u32,

    /// Ops that read and write their memref operands without capturing them, and, written
    /// `@name`, external functions whose arguments are never captured (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "OP,OP")]
    pub assume_nocapture: Vec<String>,

    /// Test only: put every buffer of a pool at offset 0 (the checks must catch it).
    #[arg(long, hide = true)]
    pub debug_break_plan: bool,

    /// Test only: skip the check of the rewritten IR (to show that a broken plan miscompiles).
    #[arg(long, hide = true)]
    pub debug_skip_verify: bool,

    /// Print the wall time of each stage of the run (read, parse and build, analyze, plan,
    /// rewrite, check, print, write) to stderr at the end, like `mlir-opt --mlir-timing`.
    #[arg(long)]
    pub timing: bool,

    /// Write an SVG picture of the memory plan.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

/// The pool alignment when `--alignment` is not given.
pub const DEFAULT_ALIGNMENT: u64 = 64;

impl Cli {
    /// The pool alignment: `--alignment`, or `DEFAULT_ALIGNMENT`.
    pub fn alignment(&self) -> u64 {
        self.alignment.unwrap_or(DEFAULT_ALIGNMENT)
    }

    /// `--time-limit` as a duration, clamped to what `Duration` holds (`run` has checked
    /// that it is a non-negative number).
    pub fn search_time(&self) -> Duration {
        Duration::try_from_secs_f64(self.time_limit).unwrap_or(Duration::MAX)
    }

    pub fn mode(&self) -> Mode {
        if self.analyze {
            Mode::Analyze
        } else if self.rewrite {
            Mode::Rewrite
        } else if self.plan {
            Mode::Plan
        } else {
            Mode::Print
        }
    }
}

impl From<PlannerChoice> for Strategy {
    fn from(choice: PlannerChoice) -> Strategy {
        match choice {
            PlannerChoice::Auto => Strategy::Auto,
            PlannerChoice::Greedy => Strategy::Greedy,
            PlannerChoice::Exact => Strategy::Exact,
            PlannerChoice::Naive => Strategy::Naive,
        }
    }
}
