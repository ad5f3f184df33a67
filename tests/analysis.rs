//! Integration tests of the analysis through the library API (`read`, `analyze`, `pool`,
//! `report`):
//!
//! - exact live intervals, sizes and peak of a hand-written function with loops, branches and
//!   an alias, worked out by hand in the comments;
//! - a cross-check on seeded random straight-line functions: every interval, reason and the
//!   peak are recomputed here from the generator's own record of the program, sharing no code
//!   with `src/analysis`, and every pool is checked for overlaps and alignment;
//! - goldens: the text and JSON reports of two pipeline-corpus files (`tests/golden/`), as
//!   `bufreuse --analyze` prints them. `BUFREUSE_BLESS=1 cargo test --test analysis` rewrites
//!   them; check the difference by hand before committing it.

use bufreuse::{
    Analysis, AnalysisOptions as Options, FunctionReport, Interval, Module, ReportFormat,
    SourceFile, render,
};
use pretty_assertions::assert_eq;
use std::collections::BTreeMap;
use std::path::Path;

/// Parses and analyzes `text` with the default options; panics with the rendered diagnostics.
fn analyze(name: &str, text: &str) -> (Module, Analysis) {
    let file = SourceFile::new(name, text);
    let module = bufreuse::read(&file)
        .unwrap_or_else(|d| panic!("{name} does not load:\n{}\n{text}", render(&file, &d)));
    let mut analysis = bufreuse::analyze(&module, &Options::default())
        .unwrap_or_else(|d| panic!("{name} does not analyze:\n{}\n{text}", render(&file, &d)));
    bufreuse::pool(&module, &mut analysis, &Default::default())
        .unwrap_or_else(|d| panic!("{name} does not pool:\n{}\n{text}", render(&file, &d)));
    (module, analysis)
}

/// What a test compares of one allocation: its interval, size and reason codes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Summary {
    live: Option<Interval>,
    bytes: Option<u64>,
    reasons: Vec<&'static str>,
}

/// The allocations of a function by SSA name.
fn summaries(m: &Module, f: &FunctionReport) -> BTreeMap<String, Summary> {
    f.allocations
        .iter()
        .map(|a| {
            let summary = Summary {
                live: a.live,
                bytes: a.bytes,
                reasons: a.reasons.iter().map(|r| r.reason.code()).collect(),
            };
            (m.value_name(a.value).to_string(), summary)
        })
        .collect()
}

fn iv(start: u32, end: u32) -> Option<Interval> {
    Some(Interval { start, end })
}

fn eligible(live: Option<Interval>, bytes: u64) -> Summary {
    Summary {
        live,
        bytes: Some(bytes),
        reasons: Vec::new(),
    }
}

const HAND_WRITTEN: &str = r#"
func.func @hand(%c: i1, %n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloc() : memref<8xf32>
  %big = memref.alloc() : memref<4x8xf32>
  %row = memref.subview %big[1, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 8>>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.store %v, %t[%i] : memref<8xf32>
    scf.if %c {
      %x = memref.load %t[%i] : memref<8xf32>
      memref.store %x, %acc[%i] : memref<8xf32>
    }
    memref.dealloc %t : memref<8xf32>
  }
  %w = memref.alloc() : memref<2xf64>
  %r = scf.while (%k = %c0) : (index) -> index {
    %cond = arith.cmpi slt, %k, %n : index
    scf.condition(%cond) %k : index
  } do {
  ^bb0(%k2: index):
    %f = memref.load %row[%k2] : memref<8xf32, strided<[1], offset: 8>>
    %d = arith.extf %f : f32 to f64
    memref.store %d, %w[%c0] : memref<2xf64>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3 : index
  }
  memref.dealloc %w : memref<2xf64>
  %out = memref.load %acc[%c0] : memref<8xf32>
  memref.dealloc %acc : memref<8xf32>
  memref.dealloc %big : memref<4x8xf32>
  %never = memref.alloc() : memref<4xi32>
  memref.dealloc %never : memref<4xi32>
  return %out : f32
}
"#;

/// Program points of `HAND_WRITTEN`: 0 %c0, 1 %c1, 2 %acc, 3 %big, 4 subview, 5 scf.for,
/// 6 %t, 7 store, 8 scf.if, 9 load %t, 10 store %acc, 11 scf.yield, 12 dealloc %t,
/// 13 scf.yield, 14 %w, 15 scf.while, 16 cmpi, 17 scf.condition, 18 load %row, 19 extf,
/// 20 store %w, 21 addi, 22 scf.yield, 23 dealloc %w, 24 load %acc, 25-26 deallocs,
/// 27 %never, 28 dealloc, 29 return.
#[test]
fn intervals_of_a_hand_written_function() {
    let (m, a) = analyze("hand.mlir", HAND_WRITTEN);
    assert_eq!(a.functions.len(), 1);
    let f = &a.functions[0];
    let expected: BTreeMap<String, Summary> = [
        // First used in the loop (inside the scf.if): live across the whole loop, then to 24.
        ("%acc", eligible(iv(5, 24), 32)),
        // From the subview; used through %row inside the scf.while body: live across the
        // whole scf.while.
        ("%big", eligible(iv(4, 22), 128)),
        // In the loop body, from the store: the load in the scf.if counts as the whole scf.if.
        ("%t", eligible(iv(7, 11), 32)),
        // First used in the scf.while: from the whole scf.while.
        ("%w", eligible(iv(15, 22), 16)),
        // Never used: live at its own point.
        ("%never", eligible(iv(27, 27), 16)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(summaries(&m, f), expected);
    // %acc + %big + %t at points 7..=11; %acc + %big + %w is only 176.
    assert_eq!(f.peak_live_bytes, 192);
    assert_eq!(f.peak_point, Some(7));
    assert_eq!(f.naive_bytes, 224);
    assert!(a.warnings.is_empty());
    check_pools(&m, f, 64);
}

/// Every pool of `f`: members live at one point never share a byte, every offset is aligned
/// to the pool alignment and to the member's own, the pool holds every member, and it is no
/// smaller than the bytes of its members live at one point.
fn check_pools(m: &Module, f: &FunctionReport, min_align: u64) {
    for pool in &f.pools {
        let last = pool
            .members
            .iter()
            .map(|&x| f.allocations[x].live.unwrap().end)
            .max()
            .unwrap_or(0);
        let members_peak: u64 = (0..=last)
            .map(|p| {
                pool.members
                    .iter()
                    .map(|&x| &f.allocations[x])
                    .filter(|a| a.live.unwrap().contains(p))
                    .map(|a| a.bytes.unwrap())
                    .sum()
            })
            .max()
            .unwrap_or(0);
        assert!(
            pool.size >= members_peak,
            "@{}: pool of {} bytes < {members_peak} bytes live together",
            f.name,
            pool.size
        );
        for (i, &x) in pool.members.iter().enumerate() {
            let a = &f.allocations[x];
            let (off, bytes, live) = (
                a.offset.as_ref().and_then(|o| o.fixed()).unwrap(),
                a.bytes.unwrap(),
                a.live.unwrap(),
            );
            let name = m.value_name(a.value);
            assert_eq!(
                off % min_align.max(a.align),
                0,
                "{name} at {off} in @{}",
                f.name
            );
            assert!(
                off + bytes <= pool.size,
                "{name} past the end of @{}'s pool",
                f.name
            );
            for &y in &pool.members[i + 1..] {
                let b = &f.allocations[y];
                let (boff, bbytes, blive) = (
                    b.offset.as_ref().and_then(|o| o.fixed()).unwrap(),
                    b.bytes.unwrap(),
                    b.live.unwrap(),
                );
                let together = live.start <= blive.end && blive.start <= live.end;
                let shared = off < boff + bbytes && boff < off + bytes && bytes > 0 && bbytes > 0;
                assert!(
                    !(together && shared),
                    "{name} and {} share bytes while both live in @{}",
                    m.value_name(b.value),
                    f.name
                );
            }
        }
    }
}

/// xorshift64*: a small seeded generator, so that a failure can be replayed from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn percent(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
}

/// Element types of the random programs, with their byte sizes as LLVM stores them.
const ELEMENTS: [(&str, u64); 5] = [("f32", 4), ("f64", 8), ("i8", 1), ("i32", 4), ("i1", 1)];

/// One buffer of a random program, as the generator recorded it.
struct Buf {
    name: String,
    elem: usize,
    len: u64,
    /// Program point of the alloc.
    at: u32,
    /// Names and types of the buffer and its aliases.
    names: Vec<(String, String)>,
    /// Points of the ops that use the buffer or an alias, deallocs excepted.
    uses: Vec<u32>,
    deallocs: Vec<u32>,
    called: bool,
}

impl Buf {
    fn bytes(&self) -> u64 {
        self.len * ELEMENTS[self.elem].1
    }

    /// [first use, last use], the interval of a buffer in a straight-line function, or the
    /// allocation's point when nothing uses it.
    fn live(&self) -> Interval {
        Interval {
            start: self.uses.iter().copied().min().unwrap_or(self.at),
            end: self.uses.iter().copied().max().unwrap_or(self.at),
        }
    }

    /// The reasons that apply, in the order of precedence of the specification.
    fn reasons(&self) -> Vec<&'static str> {
        let mut r = Vec::new();
        if self.called {
            r.push("escapes-call");
        }
        match self.deallocs.len() {
            0 => r.push("no-dealloc"),
            1 => {}
            _ => r.push("multiple-deallocs"),
        }
        let first_dealloc = self.deallocs.iter().min();
        if first_dealloc.is_some_and(|&d| self.uses.iter().any(|&u| u > d)) {
            r.push("use-after-dealloc");
        }
        r
    }
}

/// A straight-line function of random allocs, loads, stores, casts, subviews, calls and
/// deallocs (some missing, some twice, some before a use), with the record of what it does.
fn random_program(rng: &mut Rng) -> (String, Vec<Buf>) {
    let mut body: Vec<String> = Vec::new();
    let mut bufs: Vec<Buf> = Vec::new();
    let mut values = 0;
    let steps = 1 + rng.below(40);
    for _ in 0..steps {
        let live: Vec<usize> = (0..bufs.len())
            .filter(|&i| bufs[i].deallocs.is_empty())
            .collect();
        if bufs.is_empty() || (bufs.len() < 12 && rng.percent(25)) {
            let elem = rng.below(ELEMENTS.len() as u64) as usize;
            let len = 1 + rng.below(40);
            let name = format!("%a{}", bufs.len());
            let ty = format!("memref<{len}x{}>", ELEMENTS[elem].0);
            bufs.push(Buf {
                name: name.clone(),
                elem,
                len,
                at: body.len() as u32,
                names: vec![(name.clone(), ty.clone())],
                uses: Vec::new(),
                deallocs: Vec::new(),
                called: false,
            });
            body.push(format!("{name} = memref.alloc() : {ty}"));
            continue;
        }
        // Mostly buffers not yet freed; sometimes one that is (a use or a dealloc after it).
        let b = if !live.is_empty() && rng.percent(90) {
            live[rng.below(live.len() as u64) as usize]
        } else {
            rng.below(bufs.len() as u64) as usize
        };
        let point = body.len() as u32;
        let elem = ELEMENTS[bufs[b].elem].0;
        let (name, ty) = bufs[b].names[rng.below(bufs[b].names.len() as u64) as usize].clone();
        let action = rng.below(100);
        if action < 40 {
            body.push(if rng.percent(50) {
                values += 1;
                format!("%l{values} = memref.load {name}[%c0] : {ty}")
            } else {
                format!("memref.store %v_{elem}, {name}[%c0] : {ty}")
            });
            bufs[b].uses.push(point);
        } else if action < 60 && bufs[b].names.len() < 4 {
            values += 1;
            let (alias, alias_ty, line) = if rng.percent(50) {
                let alias = format!("%cast{values}");
                let alias_ty = format!("memref<?x{elem}>");
                let line = format!("{alias} = memref.cast {name} : {ty} to {alias_ty}");
                (alias, alias_ty, line)
            } else {
                let alias = format!("%sub{values}");
                let alias_ty = format!("memref<1x{elem}, strided<[1]>>");
                let line =
                    format!("{alias} = memref.subview {name}[0] [1] [1] : {ty} to {alias_ty}");
                (alias, alias_ty, line)
            };
            body.push(line);
            bufs[b].uses.push(point);
            bufs[b].names.push((alias, alias_ty));
        } else if action < 66 {
            values += 1;
            body.push(format!(
                "%u{values} = memref.cast {name} : {ty} to memref<*x{elem}>"
            ));
            body.push(format!(
                "func.call @sink_{elem}(%u{values}) : (memref<*x{elem}>) -> ()"
            ));
            bufs[b].uses.extend([point, point + 1]);
            bufs[b].called = true;
        } else if !name.starts_with("%sub") {
            body.push(format!("memref.dealloc {name} : {ty}"));
            bufs[b].deallocs.push(point);
        }
    }
    // Most buffers are freed at the end; the others leak (`no-dealloc`).
    for b in &mut bufs {
        if b.deallocs.is_empty() && rng.percent(85) {
            b.deallocs.push(body.len() as u32);
            body.push(format!("memref.dealloc {} : {}", b.name, b.names[0].1));
        }
    }
    let mut text = String::new();
    for (elem, _) in ELEMENTS {
        text.push_str(&format!(
            "func.func private @sink_{elem}(memref<*x{elem}>)\n"
        ));
    }
    // `%c0` and the stored values are arguments, so that the first op of the body is point 0.
    let args: Vec<String> = ELEMENTS
        .iter()
        .map(|(e, _)| format!("%v_{e}: {e}"))
        .collect();
    text.push_str(&format!(
        "func.func @random(%c0: index, {}) {{\n",
        args.join(", ")
    ));
    for line in &body {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("  return\n}\n");
    (text, bufs)
}

/// A pool kept by default makes the function hold no more than its buffers did apart: the
/// pool, the 64 bytes MLIR's lowering adds for its alignment and the most the eligible buffers
/// left out hold at once, against the most all eligible buffers hold at once, each from its
/// alloc to its dealloc (points of the generator's record; an eligible buffer has one dealloc).
fn check_pool_cost(m: &Module, f: &FunctionReport, bufs: &[Buf], text: &str) {
    if f.pools.is_empty() {
        return;
    }
    let pooled: Vec<String> = f
        .allocations
        .iter()
        .filter(|a| a.offset.is_some())
        .map(|a| m.value_name(a.value).to_string())
        .collect();
    let held_at_most = |left_out: bool| {
        let held = |b: &&Buf| b.reasons().is_empty() && (!left_out || !pooled.contains(&b.name));
        let last = bufs
            .iter()
            .filter(held)
            .map(|b| b.deallocs[0])
            .max()
            .unwrap_or(0);
        (0..=last)
            .map(|p| {
                bufs.iter()
                    .filter(held)
                    .filter(|b| b.at <= p && p <= b.deallocs[0])
                    .map(Buf::bytes)
                    .sum::<u64>()
            })
            .max()
            .unwrap_or(0)
    };
    let with_pool = f.pool_bytes + 64 + held_at_most(true);
    assert!(
        with_pool <= held_at_most(false),
        "{}: the pool of {} bytes and the rest hold {with_pool} bytes, more than {} apart:\n{text}",
        f.name,
        f.pool_bytes,
        held_at_most(false)
    );
}

/// Brute force: the largest sum of sizes of eligible buffers live at one point.
fn brute_force_peak(bufs: &[Buf]) -> u64 {
    let last = bufs.iter().map(|b| b.live().end).max().unwrap_or(0);
    (0..=last)
        .map(|p| {
            bufs.iter()
                .filter(|b| b.reasons().is_empty() && b.live().contains(p))
                .map(Buf::bytes)
                .sum()
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn random_straight_line_functions_match_a_brute_force() {
    let mut pooled = 0;
    let mut ineligible = 0;
    for seed in 1..=400u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (text, bufs) = random_program(&mut rng);
        let name = format!("random-{seed}.mlir");
        let (m, a) = analyze(&name, &text);
        let f = &a.functions[0];
        let expected: BTreeMap<String, Summary> = bufs
            .iter()
            .map(|b| {
                let summary = Summary {
                    live: Some(b.live()),
                    bytes: Some(b.bytes()),
                    reasons: b.reasons(),
                };
                (b.name.clone(), summary)
            })
            .collect();
        assert_eq!(summaries(&m, f), expected, "seed {seed}:\n{text}");
        assert_eq!(
            f.peak_live_bytes,
            brute_force_peak(&bufs),
            "seed {seed}:\n{text}"
        );
        let naive: u64 = bufs
            .iter()
            .filter(|b| b.reasons().is_empty())
            .map(Buf::bytes)
            .sum();
        assert_eq!(f.naive_bytes, naive, "seed {seed}:\n{text}");
        check_pools(&m, f, 64);
        check_pool_cost(&m, f, &bufs, &text);
        pooled += f.allocations.iter().filter(|a| a.offset.is_some()).count();
        ineligible += bufs.iter().filter(|b| !b.reasons().is_empty()).count();
    }
    // The generator must exercise both sides, or the test proves little.
    assert!(pooled > 500, "only {pooled} allocations pooled");
    assert!(ineligible > 200, "only {ineligible} allocations ineligible");
}

/// The reports of `bufreuse --analyze` (text, then `--format=json`) for a file.
fn reports(path: &Path) -> [String; 2] {
    let text = std::fs::read_to_string(path).unwrap();
    let file = SourceFile::new(path.file_name().unwrap().to_string_lossy(), text);
    let (module, analysis) = analyze(&file.name, file.text());
    assert_eq!(
        render(&file, &analysis.warnings),
        "",
        "{}: no warnings expected",
        file.name
    );
    [ReportFormat::Text, ReportFormat::Json].map(|format| {
        bufreuse::report(&module, &file, &analysis, format).expect("an analysis of this module")
    })
}

#[test]
fn goldens() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("BUFREUSE_BLESS").is_some_and(|v| v == "1");
    for input in ["mlp8_static.rfc.mlir", "loops_if.pf.mlir"] {
        let [text, json] = reports(&dir.join(input));
        let stem = input.trim_end_matches(".mlir");
        for (ext, actual) in [("txt", text), ("json", json)] {
            let golden = dir.join(format!("{stem}.{ext}"));
            if bless {
                std::fs::write(&golden, &actual).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&golden).unwrap_or_else(|e| {
                panic!("{}: {e}; BUFREUSE_BLESS=1 writes it", golden.display())
            });
            assert_eq!(
                actual,
                expected,
                "{} differs; if the change is right, BUFREUSE_BLESS=1 rewrites it",
                golden.display()
            );
        }
    }
}
