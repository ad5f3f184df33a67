//! bufreuse: buffer reuse for MLIR memref IR.
//!
//! Data flows one way: text is read into a verified [`Module`] ([`read`]), analyzed into
//! every allocation's live interval and eligibility ([`analyze`]), pooled by the policy, which
//! hands plain buffers to the planner ([`pool`], [`plan`]; the planner knows nothing about
//! MLIR), and rewritten into pooled IR ([`rewrite`]) that [`print()`] prints again. Every error
//! is a [`Diagnostic`], rendered in one place ([`render`]); a call that fails returns them as
//! [`Diagnostics`], an error type.
//!
//! The calls that read, print or walk IR recurse over its nesting (brackets up to 15,000
//! deep, regions up to 1,000): each runs on a thread of its own with the stack that needs
//! ([`WORKER_STACK_BYTES`], committed only as touched), so any thread may call them.
//!
//! ```
//! let file = bufreuse::SourceFile::new(
//!     "chain.mlir",
//!     "func.func @f(%x: f32) {
//!        %a = memref.alloc() : memref<256xf32>
//!        linalg.fill ins(%x : f32) outs(%a : memref<256xf32>)
//!        %b = memref.alloc() : memref<256xf32>
//!        linalg.fill ins(%x : f32) outs(%b : memref<256xf32>)
//!        memref.dealloc %a : memref<256xf32>
//!        memref.dealloc %b : memref<256xf32>
//!        return
//!      }",
//! );
//! let mut module = bufreuse::read(&file).expect("valid IR");
//! let mut analysis = bufreuse::analyze(&module, &bufreuse::AnalysisOptions::default())?;
//! bufreuse::pool(&module, &mut analysis, &bufreuse::PoolOptions::default())?;
//! // Apart, both are held until the end: 2048 bytes; the pool takes 1024 (and 64 of padding).
//! assert_eq!(analysis.functions[0].pool_bytes, 1024);
//! let out = bufreuse::rewrite(&mut module, &file, &analysis)?;
//! assert!(out.text.contains("memref.view"));
//! # Ok::<(), bufreuse::Diagnostics>(())
//! ```
//!
//! The `bufreuse` command is the `command` module, behind the cargo feature `cli` (on by
//! default; it alone needs clap). A library user can leave it out with
//! `default-features = false`.
#![warn(missing_docs)]
// Every type of a public signature can be named by a user (and so is documented).
#![warn(unnameable_types)]

/// The stack of every thread that parses, builds, verifies or prints IR: the binary's worker,
/// the thread each library call runs on, and those the `parallel` module starts (the second
/// parsing thread in `parallel::split`, and every thread of `parallel::Threads`: the build of
/// a hole, verifying, printing, and the planner's ladder). They recurse over nested brackets
/// and regions, and the nesting limits are set so that nothing below them overflows this.
/// Only the pages touched are committed.
pub const WORKER_STACK_BYTES: usize = 1 << 30;

// The internal modules: private to the crate, and public (but hidden from the documentation,
// and not an API) under the cargo feature `internals`, which only the fuzz targets in `fuzz/`
// turn on. Each is declared twice, not through a macro, so that rustfmt finds it.
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod analysis;
#[cfg(not(feature = "internals"))]
mod analysis;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod diag;
#[cfg(not(feature = "internals"))]
mod diag;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod forms;
#[cfg(not(feature = "internals"))]
mod forms;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod ir;
#[cfg(not(feature = "internals"))]
mod ir;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod load;
#[cfg(not(feature = "internals"))]
mod load;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod parallel;
#[cfg(not(feature = "internals"))]
mod parallel;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod plan;
#[cfg(not(feature = "internals"))]
mod plan;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod policy;
#[cfg(not(feature = "internals"))]
mod policy;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod prefetch;
#[cfg(not(feature = "internals"))]
mod prefetch;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod rewrite;
#[cfg(not(feature = "internals"))]
mod rewrite;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod source;
#[cfg(not(feature = "internals"))]
mod source;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod stack;
#[cfg(not(feature = "internals"))]
mod stack;
#[cfg(feature = "internals")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod syntax;
#[cfg(not(feature = "internals"))]
mod syntax;

#[cfg(feature = "cli")]
#[doc(hidden)]
#[allow(missing_docs)]
pub mod command;

pub use analysis::calls::{CallCapture, Capture};
pub use analysis::lifetime::{Cause, InPlace};
pub use analysis::points::Interval;
pub use analysis::reason::Reason;
pub use analysis::report::JSON_SCHEMA_VERSION;
pub use analysis::size::DynamicSize;
pub use analysis::{
    Allocation, Analysis, FunctionReport, Offset, Options as AnalysisOptions, Pool,
};
pub use diag::{Diagnostic, Diagnostics, Note, Severity};
pub use ir::{Module, OpId, ValueId};
pub use plan::check::Violation;
pub use plan::{Buffer, Plan, PlanError, PlanOptions, Strategy, lower_bound};
pub use policy::Options as PoolOptions;
pub use rewrite::{FunctionStats, Rewritten};
pub use source::{SourceFile, Span};

/// Reads MLIR text into a verified module: parses it (on two threads when it is large),
/// builds the IR and verifies it. Errors are diagnostics that point into `file`.
///
/// ```
/// let file = bufreuse::SourceFile::new("bad.mlir", "func.func @f() {\n  %x = foo\n}\n");
/// let errors = bufreuse::read(&file).unwrap_err();
/// assert!(bufreuse::render(&file, &errors).starts_with("bad.mlir:2:"));
/// ```
pub fn read(file: &SourceFile) -> Result<Module, Diagnostics> {
    on_worker_stack("bufreuse-read", || load::load(file)).map_err(Diagnostics)
}

/// Prints a module as MLIR text, in the custom form of the ops that have one (the two halves
/// of a large block on two threads).
///
/// ```
/// let file = bufreuse::SourceFile::new("a.mlir", "func.func @f() { return }");
/// let module = bufreuse::read(&file).unwrap();
/// assert_eq!(bufreuse::print(&module), "func.func @f() {\n  return\n}\n");
/// ```
pub fn print(module: &Module) -> String {
    on_worker_stack("bufreuse-print", || {
        parallel::print_module(module).into_string()
    })
}

/// Analyzes every function of a module: each allocation's live interval, whether it may share
/// memory and, if not, every [`Reason`]; the peak live bytes and the naive total. It plans
/// nothing: the functions' pools are empty until [`pool`] fills them. Errors: sizes that
/// overflow 64 bits, alignments that are not powers of two. Suspicious but legal input is
/// reported in [`Analysis::warnings`].
///
/// ```
/// let file = bufreuse::SourceFile::new("f.mlir", "func.func @f(%n: index) {
///   %a = memref.alloca() : memref<4xf32>
///   %b = memref.alloc() : memref<8xf64>
///   memref.dealloc %b : memref<8xf64>
///   return
/// }");
/// let module = bufreuse::read(&file).unwrap();
/// let analysis = bufreuse::analyze(&module, &Default::default()).unwrap();
/// let f = &analysis.functions[0];
/// assert_eq!(f.allocations[0].reason(), Some(bufreuse::Reason::Alloca));
/// assert_eq!(f.allocations[1].bytes, Some(64));
/// assert!(f.allocations[1].eligible());
/// assert!(f.pools.is_empty() && !analysis.is_pooled());
/// ```
pub fn analyze(module: &Module, opts: &AnalysisOptions) -> Result<Analysis, Diagnostics> {
    on_worker_stack("bufreuse-analyze", || analysis::analyze(module, opts)).map_err(Diagnostics)
}

/// The pooling policy and the planner: groups the eligible allocations of each function by
/// memory space, leaves out members whose pooling saves nothing (the pool, with the padding
/// MLIR adds for its alignment, must not hold more than its members apart; unless
/// [`PoolOptions::pool_all`]), plans the offsets and checks every plan with the independent
/// checker. Fills in, in place, each function's pools, `pool_bytes` and its members' offsets:
/// the analysis is then pooled (see [`Analysis`]), and records [`PoolOptions::alignment`] for
/// the [`rewrite`]. Errors: a pool larger than [`PoolOptions::capacity`], a plan that fails
/// the checker, an `analysis` made of another module or pooled already. After an error the
/// analysis is partly filled in and not pooled: analyze again.
///
/// ```
/// # let file = bufreuse::SourceFile::new("f.mlir", "func.func @f() {
/// #   %a = memref.alloc() : memref<16xi32>
/// #   memref.dealloc %a : memref<16xi32>
/// #   %b = memref.alloc() : memref<8xi32>
/// #   memref.dealloc %b : memref<8xi32>
/// #   return
/// # }");
/// # let module = bufreuse::read(&file).unwrap();
/// let mut analysis = bufreuse::analyze(&module, &Default::default()).unwrap();
/// // Apart, %a and %b (each freed before the next is made) hold 64 bytes at most: a pool of
/// // 64 bytes, with 64 of padding, saves nothing, unless asked for anyway.
/// let all = bufreuse::PoolOptions { pool_all: true, ..Default::default() };
/// bufreuse::pool(&module, &mut analysis, &all).unwrap();
/// let f = &analysis.functions[0];
/// assert_eq!((f.naive_bytes, f.peak_live_bytes, f.pool_bytes), (96, 64, 64));
/// assert_eq!(f.allocations[1].offset, Some(bufreuse::Offset::Fixed(0)));
/// assert!(analysis.is_pooled());
/// // Once: the pools and offsets it holds are those of the options above.
/// assert!(bufreuse::pool(&module, &mut analysis, &Default::default()).is_err());
/// ```
pub fn pool(
    module: &Module,
    analysis: &mut Analysis,
    opts: &PoolOptions,
) -> Result<(), Diagnostics> {
    analysis.check_made_of(module, "pool")?;
    if analysis.is_pooled() {
        return Err(Diagnostics(vec![Diagnostic::file_error(
            "cannot pool: the analysis is pooled already (its pools and offsets are filled in)",
        )]));
    }
    on_worker_stack("bufreuse-pool", || policy::pool(module, analysis, opts)).map_err(Diagnostics)
}

/// Plans offsets for buffers with lifetimes, sizes and alignments (no MLIR involved): two
/// buffers live at once never share a byte. The result says whether it is proven optimal.
///
/// ```
/// use bufreuse::{Buffer, PlanOptions};
/// let buffers = [
///     Buffer { start: 0, end: 2, size: 100, align: 1 },
///     Buffer { start: 1, end: 3, size: 50, align: 1 },
///     Buffer { start: 2, end: 4, size: 100, align: 1 },
/// ];
/// let plan = bufreuse::plan(&buffers, &PlanOptions::default()).unwrap();
/// assert_eq!(plan.peak, 150);
/// assert!(plan.proven_optimal);
/// assert_eq!(bufreuse::check_plan(&buffers, &plan.offsets), Ok(150));
/// ```
pub fn plan(buffers: &[Buffer], opts: &PlanOptions) -> Result<Plan, PlanError> {
    plan::plan(buffers, opts)
}

/// The independent checker of a plan: every offset aligned, and no two buffers live at once
/// overlapping. Returns the plan's peak (its highest end), or every violation.
///
/// ```
/// use bufreuse::Buffer;
/// let b = Buffer { start: 0, end: 1, size: 8, align: 8 };
/// assert!(bufreuse::check_plan(&[b, b], &[0, 4]).is_err());
/// assert_eq!(bufreuse::check_plan(&[b, b], &[0, 8]), Ok(16));
/// ```
pub fn check_plan(buffers: &[Buffer], offsets: &[u64]) -> Result<u64, Vec<Violation>> {
    plan::check::check(buffers, offsets)
}

/// Rewrites the pooled allocations of a module into views of one `i8` pool per function and
/// memory space, checks the result and prints it. The check reads only the rewritten module
/// and computes its own live intervals: no two views live at once may share a byte, every view
/// lies inside its pool aligned to the [`PoolOptions::alignment`] it was pooled with, and every
/// value is used where it is defined (sizes with the [`AnalysisOptions::index_bytes`] it was
/// analyzed with). A failed check is an error, never a wrong output. `file` is the text the
/// module was read from, for the locations. `analysis` must be pooled ([`pool`]) and of this
/// module as it stands: the rewrite changes the module, and an analysis made before is then
/// an error.
///
/// ```
/// # let file = bufreuse::SourceFile::new("f.mlir", "func.func @f() {
/// #   %a = memref.alloc() : memref<16xi32>
/// #   memref.dealloc %a : memref<16xi32>
/// #   %b = memref.alloc() : memref<16xi32>
/// #   memref.dealloc %b : memref<16xi32>
/// #   return
/// # }");
/// let mut module = bufreuse::read(&file)?;
/// let mut analysis = bufreuse::analyze(&module, &Default::default())?;
/// let all = bufreuse::PoolOptions { pool_all: true, ..Default::default() };
/// bufreuse::pool(&module, &mut analysis, &all)?;
/// let out = bufreuse::rewrite(&mut module, &file, &analysis)?;
/// // One pool of 64 bytes, aligned to 64, for both buffers, at offset 0.
/// assert!(out.text.contains("memref.alloc() {alignment = 64 : i64} : memref<64xi8>"));
/// assert_eq!(out.text.matches("memref.view").count(), 2);
/// assert_eq!(out.stats[0].pooled, 2);
/// // The module has changed: the analysis no longer fits it.
/// assert!(bufreuse::rewrite(&mut module, &file, &analysis).is_err());
/// # Ok::<(), bufreuse::Diagnostics>(())
/// ```
pub fn rewrite(
    module: &mut Module,
    file: &SourceFile,
    analysis: &Analysis,
) -> Result<Rewritten, Diagnostics> {
    analysis.check_made_of(module, "rewrite")?;
    let opts = rewrite::Options::of(analysis)?;
    on_worker_stack("bufreuse-rewrite", || {
        let stats = rewrite::rewrite_checked(module, file, analysis, &opts);
        module.restamp();
        Ok(Rewritten {
            stats: stats?,
            text: print(module),
        })
    })
    .map_err(Diagnostics)
}

/// The report of `bufreuse --analyze`, as text or as JSON (the schema is
/// `docs/analyze.schema.json`, version [`JSON_SCHEMA_VERSION`]), of a pooled analysis: each
/// allocation's status and offset, each pool. `file` is the text the module was read from, for
/// the locations. Errors: an `analysis` made of another module, or not pooled ([`pool`]).
///
/// ```
/// # let file = bufreuse::SourceFile::new("f.mlir", "func.func @f() {
/// #   %a = memref.alloc() : memref<16xi32>
/// #   memref.dealloc %a : memref<16xi32>
/// #   return
/// # }");
/// # let module = bufreuse::read(&file).unwrap();
/// let mut analysis = bufreuse::analyze(&module, &Default::default()).unwrap();
/// bufreuse::pool(&module, &mut analysis, &Default::default()).unwrap();
/// let json = bufreuse::report(&module, &file, &analysis, bufreuse::ReportFormat::Json)?;
/// let version = format!("{{\n  \"schema_version\": {},", bufreuse::JSON_SCHEMA_VERSION);
/// assert!(json.starts_with(&version));
/// # Ok::<(), bufreuse::Diagnostics>(())
/// ```
pub fn report(
    module: &Module,
    file: &SourceFile,
    analysis: &Analysis,
    format: ReportFormat,
) -> Result<String, Diagnostics> {
    analysis.check_made_of(module, "report")?;
    analysis.check_pooled("report")?;
    Ok(on_worker_stack("bufreuse-report", || match format {
        ReportFormat::Text => analysis::report::text(module, file, analysis),
        ReportFormat::Json => analysis::report::json(module, file, analysis),
    }))
}

/// One remark per allocation that may not share memory, saying why, with a note at the op that
/// caused it (`bufreuse --analyze --remarks`). They read only what [`analyze`] found: the
/// analysis may be pooled or not. Error: an `analysis` made of another module.
///
/// ```
/// let file = bufreuse::SourceFile::new("f.mlir", "func.func @f() -> memref<4xf32> {
///   %a = memref.alloc() : memref<4xf32>
///   return %a : memref<4xf32>
/// }");
/// let module = bufreuse::read(&file)?;
/// let analysis = bufreuse::analyze(&module, &Default::default())?;
/// let remarks = bufreuse::remarks(&module, &analysis)?;
/// let text = bufreuse::render(&file, &remarks);
/// assert!(text.starts_with("f.mlir:2:3: remark: %a cannot share memory [escapes-return]"));
/// assert!(text.contains("f.mlir:3:3: note: returned here ('func.return')"));
/// # Ok::<(), bufreuse::Diagnostics>(())
/// ```
pub fn remarks(module: &Module, analysis: &Analysis) -> Result<Vec<Diagnostic>, Diagnostics> {
    analysis.check_made_of(module, "make remarks")?;
    Ok(on_worker_stack("bufreuse-remarks", || {
        analysis::report::remarks(module, analysis)
    }))
}

/// The format of [`report`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// The human-readable table.
    Text,
    /// JSON, as `docs/analyze.schema.json` describes it.
    Json,
}

/// Renders diagnostics the way the command prints them: `file:line:col: error: message`, the
/// source line and a caret, then the notes.
///
/// ```
/// let file = bufreuse::SourceFile::new("f.mlir", "func.func @f() {\n  %x = foo\n}\n");
/// let errors = bufreuse::read(&file).unwrap_err();
/// assert_eq!(
///     bufreuse::render(&file, &errors),
///     "f.mlir:2:8: error: unexpected 'foo'; expected string or 'module' or 'constant'\n  \
///      %x = foo\n       ^^^\n",
/// );
/// ```
pub fn render(file: &SourceFile, diagnostics: &[Diagnostic]) -> String {
    diag::render(file, diagnostics)
}

/// Runs `f` on a thread with the stack the IR's recursions need, named `name` (see the crate
/// documentation).
fn on_worker_stack<R: Send>(name: &str, f: impl FnOnce() -> R + Send) -> R {
    stack::with_stack(WORKER_STACK_BYTES, name, f)
}
