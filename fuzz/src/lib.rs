//! What the fuzz targets share: running a case on a stack as large as the `bufreuse` binary's,
//! and the byte format of the `plan` target's instances.

use bufreuse::plan::Buffer;

/// Runs `f` on a fresh thread with the stack of the binary's worker thread
/// (`bufreuse::WORKER_STACK_BYTES`), as the binary does: a fuzz case that overflows it is a
/// finding; one that only overflows libFuzzer's 8 MiB main thread is not. A panic there is
/// resumed on libFuzzer's thread, whose panic hook (libfuzzer-sys') aborts the process, so
/// libFuzzer sees it as a crash.
pub fn on_big_stack<F: FnOnce() + Send>(f: F) {
    bufreuse::stack::with_stack(bufreuse::WORKER_STACK_BYTES, "fuzz-case", f);
}

/// How the MLIR targets plan their pools: `Auto` with a budget small enough for a fuzz case
/// (one second, 20,000 nodes), every plan checked.
pub fn plan_options() -> bufreuse::PlanOptions {
    bufreuse::PlanOptions {
        strategy: bufreuse::Strategy::Auto,
        time_limit: std::time::Duration::from_secs(1),
        node_limit: 20_000,
        work_limit: u64::MAX,
        verify: true,
    }
}

/// Most buffers in one `plan` instance.
pub const MAX_BUFFERS: usize = 64;

/// Bytes of one buffer record after the header byte.
pub const RECORD_BYTES: usize = 8;

/// Header bit: sizes are shifted left by `4 * (align byte >> 4)` bits (wrapping), so they can be
/// near `u64::MAX`; the planner may then answer `PlanError::Overflow`.
pub const HUGE_SIZES: u8 = 1;

/// Header bit: lifetimes may be empty and alignments are the raw byte (0 and non-powers of two
/// included); the planner must then name the first bad buffer.
pub const RAW: u8 = 2;

/// Header bit: each record has 4 more bytes, an offset (u32 LE, shifted like the size), and
/// the target checks `plan::check::check` on those offsets against a brute-force checker.
pub const CHECKER: u8 = 4;

/// One `plan` instance decoded from fuzz bytes.
#[derive(Clone, Debug)]
pub struct PlanInput {
    pub header: u8,
    pub buffers: Vec<Buffer>,
    /// With `CHECKER`: one offset per buffer.
    pub offsets: Vec<u64>,
}

/// Decodes `data`: one header byte, then up to `MAX_BUFFERS` records of `RECORD_BYTES` bytes
/// (4 more with `CHECKER`; trailing bytes are ignored):
///
/// | bytes | field |
/// |---|---|
/// | 0..2 | start, u16 little-endian |
/// | 2..4 | length, u16 LE: `end = start + 1 + length` (`start + length` with `RAW`) |
/// | 4..7 | size, u24 LE (shifted with `HUGE_SIZES`) |
/// | 7 | low 4 bits: alignment `1 << bits` (the raw byte with `RAW`); high 4 bits: size shift |
/// | 8..12 | with `CHECKER`: offset, u32 LE (shifted like the size with `HUGE_SIZES`) |
pub fn decode_plan_input(data: &[u8]) -> Option<PlanInput> {
    let (&header, rest) = data.split_first()?;
    let record = RECORD_BYTES + if header & CHECKER != 0 { 4 } else { 0 };
    let shift = |r: &[u8]| {
        if header & HUGE_SIZES != 0 {
            4 * u32::from(r[7] >> 4)
        } else {
            0
        }
    };
    let offsets = if header & CHECKER != 0 {
        rest.chunks_exact(record)
            .take(MAX_BUFFERS)
            .map(|r| u64::from(u32::from_le_bytes([r[8], r[9], r[10], r[11]])) << shift(r))
            .collect()
    } else {
        Vec::new()
    };
    let buffers = rest
        .chunks_exact(record)
        .take(MAX_BUFFERS)
        .map(|r| {
            let start = u64::from(u16::from_le_bytes([r[0], r[1]]));
            let length = u64::from(u16::from_le_bytes([r[2], r[3]]));
            let size = (u64::from(r[4]) | u64::from(r[5]) << 8 | u64::from(r[6]) << 16) << shift(r);
            let (end, align) = if header & RAW != 0 {
                (start + length, u64::from(r[7]))
            } else {
                (start + 1 + length, 1 << (r[7] & 0xf))
            };
            Buffer {
                start,
                end,
                size,
                align,
            }
        })
        .collect();
    Some(PlanInput {
        header,
        buffers,
        offsets,
    })
}

/// Known bugs, each guarded by an XFAIL lit test in `lit_tests/fuzz/` (or elsewhere), that the MLIR targets
/// let pass so that fuzzing goes on past them. Consulted only after a check failed, with the
/// input and the failure's text (the diagnostics, then the printed IR that failed); returns the
/// lit test's name when the failure is one of them.
/// Delete an entry when its bug is fixed (its lit test then passes and loses its XFAIL).
pub fn known_bug(input: &str, failure: &str) -> Option<&'static str> {
    // No open finding: the seven bugs listed here before were fixed in the session of
    // 2026-11-21 (their lit tests in lit_tests/fuzz/ and lit_tests/syntax/ pass). Add an entry
    // as `if <failure matches> { return Some("<its XFAIL lit test>"); }`.
    let _ = (input, failure);
    None
}
