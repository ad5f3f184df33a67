//! Renders an `Analysis` for people (an aligned table per function) and for programs (one JSON
//! document with a stable key order), and turns ineligible allocations into remarks.

use super::lifetime::Cause;
use super::reason::Reason;
use super::{Allocation, Analysis, FunctionReport, Offset};
use crate::diag::Diagnostic;
use crate::ir::ops::{self, Trips};
use crate::ir::{Module, OpId};
use crate::source::SourceFile;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;

/// `1.5 KiB`, `64 B`, `3.0 MiB`.
pub fn human_bytes(n: u64) -> String {
    let mut out = String::new();
    write_human_bytes(&mut out, n);
    out
}

/// Appends `human_bytes(n)` to `out`.
fn write_human_bytes(out: &mut String, n: u64) {
    const KIB: f64 = 1024.0;
    let f = n as f64;
    let _ = if n < 1024 {
        write!(out, "{n} B")
    } else if f < KIB * KIB {
        write!(out, "{:.1} KiB", f / KIB)
    } else if f < KIB * KIB * KIB {
        write!(out, "{:.1} MiB", f / (KIB * KIB))
    } else {
        write!(out, "{:.1} GiB", f / (KIB * KIB * KIB))
    };
}

/// Counts of allocations per first reason, in the order of the reasons.
fn reason_counts(analysis: &Analysis) -> BTreeMap<Reason, u64> {
    let mut counts = BTreeMap::new();
    for f in &analysis.functions {
        for a in &f.allocations {
            if let Some(r) = a.reason() {
                *counts.entry(r).or_insert(0) += 1;
            }
        }
    }
    counts
}

/// The human report.
pub fn text(m: &Module, file: &SourceFile, analysis: &Analysis) -> String {
    // The functions' tables are written on two threads when there are many rows.
    let rows: usize = analysis.functions.iter().map(|f| f.allocations.len()).sum();
    let types = memref_type_texts(m);
    let tables = crate::parallel::map_halves(&analysis.functions, rows >= PARALLEL_MIN_ROWS, |f| {
        let mut table = String::new();
        function_text(m, file, &types, f, analysis.live_from_first_use, &mut table);
        table
    });
    let mut out = tables.concat();
    let counts = reason_counts(analysis);
    let pooled: usize = analysis
        .functions
        .iter()
        .map(|f| f.allocations.iter().filter(|a| a.offset.is_some()).count())
        .sum();
    let total: usize = analysis.functions.iter().map(|f| f.allocations.len()).sum();
    let _ = writeln!(out, "total: {total} allocations, {pooled} pooled");
    if !counts.is_empty() {
        let list: Vec<String> = counts
            .iter()
            .map(|(r, n)| format!("{} {n}", r.code()))
            .collect();
        let _ = writeln!(out, "not pooled: {}", list.join(", "));
    }
    out
}

/// From this many allocations, a function's table rows are made and written on two threads.
const PARALLEL_MIN_ROWS: usize = 4096;

/// How many rows ahead of the one being made `rows_of` asks the cache for an allocation's op
/// and value.
const PREFETCH_AHEAD: usize = 8;

/// The text of every memref type of the module, by type id (`None` for other types): each is
/// written once, however many allocations have it.
fn memref_type_texts(m: &Module) -> Vec<Option<String>> {
    m.types
        .iter()
        .map(|t| t.as_memref().map(|_| t.to_string()))
        .collect()
}

/// A cell of a function's table: text of the module or the analysis, or a piece of the text
/// its half of the table wrote (`Half::written`: numbers, sizes and intervals, which would
/// otherwise be a string each).
#[derive(Clone, Copy)]
enum Cell<'a> {
    Text(&'a str),
    Written(u32, u32),
}

/// The cells of one row of a function's table.
type Row<'a> = [Cell<'a>; 7];

/// The rows of one half of a function's table, the text they wrote and the width of each
/// column in characters.
struct Half<'a> {
    rows: Vec<Row<'a>>,
    written: String,
    widths: [usize; 7],
}

impl<'a> Half<'a> {
    fn new() -> Half<'a> {
        Half {
            rows: Vec::new(),
            written: String::new(),
            widths: [0; 7],
        }
    }

    /// A cell of what `write` writes.
    fn write(&mut self, write: impl FnOnce(&mut String)) -> Cell<'a> {
        let start = self.written.len();
        write(&mut self.written);
        Cell::Written(start as u32, self.written.len() as u32)
    }

    fn text<'s>(&'s self, cell: Cell<'s>) -> &'s str {
        match cell {
            Cell::Text(text) => text,
            Cell::Written(start, end) => &self.written[start as usize..end as usize],
        }
    }

    /// Adds a row and widens the columns to its cells.
    fn push(&mut self, row: Row<'a>) {
        for (k, &cell) in row.iter().enumerate() {
            let width = self.text(cell).chars().count();
            self.widths[k] = self.widths[k].max(width);
        }
        self.rows.push(row);
    }

    /// Its lines, the cells padded to `widths`.
    fn lines(&self, widths: &[usize; 7]) -> String {
        let mut out = String::with_capacity(self.rows.len() * 64);
        for row in &self.rows {
            table_line(row.map(|cell| self.text(cell)), widths, &mut out);
        }
        out
    }
}

/// One line of the table: the cells padded to the column widths, the last one not.
fn table_line(cells: [&str; 7], widths: &[usize; 7], out: &mut String) {
    out.push_str("  ");
    for (i, (cell, &w)) in cells.iter().zip(widths).enumerate() {
        out.push_str(cell);
        if i + 1 < cells.len() {
            let pad = w.saturating_sub(cell.chars().count()) + 2;
            out.extend(std::iter::repeat_n(' ', pad));
        }
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}

/// Appends the report of one function: its heading, its table, its sizes and its pools.
fn function_text<'a>(
    m: &'a Module,
    file: &SourceFile,
    types: &'a [Option<String>],
    f: &'a FunctionReport,
    live_from_first_use: bool,
    out: &mut String,
) {
    write_heading(f, live_from_first_use, out);
    if f.allocations.is_empty() {
        out.push('\n');
        return;
    }
    Table::new(m, types, f).write(file, out);
    write_sizes(m, f, out);
    write_run_time_sizes(m, f, out);
    write_pools(f, out);
    out.push('\n');
}

/// Appends a function's first line (its counts) and, when its rewrite was kept out, why.
fn write_heading(f: &FunctionReport, live_from_first_use: bool, out: &mut String) {
    let pooled = f.allocations.iter().filter(|a| a.offset.is_some()).count();
    let in_place = f
        .allocations
        .iter()
        .filter(|a| written_over(f, a).is_some())
        .count();
    let _ = write!(
        out,
        "func @{}: {} allocations, {} pooled",
        f.name,
        f.allocations.len(),
        pooled
    );
    if in_place > 0 {
        let _ = write!(out, " ({in_place} written in place)");
    }
    if live_from_first_use && !f.allocations.is_empty() {
        out.push_str(", live from first use");
    }
    out.push('\n');
    if let Some(message) = &f.kept_out {
        let _ = writeln!(
            out,
            "  left as it was read by --rewrite: the check of its rewrite failed: {message}"
        );
    }
}

/// What the table of one function's allocations is made from.
struct Table<'a> {
    m: &'a Module,
    types: &'a [Option<String>],
    f: &'a FunctionReport,
    /// Eligible allocations per memory space, for the status of those left out of a pool.
    per_space: Vec<(Option<crate::ir::types::Attr>, usize)>,
}

impl<'a> Table<'a> {
    /// The table of `f`'s allocations, `types` being the texts of the module's memref types.
    fn new(m: &'a Module, types: &'a [Option<String>], f: &'a FunctionReport) -> Table<'a> {
        let mut per_space: Vec<(Option<crate::ir::types::Attr>, usize)> = Vec::new();
        for b in f.allocations.iter().filter(|b| b.eligible()) {
            let space = super::memory_space(b.memory_space.as_deref());
            match per_space.iter_mut().find(|(s, _)| *s == space) {
                Some(entry) => entry.1 += 1,
                None => per_space.push((space, 1)),
            }
        }
        Table {
            m,
            types,
            f,
            per_space,
        }
    }

    /// How many eligible allocations share `a`'s memory space.
    fn eligible_in_space(&self, a: &Allocation) -> usize {
        let space = super::memory_space(a.memory_space.as_deref());
        self.per_space
            .iter()
            .find(|(s, _)| *s == space)
            .map_or(0, |e| e.1)
    }

    /// Appends the header line and a line per allocation, the columns as wide as their
    /// widest cell.
    fn write(&self, file: &SourceFile, out: &mut String) {
        let header = ["value", "type", "bytes", "live", "line", "status", "offset"];
        // The rows of a long table are made in two halves, side by side, each with the widths
        // of its cells; then the lines of each half are written, side by side, and joined.
        let allocations = &self.f.allocations;
        let apart = allocations.len() >= PARALLEL_MIN_ROWS;
        let (first, second) = allocations.split_at(allocations.len() / 2);
        let (second, first) = crate::parallel::side_by_side(
            apart,
            "bufreuse-report",
            || self.rows_of(file, second),
            || self.rows_of(file, first),
        );
        let mut widths = header.map(str::len);
        for (k, w) in widths.iter_mut().enumerate() {
            *w = (*w).max(first.widths[k]).max(second.widths[k]);
        }
        table_line(header, &widths, out);
        let (second, first) = crate::parallel::side_by_side(
            apart,
            "bufreuse-report",
            || second.lines(&widths),
            || first.lines(&widths),
        );
        out.push_str(&first);
        out.push_str(&second);
    }

    /// The rows of `allocations`, a run of the function's allocations, as one half of the
    /// table.
    fn rows_of(&self, file: &SourceFile, allocations: &'a [Allocation]) -> Half<'a> {
        let m = self.m;
        let mut lines = file.line_cursor();
        let mut half = Half::new();
        half.rows.reserve(allocations.len());
        for (k, a) in allocations.iter().enumerate() {
            if let Some(later) = allocations.get(k + PREFETCH_AHEAD) {
                crate::prefetch::prefetch(&m.op(later.op).span);
                crate::prefetch::prefetch(m.value(later.value));
            }
            let cells = self.row(a, lines.line(m.op(a.op).span.start), &mut half);
            half.push(cells);
        }
        half
    }

    /// The cells of `a`'s row, `line` being the line of the op that allocates it.
    fn row(&self, a: &'a Allocation, line: usize, half: &mut Half<'a>) -> Row<'a> {
        let m = self.m;
        let value = m.value(a.value);
        [
            Cell::Text(&value.name),
            match &self.types[value.ty.index()] {
                Some(text) => Cell::Text(text),
                None => half.write(|w| {
                    let _ = write!(w, "{}", m.ty(value.ty));
                }),
            },
            match (&a.bytes, &a.dynamic) {
                (Some(b), _) => half.write(|w| write_human_bytes(w, *b)),
                (None, Some(d)) => half.write(|w| {
                    let _ = write!(w, "{} B", d.describe(m));
                }),
                (None, None) => Cell::Text("-"),
            },
            match a.live {
                Some(l) => half.write(|w| {
                    let _ = write!(w, "[{}, {}]", l.start, l.end);
                }),
                None => Cell::Text("-"),
            },
            half.write(|w| {
                let _ = write!(w, "{line}");
            }),
            self.status(a, half),
            self.offset(a, half),
        ]
    }

    /// The status cell of `a`: pooled (in place over which input, if so), eligible and why it
    /// is not pooled, or the reason it is not eligible.
    fn status(&self, a: &Allocation, half: &mut Half<'a>) -> Cell<'a> {
        let f = self.f;
        match written_over(f, a) {
            Some((over, _)) => half.write(|w| {
                let _ = write!(w, "pooled, in place over {}", self.m.value(over.value).name);
            }),
            None => Cell::Text(match a.reason() {
                None if a.offset.is_some() => "pooled",
                None if f.kept_out.is_some() => "eligible (function kept out: check failed)",
                None if self.eligible_in_space(a) < 2 => "eligible (alone in its memory space)",
                None => "eligible (not pooled: no saving)",
                Some(r) => r.code(),
            }),
        }
    }

    /// The offset cell of `a`: its offset in the pool, the `max` of the ends it is placed
    /// above at run time, or `-`.
    fn offset(&self, a: &Allocation, half: &mut Half<'a>) -> Cell<'a> {
        match &a.offset {
            None => Cell::Text("-"),
            Some(Offset::Fixed(o)) => half.write(|w| {
                let _ = write!(w, "{o}");
            }),
            Some(Offset::Above { base, above, align }) if above.is_empty() => {
                match crate::plan::align_up(*base, *align) {
                    Some(o) => half.write(|w| {
                        let _ = write!(w, "{o}");
                    }),
                    None => Cell::Text("-"),
                }
            }
            Some(Offset::Above { base, above, .. }) => half.write(|w| {
                let _ = write!(w, "max({base}");
                for &j in above {
                    let _ = write!(
                        w,
                        ", end {}",
                        self.m.value(self.f.allocations[j].value).name
                    );
                }
                w.push(')');
            }),
        }
    }
}

/// Appends a function's peak live bytes (when and of what) and its bytes without and with
/// pools.
fn write_sizes(m: &Module, f: &FunctionReport, out: &mut String) {
    let live_at_peak: Vec<&str> = match f.peak_point {
        Some(p) => f
            .allocations
            .iter()
            .filter(|a| a.eligible() && a.live.is_some_and(|l| l.contains(p)))
            .map(|a| &*m.value(a.value).name)
            .collect(),
        None => Vec::new(),
    };
    let _ = write!(out, "  peak live: {}", human_bytes(f.peak_live_bytes));
    if let Some(p) = f.peak_point {
        let _ = write!(out, " at point {p} ({})", live_at_peak.join(", "));
    }
    out.push('\n');
    let run_time_part = if f.pools.iter().any(|p| !p.dynamic.is_empty()) {
        " + run-time part"
    } else {
        ""
    };
    let _ = write!(
        out,
        "  naive: {}, pool: {}{run_time_part}",
        human_bytes(f.naive_bytes),
        human_bytes(f.pool_bytes)
    );
    if f.pool_bytes > 0 && f.naive_bytes > 0 {
        let saved = f.naive_bytes.saturating_sub(f.pool_bytes);
        let _ = write!(
            out,
            " (saves {}, {:.1}%)",
            human_bytes(saved),
            saved as f64 * 100.0 / f.naive_bytes as f64
        );
    }
    out.push('\n');
}

/// Appends the sizes of a function's pooled allocations of run-time size, if it has any.
fn write_run_time_sizes(m: &Module, f: &FunctionReport, out: &mut String) {
    let run_time: Vec<String> = f
        .pools
        .iter()
        .flat_map(|p| &p.dynamic)
        .filter_map(|&i| f.allocations[i].dynamic.as_ref().map(|d| d.describe(m)))
        .collect();
    if !run_time.is_empty() {
        let _ = writeln!(
            out,
            "  of run-time size: {} pooled, {} B without sharing; offsets computed at function entry",
            run_time.len(),
            run_time.join(" + ")
        );
    }
}

/// Appends a line per pool of a function: its memory space, size, members and how good it is.
fn write_pools(f: &FunctionReport, out: &mut String) {
    for p in &f.pools {
        let space = p.memory_space().unwrap_or_else(|| "default".to_string());
        let run_time = if p.dynamic.is_empty() {
            String::new()
        } else {
            format!(" and {} of run-time size above them", p.dynamic.len())
        };
        let _ = writeln!(
            out,
            "  pool ({space} memory space): {} B for {} allocations{run_time}, alignment {}, lower bound {} B{}",
            p.size,
            p.members.len(),
            p.align,
            p.lower_bound,
            if p.proven_optimal {
                ", optimal"
            } else if p.timed_out {
                ", search timed out"
            } else {
                ""
            }
        );
        if p.chosen_at_run_time {
            out.push_str(
                "    used only where it costs no more than its buffers apart (compared when the function runs)\n",
            );
        }
    }
}

/// The input that `a` is written in place over, and the op that does it, when both are pooled
/// at one offset (the policy may have left one of a pair out of the pool, and then nothing is
/// written in place).
fn written_over<'f>(f: &'f FunctionReport, a: &Allocation) -> Option<(&'f Allocation, OpId)> {
    let p = a.in_place?;
    let over = &f.allocations[p.over];
    (a.offset.is_some() && over.offset == a.offset).then_some((over, p.at))
}

/// The version of the JSON report's schema (`docs/analyze.schema.json`, described in
/// `docs/analyze-json.md`): raised with any change to the report's fields or reason codes.
pub const JSON_SCHEMA_VERSION: u32 = 4;

/// The JSON report (its schema: `docs/analyze.schema.json`).
pub fn json(m: &Module, file: &SourceFile, analysis: &Analysis) -> String {
    let functions: Vec<Value> = analysis
        .functions
        .iter()
        .map(|f| {
            let allocations: Vec<Value> = f
                .allocations
                .iter()
                .map(|a| {
                    let (line, column) = file.line_col(m.op(a.op).span.start);
                    let mut o = Map::new();
                    o.insert("value".into(), json!(&*m.value(a.value).name));
                    o.insert("op".into(), json!(&*m.op(a.op).name));
                    o.insert("type".into(), json!(m.value_type(a.value).to_string()));
                    o.insert("bytes".into(), json!(a.bytes));
                    o.insert(
                        "size".into(),
                        json!(a.dynamic.as_ref().map(|d| d.describe(m))),
                    );
                    o.insert("line".into(), json!(line));
                    o.insert("column".into(), json!(column));
                    o.insert(
                        "live".into(),
                        a.live.map_or(Value::Null, |l| json!([l.start, l.end])),
                    );
                    o.insert(
                        "live_from".into(),
                        json!(match (a.first_use, analysis.live_from_first_use) {
                            (Some(_), true) => "first-use",
                            _ => "allocation",
                        }),
                    );
                    o.insert(
                        "first_use_line".into(),
                        json!(a.first_use.map(|u| file.line_col(m.op(u).span.start).0)),
                    );
                    o.insert("eligible".into(), json!(a.eligible()));
                    o.insert("reason".into(), json!(a.reason().map(Reason::code)));
                    o.insert(
                        "all_reasons".into(),
                        json!(
                            a.reasons
                                .iter()
                                .map(|r| r.reason.code())
                                .collect::<Vec<_>>()
                        ),
                    );
                    o.insert(
                        "detail".into(),
                        json!(a.reasons.first().and_then(|c| cause_detail(m, c))),
                    );
                    o.insert(
                        "offset".into(),
                        json!(a.offset.as_ref().and_then(Offset::fixed)),
                    );
                    o.insert(
                        "run_time_offset".into(),
                        match &a.offset {
                            Some(Offset::Above { base, above, align }) => json!({
                                "base": base,
                                "above": above
                                    .iter()
                                    .map(|&j| &*m.value(f.allocations[j].value).name)
                                    .collect::<Vec<_>>(),
                                "align": align,
                            }),
                            _ => Value::Null,
                        },
                    );
                    o.insert("alignment".into(), json!(a.align));
                    o.insert(
                        "in_place".into(),
                        match written_over(f, a) {
                            Some((over, at)) => {
                                let (line, column) = file.line_col(m.op(at).span.start);
                                json!({
                                    "over": &*m.value(over.value).name,
                                    "op": &*m.op(at).name,
                                    "line": line,
                                    "column": column,
                                })
                            }
                            None => Value::Null,
                        },
                    );
                    o.insert("branches".into(), json!(branches_around(m, file, a.op)));
                    Value::Object(o)
                })
                .collect();
            let pools: Vec<Value> = f
                .pools
                .iter()
                .map(|p| {
                    json!({
                        "memory_space": p.memory_space(),
                        "bytes": p.size,
                        "alignment": p.align,
                        "lower_bound": p.lower_bound,
                        "proven_optimal": p.proven_optimal,
                        "allocations": p.members.len() + p.dynamic.len(),
                        "run_time_allocations": p.dynamic.len(),
                        "chosen_at_run_time": p.chosen_at_run_time,
                    })
                })
                .collect();
            let mut o = Map::new();
            o.insert("name".into(), json!(f.name));
            o.insert("peak_live_bytes".into(), json!(f.peak_live_bytes));
            o.insert("naive_bytes".into(), json!(f.naive_bytes));
            o.insert("pool_bytes".into(), json!(f.pool_bytes));
            o.insert("peak_point".into(), json!(f.peak_point));
            o.insert("kept_out".into(), json!(f.kept_out));
            o.insert("pools".into(), Value::Array(pools));
            o.insert("allocations".into(), Value::Array(allocations));
            Value::Object(o)
        })
        .collect();
    let mut reasons = Map::new();
    for (r, n) in reason_counts(analysis) {
        reasons.insert(r.code().into(), json!(n));
    }
    let mut doc = Map::new();
    doc.insert("schema_version".into(), json!(JSON_SCHEMA_VERSION));
    doc.insert("functions".into(), Value::Array(functions));
    doc.insert("reasons".into(), Value::Object(reasons));
    let mut s = serde_json::to_string_pretty(&Value::Object(doc)).unwrap_or_default();
    s.push('\n');
    s
}

/// More than the reason code says, for the reasons that have more to say: which callee
/// argument captures a buffer, and what to do about lowered deallocation.
fn cause_detail(m: &Module, cause: &Cause) -> Option<String> {
    if let Some(c) = &cause.call {
        return Some(format!(
            "@{} argument #{} {}",
            c.callee,
            c.arg,
            c.why.describe()
        ));
    }
    let at = cause.at.map(|op| &*m.op(op).name);
    match (cause.reason, at) {
        (Reason::EscapesReturn, _) => Some(
            "where the function returns a buffer it allocated (bufferize-function-boundaries), \
             run mlir-opt --buffer-results-to-out-params=\"hoist-static-allocs \
             modify-public-functions\" first: the caller then allocates it, and may pool it"
                .to_string(),
        ),
        (Reason::PointerTaken, Some("memref.extract_aligned_pointer_as_index")) => Some(
            "where this comes from lowered deallocation, which compares addresses at run time, \
             run bufreuse before --bufferization-lower-deallocations, or with --before-dealloc \
             before --buffer-deallocation-pipeline"
                .to_string(),
        ),
        _ => None,
    }
}

/// Whether `op` is nested in a region of `outer`.
fn encloses(m: &Module, outer: OpId, op: OpId) -> bool {
    let mut up = m.parent_op(op);
    while let Some(p) = up {
        if p == outer {
            return true;
        }
        up = m.parent_op(p);
    }
    false
}

/// One remark per allocation that may not be pooled, with a note at the op that caused it
/// (and, for a call that captures it, one at the op in the callee that does).
pub fn remarks(m: &Module, analysis: &Analysis) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for f in &analysis.functions {
        for a in &f.allocations {
            if let Some((over, at)) = written_over(f, a) {
                let op = m.op(at);
                out.push(
                    Diagnostic::remark(
                        m.op(a.op).span,
                        format!(
                            "{} is written in place over {}, which dies where it is written",
                            m.value(a.value).name,
                            m.value(over.value).name
                        ),
                    )
                    .with_note(
                        Some(op.span),
                        format!("read and written element by element here ('{}')", op.name),
                    ),
                );
            }
            let Some(cause) = a.reasons.first() else {
                continue;
            };
            let reason = cause.reason;
            let mut message = format!(
                "{} cannot share memory [{}]: {}",
                m.value(a.value).name,
                reason.code(),
                reason.explain()
            );
            if let Some(detail) = cause_detail(m, cause) {
                message.push_str(&format!(" ({detail})"));
            }
            let mut d = Diagnostic::remark(m.op(a.op).span, message);
            if let Some(c) = cause.at {
                let op = m.op(c);
                // An allocation inside the op at fault (a loop, a branch) may not run.
                let inside = reason == Reason::SizeNotAvailable && encloses(m, c, a.op);
                let note = if inside && ops::row(&op.name).trips == Trips::Bounds {
                    "inside this loop, whose bounds or step are not known at the start of the function"
                } else if inside && ops::regions_exclusive(&op.name) {
                    "inside this branch, whose condition is not known at the start of the function"
                } else if inside {
                    "inside this op, which may not run it"
                } else {
                    reason.culprit_note()
                };
                d = d.with_note(Some(op.span), format!("{note} ('{}')", op.name));
            }
            if let Some(call) = &cause.call
                && let Some(inner) = call.why.at()
            {
                let op = m.op(inner);
                d = d.with_note(
                    Some(op.span),
                    format!(
                        "@{} {} here ('{}')",
                        call.callee,
                        call.why.describe(),
                        op.name
                    ),
                );
            }
            out.push(d);
        }
    }
    out
}

/// The `scf.if` / `scf.index_switch` ops around `op`, outermost first, each with the index of
/// its region that holds `op`: two allocations whose lists name one op with different regions
/// never exist together.
fn branches_around(m: &Module, file: &SourceFile, op: OpId) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cur = op;
    while let Some(block) = m.op(cur).parent {
        let owner = m.block_owner(block);
        let o = m.op(owner);
        if ops::regions_exclusive(&o.name) {
            let region = o.regions.iter().position(|&r| r == m.block(block).parent);
            let (line, column) = file.line_col(o.span.start);
            out.push(json!({"op": &*o.name, "line": line, "column": column, "region": region}));
        }
        cur = owner;
    }
    out.reverse();
    out
}
