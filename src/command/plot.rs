//! `--plot=FILE.svg`: a self-contained SVG picture of memory plans, one panel per pool. Time
//! (program points) runs left to right, bytes bottom to top; each buffer is a rectangle at its
//! live interval and offset, the live-bytes curve is drawn over them with its peak marked, and
//! horizontal lines show the pool size (and `--capacity`). Written by hand, deterministic.

use crate::analysis::report::human_bytes;
use std::fmt::Write;

/// One buffer in a panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlotBuffer {
    /// Short label drawn inside the rectangle where it fits (the value name).
    pub label: String,
    /// Tooltip text (value name, type, bytes, interval, offset).
    pub tooltip: String,
    /// Live interval, half-open `[start, end)` in program points.
    pub start: u64,
    pub end: u64,
    pub offset: u64,
    pub size: u64,
    /// Buffers with the same key get the same colour (an element type, or a size class).
    pub color_key: String,
}

/// One pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    pub pool: u64,
    pub lower_bound: u64,
    pub capacity: Option<u64>,
    pub buffers: Vec<PlotBuffer>,
}

const WIDTH: f64 = 1000.0;
const PLOT_H: f64 = 320.0;
const MARGIN_L: f64 = 80.0;
const MARGIN_R: f64 = 20.0;
const TITLE_H: f64 = 34.0;
const AXIS_H: f64 = 36.0;
const PANEL_H: f64 = TITLE_H + PLOT_H + AXIS_H + 16.0;

/// A colour-blind-friendly palette (Okabe-Ito and Tableau tones).
const PALETTE: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Round tick steps: 1, 2 or 5 times a power of ten (or of 1024 for bytes) close to range/count.
fn tick_step(range: f64, count: f64, base: f64) -> f64 {
    if range <= 0.0 {
        return 1.0;
    }
    let raw = range / count;
    let mut unit = 1.0;
    while unit * base <= raw {
        unit *= base;
    }
    for m in [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0] {
        if unit * m >= raw {
            return unit * m;
        }
    }
    unit * base
}

/// The SVG of all panels, stacked.
pub fn svg(panels: &[Panel]) -> String {
    let height = PANEL_H * panels.len().max(1) as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">"#
    );
    out.push_str("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    if panels.is_empty() {
        out.push_str("<text x=\"20\" y=\"40\" font-size=\"14\">no pool to show</text>\n");
    }
    for (i, p) in panels.iter().enumerate() {
        panel(&mut out, p, i as f64 * PANEL_H);
    }
    out.push_str("</svg>\n");
    out
}

/// Appends the panel of one pool, its top edge at `top`.
fn panel(out: &mut String, p: &Panel, top: f64) {
    let frame = Frame::of(p, top);
    write_title(out, p, &frame, top);
    write_axes(out, &frame);
    write_buffers(out, p, &frame);
    write_live_bytes(out, p, &frame);
    write_pool_lines(out, p, &frame);
}

/// Where a panel's plot area is, and how program points and bytes map to it.
struct Frame {
    /// The left edge of the plot area.
    x0: f64,
    /// The top edge of the plot area.
    y0: f64,
    /// The width of the plot area.
    plot_w: f64,
    /// The program point at the right edge.
    x_max: u64,
    /// The bytes at the top edge: the largest of the panel's sizes, with headroom.
    y_top_value: f64,
}

impl Frame {
    /// The frame of `p`'s panel, its top edge at `top`.
    fn of(p: &Panel, top: f64) -> Frame {
        let x_max = p.buffers.iter().map(|b| b.end).max().unwrap_or(1).max(1);
        let y_max = p
            .pool
            .max(p.capacity.unwrap_or(0))
            .max(p.lower_bound)
            .max(1);
        Frame {
            x0: MARGIN_L,
            y0: top + TITLE_H,
            plot_w: WIDTH - MARGIN_L - MARGIN_R,
            x_max,
            y_top_value: y_max as f64 * 1.06,
        }
    }

    /// The x of program point `t`.
    fn x(&self, t: u64) -> f64 {
        self.x0 + t as f64 / self.x_max as f64 * self.plot_w
    }

    /// The y of `b` bytes.
    fn y(&self, b: f64) -> f64 {
        self.y0 + PLOT_H - b / self.y_top_value * PLOT_H
    }
}

/// Appends the panel's title line (pool, lower bound, their ratio) and the plot's background.
fn write_title(out: &mut String, p: &Panel, frame: &Frame, top: f64) {
    let Frame { x0, y0, plot_w, .. } = *frame;
    let ratio = if p.lower_bound > 0 {
        p.pool as f64 / p.lower_bound as f64
    } else {
        1.0
    };
    let mut title: String = p.title.rsplit('/').next().unwrap_or(&p.title).to_string();
    if title.chars().count() > 40 {
        title = title.chars().take(39).collect::<String>() + "…";
    }
    let _ = writeln!(
        out,
        r#"<text x="{x0}" y="{:.1}" font-size="14" font-weight="bold">{} — pool {} ({} B), lower bound {} ({} B), ratio {:.3}, {} buffers</text>"#,
        top + 20.0,
        escape(&title),
        escape(&human_bytes(p.pool)),
        p.pool,
        escape(&human_bytes(p.lower_bound)),
        p.lower_bound,
        ratio,
        p.buffers.len()
    );
    let _ = writeln!(
        out,
        r##"<rect x="{x0}" y="{y0}" width="{plot_w}" height="{PLOT_H}" fill="#f7f7f7" stroke="#888888"/>"##
    );
}

/// Appends the byte axis, the program-point axis, their ticks and the latter's name.
fn write_axes(out: &mut String, frame: &Frame) {
    let Frame {
        x0,
        y0,
        plot_w,
        x_max,
        y_top_value,
    } = *frame;
    // Byte ticks at powers of two (512 B, 1 KiB, 2 KiB, ...), about six of them.
    let ystep = (y_top_value / 6.0).max(1.0).ceil().log2().ceil().exp2();
    let mut v = 0.0;
    while v <= y_top_value {
        let y = frame.y(v);
        let _ = writeln!(
            out,
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{x0}" y2="{y:.1}" stroke="#888888"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            x0 - 4.0,
            x0 - 6.0,
            y + 4.0,
            escape(&human_bytes(v as u64))
        );
        v += ystep;
    }
    let xstep = tick_step(x_max as f64, 10.0, 10.0).max(1.0);
    let mut t = 0.0;
    while t <= x_max as f64 {
        let x = frame.x(t as u64);
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#888888"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            y0 + PLOT_H,
            y0 + PLOT_H + 4.0,
            y0 + PLOT_H + 16.0,
            t as u64
        );
        t += xstep;
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">program point</text>"#,
        x0 + plot_w / 2.0,
        y0 + PLOT_H + 30.0
    );
}

/// Appends a rectangle per buffer, labelled where the label fits, with a colour per key in
/// order of first appearance.
fn write_buffers(out: &mut String, p: &Panel, frame: &Frame) {
    let mut keys: Vec<&str> = Vec::new();
    for b in &p.buffers {
        if !keys.contains(&b.color_key.as_str()) {
            keys.push(&b.color_key);
        }
    }
    for b in &p.buffers {
        let color =
            PALETTE[keys.iter().position(|k| *k == b.color_key).unwrap_or(0) % PALETTE.len()];
        let x = frame.x(b.start);
        let w = (frame.x(b.end) - x).max(0.5);
        let ytop = frame.y((b.offset + b.size) as f64);
        let h = (frame.y(b.offset as f64) - ytop).max(0.5);
        let _ = writeln!(
            out,
            r##"<rect x="{x:.2}" y="{ytop:.2}" width="{w:.2}" height="{h:.2}" fill="{color}" fill-opacity="0.85" stroke="#333333" stroke-width="0.5"><title>{}</title></rect>"##,
            escape(&b.tooltip)
        );
        let text_w = b.label.chars().count() as f64 * 6.5;
        if w > text_w + 4.0 && h >= 13.0 {
            let _ = writeln!(
                out,
                r##"<text x="{:.2}" y="{:.2}" text-anchor="middle" fill="#000000" pointer-events="none">{}</text>"##,
                x + w / 2.0,
                ytop + h / 2.0 + 4.0,
                escape(&b.label)
            );
        }
    }
}

/// Appends the live bytes at each point as a step curve, its maximum marked.
fn write_live_bytes(out: &mut String, p: &Panel, frame: &Frame) {
    let Frame { x0, y0, plot_w, .. } = *frame;
    let mut events: Vec<(u64, i128)> = Vec::with_capacity(p.buffers.len() * 2);
    for b in &p.buffers {
        events.push((b.start, i128::from(b.size)));
        events.push((b.end, -i128::from(b.size)));
    }
    events.sort();
    let mut points = vec![(frame.x(0), frame.y(0.0))];
    let mut live: i128 = 0;
    let mut peak = (0i128, 0u64);
    let mut i = 0;
    while i < events.len() {
        let t = events[i].0;
        let before = live;
        while i < events.len() && events[i].0 == t {
            live += events[i].1;
            i += 1;
        }
        points.push((frame.x(t), frame.y(before as f64)));
        points.push((frame.x(t), frame.y(live as f64)));
        if live > peak.0 {
            peak = (live, t);
        }
    }
    let path: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect();
    let _ = writeln!(
        out,
        r##"<polyline points="{}" fill="none" stroke="#000000" stroke-width="1.5"/>"##,
        path.join(" ")
    );
    if peak.0 > 0 {
        let (px, py) = (frame.x(peak.1), frame.y(peak.0 as f64));
        let _ = writeln!(
            out,
            r##"<circle cx="{px:.2}" cy="{py:.2}" r="3.5" fill="#d62728"/><text x="{:.2}" y="{:.2}" fill="#d62728" text-anchor="{}">peak live {}</text>"##,
            if px > x0 + plot_w * 0.8 {
                px - 6.0
            } else {
                px + 6.0
            },
            (py - 6.0).max(y0 + 10.0),
            if px > x0 + plot_w * 0.8 {
                "end"
            } else {
                "start"
            },
            escape(&human_bytes(peak.0 as u64))
        );
    }
}

/// Appends the horizontal lines of the pool size and, if one is given, the capacity.
fn write_pool_lines(out: &mut String, p: &Panel, frame: &Frame) {
    let Frame { x0, plot_w, .. } = *frame;
    let py = frame.y(p.pool as f64);
    let _ = writeln!(
        out,
        r##"<line x1="{x0}" y1="{py:.2}" x2="{:.1}" y2="{py:.2}" stroke="#1f77b4" stroke-dasharray="6,3"/><text x="{:.1}" y="{:.2}" text-anchor="end" fill="#1f77b4">pool {}</text>"##,
        x0 + plot_w,
        x0 + plot_w - 4.0,
        py - 4.0,
        escape(&human_bytes(p.pool))
    );
    if let Some(cap) = p.capacity {
        let cy = frame.y(cap as f64);
        let _ = writeln!(
            out,
            r##"<line x1="{x0}" y1="{cy:.2}" x2="{:.1}" y2="{cy:.2}" stroke="#d62728" stroke-dasharray="2,2"/><text x="{:.1}" y="{:.2}" fill="#d62728">capacity {}</text>"##,
            x0 + plot_w,
            x0 + 4.0,
            cy - 4.0,
            escape(&human_bytes(cap))
        );
    }
}

/// Panels for the pools of an analysis: one per pool, titled with the function name.
pub fn analysis_panels(
    m: &crate::ir::Module,
    analysis: &crate::analysis::Analysis,
    capacity: Option<u64>,
) -> Vec<Panel> {
    let mut panels = Vec::new();
    for f in &analysis.functions {
        for pool in &f.pools {
            let title = match pool.memory_space() {
                Some(s) => format!("@{} (memory space {s})", f.name),
                None => format!("@{}", f.name),
            };
            let buffers = pool
                .members
                .iter()
                .filter_map(|&i| {
                    let a = &f.allocations[i];
                    let live = a.live?;
                    let (start, end) = live.to_half_open();
                    let ty = m.value_type(a.value);
                    let name = &m.value(a.value).name;
                    let bytes = a.bytes?;
                    let offset = a.offset.as_ref()?.fixed()?;
                    Some(PlotBuffer {
                        label: name.to_string(),
                        tooltip: format!(
                            "{name} : {ty}\n{bytes} bytes, live [{}, {}], offset {offset}",
                            live.start, live.end
                        ),
                        start,
                        end,
                        offset,
                        size: bytes,
                        color_key: ty
                            .as_memref()
                            .map_or_else(|| ty.to_string(), |t| t.elem.to_string()),
                    })
                })
                .collect();
            panels.push(Panel {
                title,
                pool: pool.size,
                lower_bound: pool.lower_bound,
                capacity,
                buffers,
            });
        }
    }
    panels
}

/// The colour key of a buffer of the planner's CSV input: its size class (a power of two).
pub fn size_class(size: u64) -> String {
    human_bytes(size.max(1).next_power_of_two())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn buffer(label: &str, start: u64, end: u64, offset: u64, size: u64) -> PlotBuffer {
        PlotBuffer {
            label: label.into(),
            tooltip: label.into(),
            start,
            end,
            offset,
            size,
            color_key: "f32".into(),
        }
    }

    #[test]
    fn one_rectangle_per_buffer_at_its_place() {
        let p = Panel {
            title: "@f".into(),
            pool: 100,
            lower_bound: 100,
            capacity: None,
            buffers: vec![buffer("%a", 0, 5, 0, 50), buffer("%b", 5, 10, 50, 50)],
        };
        let s = svg(&[p]);
        let rects: Vec<&str> = s.lines().filter(|l| l.contains("<title>")).collect();
        assert_eq!(rects.len(), 2);
        // x scale: 900 px for 10 points; y: 320 px for 106 bytes (pool 100 plus 6% headroom).
        assert!(
            rects[0].starts_with(r#"<rect x="80.00" y="203.06" width="450.00" height="150.94""#),
            "{}",
            rects[0]
        );
        assert!(
            rects[1].starts_with(r#"<rect x="530.00" y="52.11" width="450.00" height="150.94""#),
            "{}",
            rects[1]
        );
    }

    #[test]
    fn same_input_same_bytes() {
        let p = Panel {
            title: "t".into(),
            pool: 10,
            lower_bound: 10,
            capacity: Some(20),
            buffers: vec![buffer("%x", 0, 1, 0, 10)],
        };
        assert_eq!(svg(std::slice::from_ref(&p)), svg(&[p]));
    }
}
