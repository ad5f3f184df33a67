//! `bufreuse --plan FILE.csv`: plans a MiniMalloc CSV instance and prints it again with an
//! `offset` column (stdout), plus one summary line on stderr.
//!
//! The per-row `alignment` column sets each buffer's alignment; a file without one takes
//! `--alignment` for every buffer (1 when the flag is not given).

use super::Output;
use super::cli::Cli;
use crate::diag::Diagnostic;
use crate::plan::{PlanOptions, csv, plan};
use crate::source::SourceFile;
use std::time::Instant;

/// Runs `--plan` on a MiniMalloc CSV file.
pub fn run(file: &SourceFile, cli: &Cli) -> Result<Output, Vec<Diagnostic>> {
    let mut table = csv::parse(&file.text)?;
    if let Some(align) = cli.alignment
        && !table.has_alignment
    {
        for b in &mut table.buffers {
            b.align = align;
        }
    }
    let mut opts = PlanOptions::with_time_limit(cli.planner.into(), cli.search_time());
    opts.verify = cli.verify_plan;
    let started = Instant::now();
    let plan =
        plan(&table.buffers, &opts).map_err(|e| vec![Diagnostic::file_error(e.to_string())])?;
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(capacity) = cli.capacity
        && plan.peak > capacity
    {
        let why = if plan.lower_bound > capacity {
            "no plan can fit: more bytes than that are live at one time"
        } else {
            "the planner found no plan that fits"
        };
        return Err(vec![Diagnostic::file_error(format!(
            "the plan needs {} bytes, more than --capacity={capacity} ({why}; lower bound {})",
            plan.peak, plan.lower_bound
        ))]);
    }
    let ratio = if plan.lower_bound == 0 {
        1.0
    } else {
        plan.peak as f64 / plan.lower_bound as f64
    };
    let stderr = format!(
        "plan: peak {} lower_bound {} ratio {:.4} {} planner {} nodes {} time {:.3}s{}\n",
        plan.peak,
        plan.lower_bound,
        ratio,
        if plan.proven_optimal {
            "optimal"
        } else {
            "not-proven-optimal"
        },
        plan.strategy_used,
        plan.nodes,
        elapsed,
        if plan.timed_out {
            " (time limit hit)"
        } else {
            ""
        },
    );
    let panels = if cli.plot.is_some() {
        vec![plot_panel(file, &table.buffers, &plan, cli.capacity)]
    } else {
        Vec::new()
    };
    Ok(Output {
        stdout: table.render(&plan.offsets).into(),
        stderr,
        panels,
    })
}

/// The `--plot` panel of a planned instance: rows labeled by their line number, coloured by
/// size class.
fn plot_panel(
    file: &SourceFile,
    buffers: &[crate::plan::Buffer],
    plan: &crate::plan::Plan,
    capacity: Option<u64>,
) -> super::plot::Panel {
    let buffers = buffers
        .iter()
        .zip(&plan.offsets)
        .enumerate()
        .map(|(i, (b, &offset))| super::plot::PlotBuffer {
            label: format!("#{i}"),
            tooltip: format!(
                "row {i}: {} bytes, live [{}, {}), offset {offset}",
                b.size, b.start, b.end
            ),
            start: b.start,
            end: b.end,
            offset,
            size: b.size,
            color_key: super::plot::size_class(b.size),
        })
        .collect();
    super::plot::Panel {
        title: file.name.clone(),
        pool: plan.peak,
        lower_bound: plan.lower_bound,
        capacity,
        buffers,
    }
}
