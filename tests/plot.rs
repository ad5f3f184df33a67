//! `--plot`: the SVG parses as XML, has one rectangle per pooled buffer, is the same bytes on
//! every run, and (where Chromium is installed) renders to a picture that is not blank.
//!
//! Chromium: `chromium`, `chromium-browser` or `google-chrome` on PATH;
//! `BUFREUSE_NO_CHROMIUM=1` makes it missing, to check the run without it on a machine that
//! has it.
//!
//! Harness (`harness = false`, the `libtest-mimic` crate): libtest's command line and output
//! (filters, `--skip`, `--exact`, `--list`, `--ignored`, `--include-ignored`); it captures
//! nothing. Without Chromium a line on stderr says so and `plots_render_in_chromium` is
//! reported `ignored`, never passed (`--include-ignored` runs it anyway, and it fails); with
//! `BUFREUSE_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs Chromium) it fails instead.

mod common;

use libtest_mimic::{Arguments, Trial};
use pretty_assertions::assert_eq;
use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let chromium = find_chromium();
    if chromium.is_none() {
        common::say_missing(
            "plot",
            "chromium not found (PATH, or BUFREUSE_NO_CHROMIUM is set)",
            "plots_render_in_chromium",
        );
    }
    let trials = vec![
        Trial::test("analyze_plot_has_one_rectangle_per_pooled_buffer", || {
            analyze_plot_has_one_rectangle_per_pooled_buffer();
            Ok(())
        }),
        Trial::test("plan_plot_places_rectangles_at_their_offsets", || {
            plan_plot_places_rectangles_at_their_offsets();
            Ok(())
        }),
        common::needs_tool(
            "plots_render_in_chromium",
            chromium.ok_or_else(|| "chromium not found".to_string()),
            |path| plots_render_in_chromium(&path),
        ),
    ];
    libtest_mimic::run(&args, trials).exit_code()
}

fn bufreuse() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bufreuse"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bufreuse-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> String {
    let out = bufreuse().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "bufreuse {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The rectangles that stand for buffers: those with a `<title>` tooltip.
fn buffer_rects(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(|n| {
            let title = n
                .children()
                .find(|c| c.has_tag_name("title"))?
                .text()?
                .to_string();
            let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            Some((num("x"), num("y"), num("width"), num("height"), title))
        })
        .collect()
}

fn analyze_plot_has_one_rectangle_per_pooled_buffer() {
    let input = root().join("examples/mlp8_static.rfc.mlir");
    let svg_path = tmp("mlp8.svg");
    let json = run(&[
        "--analyze",
        "--format=json",
        "--plot",
        svg_path.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    let pooled = json.matches("\"offset\": ").count() - json.matches("\"offset\": null").count();
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let rects = buffer_rects(&svg);
    assert_eq!(rects.len(), pooled);
    assert!(pooled > 20, "mlp8_static pools most of its 28 allocations");
    assert!(
        svg.contains("@mlp8"),
        "the panel is titled with the function name"
    );
    // No scripts, no external references: the file stands alone.
    assert!(!svg.contains("<script") && !svg.contains("href="));
    // Deterministic: a second run writes the same bytes.
    let again = tmp("mlp8-again.svg");
    run(&[
        "--analyze",
        "--plot",
        again.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), svg);
}

fn plan_plot_places_rectangles_at_their_offsets() {
    // Two buffers that overlap in time, then a third that reuses the first's slot.
    let csv = tmp("small.csv");
    std::fs::write(
        &csv,
        "id,lower,upper,size\n0,0,10,100\n1,5,20,50\n2,10,20,100\n",
    )
    .unwrap();
    let svg_path = tmp("small.svg");
    let out = run(&[
        "--plan",
        "--plot",
        svg_path.to_str().unwrap(),
        csv.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let rects = buffer_rects(&svg);
    assert_eq!(rects.len(), 3);
    // Read the offsets back from the CSV output and check each rectangle's vertical extent:
    // the plot spans 320 px for 1.06 × the pool size, bottom at y = 354.
    let pool: u64 = out
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<u64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            f[4] + f[3]
        })
        .max()
        .unwrap();
    let scale = 320.0 / (pool as f64 * 1.06);
    for (line, rect) in out.lines().skip(1).zip(&rects) {
        let f: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        let (size, offset) = (f[3] as f64, f[4] as f64);
        let bottom = rect.1 + rect.3;
        assert!(
            (bottom - (354.0 - offset * scale)).abs() < 0.02,
            "{line}: {rect:?}"
        );
        assert!((rect.3 - size * scale).abs() < 0.02, "{line}: {rect:?}");
        // x: 900 px for 20 points, from x = 80.
        assert!(
            (rect.0 - (80.0 + f[1] as f64 * 45.0)).abs() < 0.02,
            "{line}: {rect:?}"
        );
        assert!(
            (rect.2 - (f[2] - f[1]) as f64 * 45.0).abs() < 0.02,
            "{line}: {rect:?}"
        );
    }
}

/// Chromium on PATH; `None` when `BUFREUSE_NO_CHROMIUM` is set (not empty).
fn find_chromium() -> Option<PathBuf> {
    if env::var_os("BUFREUSE_NO_CHROMIUM").is_some_and(|v| !v.is_empty()) {
        return None;
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|d| d.join(name))
                    .find(|p| p.is_file())
            })
        })
}

/// Renders an SVG with headless Chromium; the picture must have more than a few colours.
fn assert_renders(chromium: &Path, svg: &Path, png: &Path) {
    let profile = tmp(&format!(
        "profile-{}",
        png.file_stem().unwrap().to_string_lossy()
    ));
    let status = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1000,420",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", svg.display()))
        .output()
        .unwrap();
    assert!(
        png.is_file(),
        "chromium wrote no screenshot: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixels = &buf[..info.buffer_size()];
    let channels = info.color_type.samples();
    let mut colours: Vec<&[u8]> = pixels.chunks(channels).collect();
    colours.sort();
    colours.dedup();
    assert!(
        colours.len() > 20,
        "the screenshot of {} is blank ({} colours)",
        svg.display(),
        colours.len()
    );
}

fn plots_render_in_chromium(chromium: &Path) {
    let svg = tmp("render.svg");
    run(&[
        "--analyze",
        "--plot",
        svg.to_str().unwrap(),
        root()
            .join("examples/mlp8_static.rfc.mlir")
            .to_str()
            .unwrap(),
    ]);
    assert_renders(chromium, &svg, &tmp("render.png"));
    let csv = root().join("bench/minimalloc/challenging/A.1048576.csv");
    if csv.is_file() {
        let svg = tmp("render-plan.svg");
        run(&[
            "--plan",
            "--planner=greedy",
            "--plot",
            svg.to_str().unwrap(),
            csv.to_str().unwrap(),
        ]);
        assert_renders(chromium, &svg, &tmp("render-plan.png"));
    }
}
