//! The rewrite: turns the analysis' plan into IR. In each function with a pool, one aligned
//! `i8` allocation per memory space is made at the start of the entry block, each pooled
//! `memref.alloc` becomes a `memref.view` of it at the planned offset (same name, same type, so
//! every use stays untouched), the deallocs of pooled allocations disappear, and the pool is
//! deallocated before every `func.return` (not when the analysis was made for IR before
//! deallocation: the deallocation pass that runs later frees the pool). A
//! `bufferization.dealloc` that frees pooled buffers is replaced by one without them (or
//! dropped when nothing is left for it to do). Ops are added and order lists edited; op data
//! of the input is never moved, except into the `scf.if` ops below.
//!
//! A pool of run-time size whose members are freed by `memref.dealloc` where they live may
//! cost more than the members apart (for small sizes, MLIR's padding for the pool's alignment
//! alone does): the prologue then compares the pool with the most bytes the members would
//! hold at once apart (`%use_pool`), the pool is `scf.if %use_pool` of the allocation or else
//! an empty `memref.alloca`, each member `scf.if %use_pool` of its view or else its own
//! allocation, and each of its frees runs in the else branch of an `scf.if %use_pool`.

pub mod verify;

use crate::analysis::size::{DimTerm, Guard, guard};
use crate::analysis::{Analysis, FunctionReport, Offset, Pool};
use crate::diag::Diagnostic;
use crate::ir::edit::Edits;
use crate::ir::ops::{self, Allocates, Choice, Memory, Regions, Trips};
use crate::ir::types::{Attr, Dim, MemRefType, Type};
use crate::ir::{BlockId, Module, OpData, OpId, RegionId, ValueDef, ValueId};
use crate::source::{SourceFile, Span};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// What the rewrite did to one function, for `--stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionStats {
    /// The function's symbol name.
    pub name: String,
    /// Allocations now in a pool.
    pub pooled: usize,
    /// Allocations left as they were.
    pub kept: usize,
    /// Bytes of the pooled allocations before (their sum) and after (the pool sizes).
    pub bytes_before: u64,
    /// The pool sizes.
    pub bytes_after: u64,
    /// `memref.alloc` executions per call before and after; `None` where a loop's trip count
    /// is not a constant, or where they were not counted (`rewrite`'s `count_mallocs`).
    pub mallocs_before: Option<u64>,
    /// `memref.alloc` executions per call after.
    pub mallocs_after: Option<u64>,
    /// Why the function was left as it was read, when its rewrite failed the check.
    pub kept_out: Option<String>,
}

/// Test-only: place every buffer of a pool at offset 0, to prove that the checks catch it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sabotage {
    /// Put every pooled buffer at offset 0.
    pub break_plan: bool,
}

/// How `rewrite_checked` rewrites and checks: what the pooled analysis records
/// (`Options::of`), and the test-only flags.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `--alignment` the pools were planned for: every offset must be a multiple of it.
    pub alignment: u64,
    /// Byte size of `index`, for the sizes the check evaluates.
    pub index_bytes: u64,
    /// Test-only: break the plan on purpose.
    pub sabotage: Sabotage,
    /// Test-only: leave out the check of the output, to show that it is what catches a
    /// broken plan.
    pub skip_check: bool,
}

impl Options {
    /// The options of the rewrite of `analysis`, as its analysis and its pooling were made:
    /// no option is given twice. Error: an analysis not pooled.
    pub fn of(analysis: &Analysis) -> Result<Options, Vec<Diagnostic>> {
        Ok(Options {
            alignment: analysis.check_pooled("rewrite")?,
            index_bytes: analysis.index_bytes,
            sabotage: Sabotage::default(),
            skip_check: false,
        })
    }
}

/// The output of `bufreuse::rewrite`.
#[derive(Clone, Debug)]
pub struct Rewritten {
    /// The rewritten module, printed.
    pub text: String,
    /// What the rewrite did to each function.
    pub stats: Vec<FunctionStats>,
}

/// Rewrites `m` (see `rewrite`) and checks the rewritten module in memory: no two pooled
/// buffers live at once may share a byte, and every value is used where it is defined
/// (`verify::check`, which reads only the IR and computes its own live intervals). A failed
/// check is an internal error; then `m` must not be printed. Returns what the rewrite did to
/// each function. `file` is the text `m` was read from.
pub fn rewrite_checked(
    m: &mut Module,
    file: &SourceFile,
    analysis: &Analysis,
    opts: &Options,
) -> Result<Vec<FunctionStats>, Vec<Diagnostic>> {
    let (stats, pools) = rewrite(m, analysis, opts.sabotage, true);
    check(m, file, &pools, opts).map_err(|failed| {
        // The error names the functions at fault, for a caller that would leave them out.
        let note = |(name, messages): (String, Vec<String>)| {
            format!("in @{name}: {}", messages.join("; "))
        };
        let error = failed
            .functions
            .into_iter()
            .fold(failed.error, |e, f| e.with_note(None, note(f)));
        vec![error]
    })?;
    Ok(stats)
}

/// A rewrite that failed its check.
#[derive(Debug)]
pub struct CheckFailed {
    /// The functions whose rewrite is wrong, by symbol name, each with the check's messages.
    pub functions: Vec<(String, Vec<String>)>,
    /// The internal error that says it all, with the failing ops shown in the printed output.
    pub error: Diagnostic,
}

/// The check of `rewrite_checked`, on its own: a caller that no longer needs the analysis
/// can free it first (the check's tables and the analysis together are the peak of the
/// memory of `--rewrite`). `pools` are the pools `rewrite` made.
pub fn check(
    m: &Module,
    file: &SourceFile,
    pools: &HashSet<String>,
    opts: &Options,
) -> Result<(), CheckFailed> {
    if pools.is_empty() || opts.skip_check {
        return Ok(());
    }
    let failures = verify::check(m, pools, opts.alignment, opts.index_bytes);
    if failures.is_empty() {
        return Ok(());
    }
    let functions = failures
        .iter()
        .map(|f| {
            let messages = f.errors.iter().map(|d| {
                let text = d
                    .message
                    .strip_prefix(verify::FAILS_ITS_CHECK)
                    .unwrap_or(&d.message);
                text.to_string()
            });
            (m.sym_name(f.func).unwrap_or_default(), messages.collect())
        })
        .collect();
    let errors: Vec<Diagnostic> = failures.into_iter().flat_map(|f| f.errors).collect();
    Err(CheckFailed {
        functions,
        error: failed_check(m, file, pools, opts, &errors),
    })
}

/// The internal error of a failed check. The spans of the module in memory point into the
/// input (the rewrite's own ops borrow the spans of the ops they replace), so on this path
/// only the module is printed, parsed again and checked again, and the errors found in the
/// printed text are shown there; if the printed text does not fail the same way, the errors
/// found in memory are shown in the input `file`.
fn failed_check(
    m: &Module,
    file: &SourceFile,
    pools: &HashSet<String>,
    opts: &Options,
    errors: &[Diagnostic],
) -> Diagnostic {
    let printed = SourceFile::new(
        format!("{} (rewritten)", file.name),
        crate::parallel::print_module(m).into_string(),
    );
    let rendered = match crate::load::load(&printed) {
        Ok(reparsed) => {
            let again: Vec<Diagnostic> =
                verify::check(&reparsed, pools, opts.alignment, opts.index_bytes)
                    .into_iter()
                    .flat_map(|f| f.errors)
                    .collect();
            (!again.is_empty()).then(|| crate::diag::render(&printed, &again))
        }
        Err(d) => Some(format!(
            "the rewritten IR does not parse again\n{}",
            crate::diag::render(&printed, &d)
        )),
    };
    let rendered = rendered.unwrap_or_else(|| crate::diag::render(file, errors));
    Diagnostic::file_error(format!(
        "internal error: the rewrite produced IR that fails its check; no output was written\n{rendered}"
    ))
}

/// Rewrites every function that has a pool. Returns per-function statistics (for every
/// function, pooled or not) and the names of the pools it made (none: nothing changed).
/// `count_mallocs`: count the `memref.alloc` executions per call before and after (two walks
/// of every function); without it the statistics leave them `None`.
pub fn rewrite(
    m: &mut Module,
    analysis: &Analysis,
    sabotage: Sabotage,
    count_mallocs: bool,
) -> (Vec<FunctionStats>, HashSet<String>) {
    let mallocs = |m: &Module, func: OpId| {
        if count_mallocs {
            mallocs_per_call(m, func)
        } else {
            None
        }
    };
    let mut names = Names::of(m);
    let mut stats = Vec::new();
    let mut pools = HashSet::new();
    for f in &analysis.functions {
        let mallocs_before = mallocs(m, f.func);
        if !f.pools.is_empty() {
            let free_pools = !analysis.before_dealloc;
            pools.extend(rewrite_function(m, f, &mut names, sabotage, free_pools));
        }
        let pooled: Vec<_> = f
            .allocations
            .iter()
            .filter(|a| a.offset.is_some())
            .collect();
        stats.push(FunctionStats {
            name: f.name.clone(),
            pooled: pooled.len(),
            kept: f.allocations.len() - pooled.len(),
            bytes_before: pooled.iter().filter_map(|a| a.bytes).sum(),
            bytes_after: f.pool_bytes,
            mallocs_before,
            mallocs_after: mallocs(m, f.func),
            kept_out: f.kept_out.clone(),
        });
    }
    (stats, pools)
}

/// The value names in use, kept as hashes (a word each, not a copy of every name of the
/// module): a name is free when its hash is not taken, so a collision only makes `fresh`
/// pass over a name that was free.
struct Names {
    /// Hashes of the names taken.
    taken: FxHashSet<u64>,
    /// Per base name, the first suffix `fresh` has not tried yet: the ones before it were
    /// taken and stay taken, so a base asked for in every function is not searched from
    /// `_0` each time.
    next_suffix: FxHashMap<Box<str>, u32>,
}

impl Names {
    fn of(m: &Module) -> Names {
        Names {
            taken: m.values.iter().map(|v| Names::hash(&v.name)).collect(),
            next_suffix: FxHashMap::default(),
        }
    }

    fn hash(name: &str) -> u64 {
        let mut hasher = FxHasher::default();
        name.hash(&mut hasher);
        hasher.finish()
    }

    /// `base`, or else the first of `base_0`, `base_1`, ... that is free; it is taken from
    /// now on. The name is always one MLIR reads: an id that starts with a digit must be all
    /// digits, so `%0_bytes` becomes `%v0_bytes`, the suffixes of a taken `%0` go on `%v0`
    /// (`%v0_0`, not `%0_0`), and a result number (`%3#1`) becomes part of the id (`%v3_1`).
    fn fresh(&mut self, base: &str) -> Box<str> {
        let id = base.trim_start_matches('%').replace('#', "_");
        let numbered = id.starts_with(|c: char| c.is_ascii_digit());
        let first = if numbered && !id.chars().all(|c| c.is_ascii_digit()) {
            format!("%v{id}")
        } else {
            format!("%{id}")
        };
        if self.taken.insert(Names::hash(&first)) {
            return first.into();
        }
        let stem = if numbered { format!("%v{id}") } else { first };
        let next = self.next_suffix.entry(stem.as_str().into()).or_insert(0);
        loop {
            let candidate = format!("{stem}_{next}");
            *next += 1;
            if self.taken.insert(Names::hash(&candidate)) {
                return candidate.into();
            }
        }
    }
}

/// Adds an op named `name` with `operands`, inherent attributes `props` and one result per
/// `(name, type)`; returns it and its results. The op stands in no block yet.
fn new_op(
    m: &mut Module,
    name: &str,
    operands: Vec<ValueId>,
    props: Vec<(Box<str>, Attr)>,
    results: Vec<(Box<str>, Type)>,
    span: Span,
) -> (OpId, Vec<ValueId>) {
    let data = OpData {
        operands: operands.into(),
        props: props.into(),
        ..OpData::new(name, span)
    };
    let op = m.create_op(data, results);
    (op, m.op(op).results.to_vec())
}

/// A pool as the prologue made it.
struct MadePool {
    /// The pool's value name (`%pool`, `%pool_0`, ...).
    name: String,
    /// The pool: the allocation, or the `scf.if` that chooses it when the function runs.
    value: ValueId,
    /// `%use_pool`, where the function chooses when it runs whether to use the pool.
    use_pool: Option<ValueId>,
    /// What the prologue computes when the function runs, for members of run-time size.
    run_time: Option<RunTimePart>,
}

/// Rewrites one function, in steps: the planned offsets' constants; per pool, the pool (at
/// the end of the prologue) and a view in place of each member; the `bufferization.dealloc`
/// ops that freed members, without them; the pools' frees before every return. Every step
/// records where its ops go in one batch of edits, applied at the end. Returns the names of
/// the function's pools.
fn rewrite_function(
    m: &mut Module,
    f: &FunctionReport,
    names: &mut Names,
    sabotage: Sabotage,
    free_pools: bool,
) -> Vec<String> {
    let region = m.op(f.func).regions[0];
    let entry: BlockId = m.region(region).blocks[0];
    let mut prologue = Prologue {
        names,
        entry,
        ops: Vec::new(),
        span: m.op(f.func).name_span,
        constants: BTreeMap::new(),
        copies: HashMap::new(),
    };
    let offsets = prologue.planned_offsets(m, f, sabotage);
    let mut edits = Edits::default();
    let mut pools = Vec::new();
    for pool in &f.pools {
        let made = prologue.make_pool(m, f, pool, sabotage, free_pools);
        let span = prologue.span;
        let members = Members {
            f,
            made: &made,
            offsets: &offsets,
            span,
        };
        members.replace(m, pool, prologue.names, &mut edits);
        pools.push(made);
    }
    drop_pooled_frees(m, f, &mut edits);
    edits.prepend(entry, prologue.ops);
    if free_pools {
        free_before_returns(m, region, &pools, &mut edits);
    }
    edits.apply(m);
    pools.into_iter().map(|p| p.name).collect()
}

/// What the views in place of one pool's members are of.
struct Members<'a> {
    f: &'a FunctionReport,
    made: &'a MadePool,
    /// The offset of each member of planned offset, by allocation index.
    offsets: &'a HashMap<usize, ValueId>,
    /// Where the function's new ops point.
    span: Span,
}

impl Members<'_> {
    /// Puts a view of the pool in place of each member of `pool`, and drops its
    /// `memref.dealloc`s: where the function chooses when it runs, each member is its view or
    /// its own allocation (`in_pool_or_apart`), and each free runs only where the pool is not
    /// used.
    fn replace(&self, m: &mut Module, pool: &Pool, names: &mut Names, edits: &mut Edits) {
        for &i in pool.members.iter().chain(&pool.dynamic) {
            let a = &self.f.allocations[i];
            let (offset, sizes) = match &a.dynamic {
                Some(d) => {
                    let part = self.made.run_time.as_ref().expect("a run-time part");
                    (part.offsets[&i], d.operands.clone())
                }
                None => (self.offsets[&i], Vec::new()),
            };
            let view = new_view(m, a.op, self.made.value, offset, &sizes);
            let frees: Vec<OpId> = a
                .deallocs
                .iter()
                .copied()
                .filter(|d| ops::row(&m.op(*d).name).memory == Memory::Free)
                .collect();
            match self.made.use_pool {
                None => {
                    edits.replace(m, a.op, view);
                    frees.into_iter().for_each(|d| edits.erase(d));
                }
                Some(c) => {
                    in_pool_or_apart(m, names, edits, c, a.op, view, self.span);
                    for d in frees {
                        guard_op(m, edits, c, d, self.span);
                    }
                }
            }
        }
    }
}

/// The `bufferization.dealloc` ops that free members of a pool: each takes them out of its
/// operands (`dealloc_without`), or goes when nothing is left for it to do.
fn drop_pooled_frees(m: &mut Module, f: &FunctionReport, edits: &mut Edits) {
    // Operands of `bufferization.dealloc` ops that free pooled buffers, per op.
    let mut unfreed: BTreeMap<OpId, HashSet<u32>> = BTreeMap::new();
    for pool in &f.pools {
        for &i in pool.members.iter().chain(&pool.dynamic) {
            for &(op, operand) in &f.allocations[i].freed_operands {
                unfreed.entry(op).or_default().insert(operand);
            }
        }
    }
    for (op, operands) in unfreed {
        match dealloc_without(m, op, &operands) {
            Some(new) => edits.replace(m, op, new),
            None => edits.erase(op),
        }
    }
}

/// Frees every pool before each `func.return` of the function's body (where the function
/// chooses when it runs, only if the pool is used).
fn free_before_returns(m: &mut Module, region: RegionId, pools: &[MadePool], edits: &mut Edits) {
    let returns: Vec<OpId> = m
        .region(region)
        .blocks
        .iter()
        .flat_map(|&b| m.block(b).ops.iter().copied())
        .filter(|&o| &*m.op(o).name == "func.return")
        .collect();
    for ret in returns {
        let span = m.op(ret).span;
        let frees = pools
            .iter()
            .map(|pool| {
                let (free, _) = new_op(m, "memref.dealloc", vec![pool.value], vec![], vec![], span);
                match pool.use_pool {
                    None => free,
                    Some(c) => new_if(m, c, vec![], (vec![free], vec![]), (vec![], vec![]), span),
                }
            })
            .collect();
        edits.insert_before(ret, frees);
    }
}

/// The part of a pool placed when the function runs, as the prologue computes it.
struct RunTimePart {
    /// The offset of each member of run-time size (by allocation index).
    offsets: HashMap<usize, ValueId>,
    /// The bytes of each, 0 where it does not run.
    sizes: HashMap<usize, ValueId>,
    /// The pool's size.
    size: ValueId,
}

/// The ops that open the entry block: constants, the run-time offsets and sizes of the pools,
/// and the pools.
struct Prologue<'a> {
    names: &'a mut Names,
    /// The function's entry block.
    entry: BlockId,
    ops: Vec<OpId>,
    span: Span,
    /// Index constants other than planned offsets, by value.
    constants: BTreeMap<i64, ValueId>,
    /// Values of the function recomputed in the prologue (size operands and what they are
    /// computed from), by original value.
    copies: HashMap<ValueId, ValueId>,
}

impl Prologue<'_> {
    /// An index constant for each planned offset, shared by all pools of the function; the
    /// offset of each member of planned offset, by allocation index.
    fn planned_offsets(
        &mut self,
        m: &mut Module,
        f: &FunctionReport,
        sabotage: Sabotage,
    ) -> HashMap<usize, ValueId> {
        let mut constants: BTreeMap<u64, ValueId> = BTreeMap::new();
        let mut offsets = HashMap::new();
        for pool in &f.pools {
            for &i in &pool.members {
                let off = if sabotage.break_plan {
                    0
                } else {
                    f.allocations[i]
                        .offset
                        .as_ref()
                        .and_then(Offset::fixed)
                        .expect("pooled at a planned offset")
                };
                let value = *constants.entry(off).or_insert_with(|| {
                    let name = self.names.fresh(&format!("%pool_off{off}"));
                    let value = vec![("value".into(), Attr::int(off as i64, Type::Index))];
                    let (op, res) = new_op(
                        m,
                        "arith.constant",
                        vec![],
                        value,
                        vec![(name, Type::Index)],
                        self.span,
                    );
                    self.ops.push(op);
                    res[0]
                });
                offsets.insert(i, value);
            }
        }
        offsets
    }

    /// Makes `pool` at the end of the prologue: the offsets and size of its part placed when
    /// the function runs, the choice whether to use it where the function makes that choice
    /// (a pool of run-time size may turn out larger than its members apart: for small sizes,
    /// MLIR's padding for the pool's alignment alone does), and its allocation.
    fn make_pool(
        &mut self,
        m: &mut Module,
        f: &FunctionReport,
        pool: &Pool,
        sabotage: Sabotage,
        free_pools: bool,
    ) -> MadePool {
        let run_time =
            (!pool.dynamic.is_empty()).then(|| self.dynamic_offsets(m, f, pool, sabotage));
        let use_pool = match &run_time {
            Some(part) if free_pools && pool.chosen_at_run_time => {
                let apart = self.separate_peak(m, f, pool, &part.sizes);
                let pad = self.constant(m, pool.align as i64);
                let cost = self.binary(m, "arith.addi", part.size, pad, "%pool_cost");
                // Predicate 7 is `ule`.
                let predicate = vec![("predicate".into(), Attr::int(7, Type::i(64)))];
                Some(self.emit(
                    m,
                    "arith.cmpi",
                    vec![cost, apart],
                    predicate,
                    Type::i(1),
                    "%use_pool",
                ))
            }
            _ => None,
        };
        let size = run_time.as_ref().map(|part| part.size);
        let ty = Type::MemRef(Box::new(MemRefType {
            shape: Some(vec![match size {
                Some(_) => Dim::Dynamic,
                None => Dim::Static(pool.size),
            }]),
            elem: Type::i(8),
            layout: None,
            memory_space: pool.space.clone(),
        }));
        let name = self.names.fresh("%pool");
        let props = vec![
            (
                "alignment".into(),
                Attr::int(pool.align as i64, Type::i(64)),
            ),
            (
                "operandSegmentSizes".into(),
                Attr::dense_i32(&[i64::from(size.is_some()), 0]),
            ),
        ];
        let results = vec![(name.clone(), ty.clone())];
        let (alloc, res) = new_op(
            m,
            "memref.alloc",
            size.into_iter().collect(),
            props,
            results,
            self.span,
        );
        let value = match use_pool {
            None => {
                self.ops.push(alloc);
                res[0]
            }
            Some(c) => self.pool_or_none(m, c, (alloc, res[0]), ty),
        };
        MadePool {
            name: name.to_string(),
            value,
            use_pool,
            run_time,
        }
    }

    /// `scf.if %use_pool` that yields the pool `alloc` makes, or else an empty buffer on the
    /// stack (no `malloc`) that no view is of.
    fn pool_or_none(
        &mut self,
        m: &mut Module,
        use_pool: ValueId,
        (alloc, pool): (OpId, ValueId),
        ty: Type,
    ) -> ValueId {
        let zero = self.constant(m, 0);
        let props = vec![("operandSegmentSizes".into(), Attr::dense_i32(&[1, 0]))];
        let none_name = self.names.fresh("%pool_none");
        let results = vec![(none_name, ty.clone())];
        let (none, none_res) = new_op(m, "memref.alloca", vec![zero], props, results, self.span);
        let chosen = vec![(self.names.fresh("%pool_or_none"), ty)];
        let choice = new_if(
            m,
            use_pool,
            chosen,
            (vec![alloc], vec![pool]),
            (vec![none], none_res),
            self.span,
        );
        self.ops.push(choice);
        m.op(choice).results[0]
    }

    /// An index constant.
    fn constant(&mut self, m: &mut Module, value: i64) -> ValueId {
        if let Some(&v) = self.constants.get(&value) {
            return v;
        }
        let base = if value < 0 {
            format!("%pool_mask{}", value.unsigned_abs())
        } else {
            format!("%pool_c{value}")
        };
        let name = self.names.fresh(&base);
        let (op, res) = new_op(
            m,
            "arith.constant",
            vec![],
            vec![("value".into(), Attr::int(value, Type::Index))],
            vec![(name, Type::Index)],
            self.span,
        );
        self.ops.push(op);
        self.constants.insert(value, res[0]);
        res[0]
    }

    /// An `index` arith op of two values.
    fn binary(&mut self, m: &mut Module, op: &str, a: ValueId, b: ValueId, name: &str) -> ValueId {
        self.emit(m, op, vec![a, b], vec![], Type::Index, name)
    }

    /// An op with one result.
    fn emit(
        &mut self,
        m: &mut Module,
        op: &str,
        operands: Vec<ValueId>,
        props: Vec<(Box<str>, Attr)>,
        ty: Type,
        name: &str,
    ) -> ValueId {
        let name = self.names.fresh(name);
        let (id, res) = new_op(m, op, operands, props, vec![(name, ty)], self.span);
        self.ops.push(id);
        res[0]
    }

    /// `bytes` if the allocation `alloc` runs, else 0: if every loop in `around` (the ops
    /// around it, `size::loops_around`) runs its body at least once (`lb < ub`, compared
    /// signed as `scf.for` does) and every `scf.if` or `scf.index_switch` there takes the
    /// branch that holds it (`size::Guard`). An allocation that never runs gets no room,
    /// whatever its size operands hold then.
    fn if_runs(
        &mut self,
        m: &mut Module,
        alloc: OpId,
        around: &[OpId],
        bytes: ValueId,
        stem: &str,
    ) -> ValueId {
        let mut runs: Option<ValueId> = None;
        let mut bytes = bytes;
        let runs_once = format!("{stem}_runs");
        let bytes_name = format!("{stem}_bytes");
        // Predicates 0 and 2 are `eq` and `slt` in MLIR's numbering.
        let predicate = |p: i64| vec![("predicate".into(), Attr::int(p, Type::i(64)))];
        for &l in around {
            match guard(m, l, alloc) {
                Some(Guard::Loop) => {
                    let (lb, ub) = (m.op(l).operands[0], m.op(l).operands[1]);
                    let (lb, ub) = (self.recompute(m, lb), self.recompute(m, ub));
                    let c = self.emit(
                        m,
                        "arith.cmpi",
                        vec![lb, ub],
                        predicate(2),
                        Type::i(1),
                        &runs_once,
                    );
                    runs = Some(match runs {
                        None => c,
                        Some(r) => {
                            self.emit(m, "arith.andi", vec![r, c], vec![], Type::i(1), &runs_once)
                        }
                    });
                }
                Some(Guard::Branch { region }) => {
                    let on = self.recompute(m, m.op(l).operands[0]);
                    let zero = self.constant(m, 0);
                    let select =
                        |p: &mut Self, m: &mut Module, c: ValueId, taken: bool, bytes: ValueId| {
                            let (a, b) = if taken { (bytes, zero) } else { (zero, bytes) };
                            p.emit(
                                m,
                                "arith.select",
                                vec![c, a, b],
                                vec![],
                                Type::Index,
                                &bytes_name,
                            )
                        };
                    if ops::row(&m.op(l).name).regions == Regions::Exclusive(Choice::Condition) {
                        bytes = select(self, m, on, region == 0, bytes);
                        continue;
                    }
                    let cases = m
                        .attr(l, "cases")
                        .and_then(|a| a.as_dense_ints())
                        .expect("the analysis read the cases");
                    // The default region runs when no case matches; case region k when
                    // case k - 1 does.
                    let (matching, taken): (Vec<i64>, bool) = match region {
                        0 => (cases, false),
                        k => (vec![cases[k - 1]], true),
                    };
                    let case_name = format!("{stem}_case");
                    for case in matching {
                        let c = self.constant(m, case);
                        let eq = self.emit(
                            m,
                            "arith.cmpi",
                            vec![on, c],
                            predicate(0),
                            Type::i(1),
                            &case_name,
                        );
                        bytes = select(self, m, eq, taken, bytes);
                    }
                }
                None => unreachable!("the analysis accepts only loops and branches around"),
            }
        }
        match runs {
            None => bytes,
            Some(r) => {
                let zero = self.constant(m, 0);
                self.emit(
                    m,
                    "arith.select",
                    vec![r, bytes, zero],
                    vec![],
                    Type::Index,
                    &bytes_name,
                )
            }
        }
    }

    /// `value` computed again in the prologue: the analysis made sure that it is an argument
    /// of the entry block or computed from those by pure ops of the entry block, or a
    /// `memref.dim` whose terms are such values (`analysis::size`). Each op is copied once,
    /// operands first; a `memref.dim` becomes the product of its terms.
    fn recompute(&mut self, m: &mut Module, value: ValueId) -> ValueId {
        let mut stack = vec![(value, false)];
        while let Some((v, inputs_done)) = stack.pop() {
            if self.copies.contains_key(&v) {
                continue;
            }
            let op = match m.value(v).def {
                ValueDef::Arg(..) => {
                    self.copies.insert(v, v);
                    continue;
                }
                ValueDef::Result(op, _) => op,
            };
            // A `memref.dim` of an argument is copied; of anything else, read as its terms.
            let of_buffer = &*m.op(op).name == "memref.dim"
                && !matches!(m.value(m.op(op).operands[0]).def, ValueDef::Arg(b, _) if b == self.entry);
            let dim_terms = of_buffer.then(|| {
                crate::analysis::size::dim_terms(m, self.entry, op)
                    .expect("a dimension the analysis could read")
            });
            let inputs: Vec<ValueId> = match &dim_terms {
                Some(terms) => terms.iter().filter_map(DimTerm::value).collect(),
                None => m.op(op).operands.to_vec(),
            };
            if !inputs_done {
                stack.push((v, true));
                for &i in inputs.iter().rev() {
                    if !self.copies.contains_key(&i) {
                        stack.push((i, false));
                    }
                }
                continue;
            }
            let copy = match dim_terms {
                Some(terms) => {
                    let name = m.value(v).name.to_string();
                    self.dim_product(m, &terms, &name)
                }
                None => self.copy_op(m, op, v),
            };
            self.copies.insert(v, copy);
        }
        self.copies[&value]
    }

    /// The product of a `memref.dim`'s terms, whose values are already copied.
    fn dim_product(&mut self, m: &mut Module, terms: &[DimTerm], name: &str) -> ValueId {
        let mut product: Option<ValueId> = None;
        let mut factor: u64 = 1;
        for term in terms {
            let n = match *term {
                DimTerm::Const(n) => {
                    factor = factor.saturating_mul(n);
                    continue;
                }
                DimTerm::Value(v) => self.copies[&v],
                DimTerm::ArgDim(arg, k) => {
                    let k = self.constant(m, k as i64);
                    self.emit(m, "memref.dim", vec![arg, k], vec![], Type::Index, name)
                }
            };
            product = Some(match product {
                None => n,
                Some(p) => self.binary(m, "arith.muli", p, n, name),
            });
        }
        match product {
            None => self.constant(m, factor as i64),
            Some(p) if factor == 1 => p,
            Some(p) => {
                let c = self.constant(m, factor as i64);
                self.binary(m, "arith.muli", p, c, name)
            }
        }
    }

    /// A copy of `op`, the definition of `v`, on the copies of its operands.
    fn copy_op(&mut self, m: &mut Module, op: OpId, v: ValueId) -> ValueId {
        let original = m.op(op);
        let data = OpData {
            operands: original.operands.iter().map(|o| self.copies[o]).collect(),
            props: original.props.clone(),
            attrs: original.attrs.clone(),
            ..OpData::new(original.name.clone(), self.span)
        };
        let name = self.names.fresh(&m.value(v).name);
        let ty = m.value_type(v).clone();
        let id = m.create_op(data, vec![(name, ty)]);
        self.ops.push(id);
        m.op(id).results[0]
    }

    /// The run-time offsets of the pool's members of dynamic size, and the pool's size: each
    /// member at the lowest multiple of its alignment at or above the pool's planned part and
    /// the ends of the members it must stay above (`analysis::Offset::Above`); the pool as
    /// large as the largest end.
    fn dynamic_offsets(
        &mut self,
        m: &mut Module,
        f: &FunctionReport,
        pool: &Pool,
        sabotage: Sabotage,
    ) -> RunTimePart {
        let base = self.constant(m, pool.size as i64);
        let mut offsets: HashMap<usize, ValueId> = HashMap::new();
        let mut sizes: HashMap<usize, ValueId> = HashMap::new();
        let mut ends: HashMap<usize, ValueId> = HashMap::new();
        let mut top = base;
        for &i in &pool.dynamic {
            let a = &f.allocations[i];
            let size = a.dynamic.as_ref().expect("a member of dynamic size");
            let stem = m.value(a.value).name.to_string();
            let mut bytes = self.constant(m, size.factor as i64);
            for &operand in &size.operands {
                let n = self.recompute(m, operand);
                bytes = self.binary(m, "arith.muli", bytes, n, &format!("{stem}_bytes"));
            }
            let around = crate::analysis::size::loops_around(m, f.func, a.op);
            bytes = self.if_runs(m, a.op, &around, bytes, &stem);
            let Some(Offset::Above { above, align, .. }) = &a.offset else {
                unreachable!("members of dynamic size are placed at run time")
            };
            // Above nothing but the planned part: the offset is a constant.
            let mut at = match crate::plan::align_up(pool.size, *align) {
                Some(first) if above.is_empty() => self.constant(m, first as i64),
                _ => base,
            };
            for j in above {
                at = self.binary(m, "arith.maxui", at, ends[j], &format!("{stem}_above"));
            }
            if *align > 1 && !above.is_empty() {
                let up = self.constant(m, *align as i64 - 1);
                let mask = self.constant(m, -(*align as i64));
                at = self.binary(m, "arith.addi", at, up, &format!("{stem}_up"));
                at = self.binary(m, "arith.andi", at, mask, &format!("{stem}_off"));
            }
            if sabotage.break_plan {
                at = self.constant(m, 0);
            }
            let end = self.binary(m, "arith.addi", at, bytes, &format!("{stem}_end"));
            top = self.binary(m, "arith.maxui", top, end, "%pool_size");
            offsets.insert(i, at);
            ends.insert(i, end);
            sizes.insert(i, bytes);
        }
        RunTimePart {
            offsets,
            sizes,
            size: top,
        }
    }

    /// The most bytes the members of `pool` would hold at once as separate buffers, each from
    /// its allocation to its free (`Allocation::held`), with what MLIR's lowering adds to an
    /// allocation with an `alignment` attribute: the running sum of the sweep over those
    /// intervals (`plan::sweep`), computed when the function runs. `sizes`: the run-time
    /// members' bytes.
    fn separate_peak(
        &mut self,
        m: &mut Module,
        f: &FunctionReport,
        pool: &Pool,
        sizes: &HashMap<usize, ValueId>,
    ) -> ValueId {
        let mut held: Vec<(u64, u64, ValueId)> = Vec::new();
        for &i in pool.members.iter().chain(&pool.dynamic) {
            let a = &f.allocations[i];
            let interval = a
                .held
                .expect("only members freed where they live fall back");
            let pad = a.align_attr.unwrap_or(0);
            let bytes = match sizes.get(&i) {
                Some(&b) if pad == 0 => b,
                Some(&b) => {
                    let pad = self.constant(m, pad as i64);
                    self.binary(m, "arith.addi", b, pad, "%pool_apart_bytes")
                }
                None => {
                    let bytes = a
                        .bytes
                        .expect("a member of static size")
                        .saturating_add(pad);
                    self.constant(m, bytes as i64)
                }
            };
            let (start, end) = interval.to_half_open();
            held.push((start, end, bytes));
        }
        let mut live = self.constant(m, 0);
        let mut peak = live;
        // Frees wait for the next allocation: those after the last one change no peak.
        let mut freed: Vec<ValueId> = Vec::new();
        for (_, starts, bytes) in crate::plan::sweep(held) {
            if !starts {
                freed.push(bytes);
                continue;
            }
            for bytes in freed.drain(..) {
                live = self.binary(m, "arith.subi", live, bytes, "%pool_apart");
            }
            live = self.binary(m, "arith.addi", live, bytes, "%pool_apart");
            peak = self.binary(m, "arith.maxui", peak, live, "%pool_apart_peak");
        }
        peak
    }
}

/// A `bufferization.dealloc` like `op` without the memrefs at the operand positions in
/// `drop` (nor their conditions); it takes over `op`'s results. `None` when nothing is left
/// for it to do: no memref to free and no result.
fn dealloc_without(m: &mut Module, op: OpId, drop: &HashSet<u32>) -> Option<OpId> {
    let o = m.op(op);
    let segments = m
        .attr(op, "operandSegmentSizes")
        .and_then(|a| a.as_dense_ints())
        .expect("the analysis read the segments of this bufferization.dealloc");
    let (freed, retained) = (segments[0] as usize, segments[2] as usize);
    let keep: Vec<usize> = (0..freed)
        .filter(|i| !drop.contains(&(*i as u32)))
        .collect();
    if keep.is_empty() && o.results.is_empty() {
        return None;
    }
    let mut operands: Vec<ValueId> = keep.iter().map(|&i| o.operands[i]).collect();
    operands.extend(keep.iter().map(|&i| o.operands[freed + i]));
    operands.extend_from_slice(&o.operands[2 * freed..2 * freed + retained]);
    let sizes = [keep.len() as i64, keep.len() as i64, retained as i64];
    let props = o
        .props
        .iter()
        .map(|(k, v)| {
            if &**k == "operandSegmentSizes" {
                (k.clone(), Attr::dense_i32(&sizes))
            } else {
                (k.clone(), v.clone())
            }
        })
        .collect();
    let data = OpData {
        operands: operands.into(),
        props,
        attrs: o.attrs.clone(),
        name_span: o.name_span,
        ..OpData::new("bufferization.dealloc", o.span)
    };
    let id = m.create_op(data, Vec::new());
    m.take_results(op, id, Vec::new());
    Some(id)
}

/// An `scf.if` on `cond` with new results of the given names and types, whose then and else
/// regions hold the given ops (which stand in no block) and end in an `scf.yield` of the given
/// values (an else region that would hold nothing is left empty). It stands in no block yet.
fn new_if(
    m: &mut Module,
    cond: ValueId,
    results: Vec<(Box<str>, Type)>,
    then: (Vec<OpId>, Vec<ValueId>),
    otherwise: (Vec<OpId>, Vec<ValueId>),
    span: Span,
) -> OpId {
    let data = OpData {
        operands: [cond].as_slice().into(),
        ..OpData::new("scf.if", span)
    };
    let id = m.create_op(data, results);
    fill_if(m, id, then, otherwise);
    id
}

/// Gives the `scf.if` `id` its then and else regions (see `new_if`).
fn fill_if(
    m: &mut Module,
    id: OpId,
    then: (Vec<OpId>, Vec<ValueId>),
    otherwise: (Vec<OpId>, Vec<ValueId>),
) {
    let span = m.op(id).span;
    // No else region when it would only yield nothing.
    let no_else = otherwise.0.is_empty() && otherwise.1.is_empty();
    for (k, (ops, yielded)) in [then, otherwise].into_iter().enumerate() {
        if k == 1 && no_else {
            m.push_region(id, None);
            continue;
        }
        let (yield_op, _) = new_op(m, "scf.yield", yielded, vec![], vec![], span);
        m.push_region(id, Some(ops.into_iter().chain([yield_op]).collect()));
    }
}

/// `op` runs only where `cond` does not hold: an `scf.if` on `cond` that holds it in its else
/// region takes its place.
fn guard_op(m: &mut Module, edits: &mut Edits, cond: ValueId, op: OpId, span: Span) {
    let data = OpData {
        operands: [cond].as_slice().into(),
        ..OpData::new("scf.if", span)
    };
    let guard = m.create_op(data, Vec::new());
    edits.replace(m, op, guard);
    fill_if(m, guard, (vec![], vec![]), (vec![op], vec![]));
}

/// `scf.if %use_pool` in place of `alloc`: it yields `view` (which has taken over the alloc's
/// result, `new_view`), or else the result of `alloc` itself; the `scf.if` takes over that
/// result (same id, name and type), and the view and the allocation get results of their own.
fn in_pool_or_apart(
    m: &mut Module,
    names: &mut Names,
    edits: &mut Edits,
    use_pool: ValueId,
    alloc: OpId,
    view: OpId,
    span: Span,
) {
    let result = m.op(view).results[0];
    let stem = m.value(result).name.to_string();
    let in_pool = names.fresh(&format!("{stem}_in_pool"));
    let apart = names.fresh(&format!("{stem}_apart"));
    let data = OpData {
        operands: [use_pool].as_slice().into(),
        ..OpData::new("scf.if", span)
    };
    let either = m.create_op(data, Vec::new());
    edits.replace(m, alloc, either);
    let in_pool = m.take_results(view, either, vec![in_pool])[0];
    let ty = m.value(result).ty;
    let apart = m.add_result(alloc, apart, ty);
    fill_if(
        m,
        either,
        (vec![view], vec![in_pool]),
        (vec![alloc], vec![apart]),
    );
}

/// A `memref.view` of the pool replacing `alloc`: its result takes over the alloc's result
/// value (same id, name and type), so no use needs to change. `sizes` are the alloc's dynamic
/// sizes, which the view takes as they are (they are defined before the alloc). It stands in
/// no block yet.
fn new_view(
    m: &mut Module,
    alloc: OpId,
    pool: ValueId,
    offset: ValueId,
    sizes: &[ValueId],
) -> OpId {
    let data = OpData {
        operands: [pool, offset].iter().chain(sizes).copied().collect(),
        name_span: m.op(alloc).name_span,
        ..OpData::new("memref.view", m.op(alloc).span)
    };
    let id = m.create_op(data, Vec::new());
    m.take_results(alloc, id, Vec::new());
    id
}

/// How many times `memref.alloc` runs in one call of `func`: each alloc counts once, times
/// the trip counts of the `scf.for` loops around it. `None` when a trip count is not a
/// constant, or the alloc is in a loop whose trip count is not read (`Trips::Unknown`:
/// `scf.while`, the parallel and affine loops, ...).
pub fn mallocs_per_call(m: &Module, func: OpId) -> Option<u64> {
    let mut total: u64 = 0;
    let mut unknown = false;
    m.walk_nested(func, |op| {
        if ops::row(&m.op(op).name).allocates != Allocates::Heap || apart_when_pooled(m, op) {
            return;
        }
        let mut times: u64 = 1;
        let mut cur = op;
        while let Some(parent) = m.parent_op(cur) {
            if parent == func {
                break;
            }
            match ops::row(&m.op(parent).name).trips {
                Trips::Bounds => match trip_count(m, parent) {
                    Some(n) => times = times.saturating_mul(n),
                    None => unknown = true,
                },
                Trips::Unknown => unknown = true,
                Trips::Once => {}
            }
            cur = parent;
        }
        total = total.saturating_add(times);
    });
    // Blocks that branch back make the count unknowable too.
    (!unknown).then_some(total)
}

/// Whether `alloc` runs only where a pool chosen when the function runs is not used: it is in
/// the else branch of an `scf.if` whose then branch makes a view (`in_pool_or_apart`).
fn apart_when_pooled(m: &Module, alloc: OpId) -> bool {
    let on_condition =
        |p: OpId| ops::row(&m.op(p).name).regions == Regions::Exclusive(Choice::Condition);
    let Some(owner) = m.parent_op(alloc).filter(|&p| on_condition(p)) else {
        return false;
    };
    let o = m.op(owner);
    let block_of = |k: usize| {
        o.regions
            .get(k)
            .and_then(|&r| m.region(r).blocks.first().copied())
    };
    let (Some(then), Some(otherwise)) = (block_of(0), block_of(1)) else {
        return false;
    };
    if m.op(alloc).parent != Some(otherwise) {
        return false;
    }
    m.block(then)
        .ops
        .iter()
        .any(|&op| &*m.op(op).name == "memref.view")
}

fn trip_count(m: &Module, for_op: OpId) -> Option<u64> {
    let o = m.op(for_op);
    let lb = m.constant_int(o.operands[0])?;
    let ub = m.constant_int(o.operands[1])?;
    let step = m.constant_int(o.operands[2])?;
    if step <= 0 {
        return None;
    }
    // In 128 bits: `ub - lb` does not fit in 64 for bounds far apart (-2 to i64::MAX).
    let span = u128::try_from(i128::from(ub) - i128::from(lb)).unwrap_or(0);
    u64::try_from(span.div_ceil(step.unsigned_abs().into())).ok()
}

#[cfg(test)]
mod tests {
    use super::Names;
    use pretty_assertions::assert_eq;

    #[test]
    fn fresh_names_pass_over_the_taken_ones() {
        let file = crate::source::SourceFile::new(
            "t.mlir",
            "func.func @f(%pool: index, %pool_0: index) -> index {
               return %pool : index
             }",
        );
        let m = crate::load::load(&file).expect("valid IR");
        let mut names = Names::of(&m);
        let fresh: Vec<Box<str>> = ["%pool", "%pool", "%pool_off0", "%pool_0"]
            .iter()
            .map(|base| names.fresh(base))
            .collect();
        let expected: Vec<Box<str>> = ["%pool_1", "%pool_2", "%pool_off0", "%pool_0_0"]
            .iter()
            .map(|&s| s.into())
            .collect();
        assert_eq!(fresh, expected);
    }

    /// Whether `name` is a value name MLIR reads: `%` and a suffix id, all digits or a letter or
    /// one of `$._-` followed by letters, digits and those.
    fn is_value_name(name: &str) -> bool {
        let Some(id) = name.strip_prefix('%') else {
            return false;
        };
        let word = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
        match id.chars().next() {
            Some(c) if c.is_ascii_digit() => id.chars().all(|c| c.is_ascii_digit()),
            Some(_) => id.chars().all(word),
            None => false,
        }
    }

    /// MLIR rejects `%0_0` (an id that starts with a digit is all digits): the suffixes of a
    /// numbered name go on `%v0`.
    #[test]
    fn fresh_names_of_numbered_values_are_valid() {
        let file = crate::source::SourceFile::new(
            "t.mlir",
            "func.func @f(%0: index, %v0_0: index) -> index {
               return %0 : index
             }",
        );
        let m = crate::load::load(&file).expect("valid IR");
        let mut names = Names::of(&m);
        let fresh: Vec<Box<str>> = ["%0", "%0", "%12", "%3#1", "%0_bytes"]
            .iter()
            .map(|base| names.fresh(base))
            .collect();
        let expected: Vec<Box<str>> = ["%v0_1", "%v0_2", "%12", "%v3_1", "%v0_bytes"]
            .iter()
            .map(|&s| s.into())
            .collect();
        assert_eq!(fresh, expected);
        assert!(fresh.iter().all(|n| is_value_name(n)));
    }
}
