//! `plan`: instances decoded from the bytes (`bufreuse_fuzz::decode_plan_input`: at most 64
//! buffers, bounded times and sizes, power-of-two alignments unless the header asks for raw
//! ones) are planned with every strategy under a small node budget. Every plan must pass
//! `plan::check::check` and report its own peak and the true lower bound; bad inputs must get
//! the error that names the first bad buffer; a plan that claims optimality must be no larger
//! than any other strategy's; the exact search must never be worse than the greedy plan it
//! starts from; and the checker itself must agree with a brute-force pairwise check.
#![no_main]

use bufreuse::plan::{self, Buffer, Plan, PlanError, PlanOptions, Strategy, check};
use bufreuse_fuzz::{CHECKER, HUGE_SIZES, decode_plan_input};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

const STRATEGIES: [Strategy; 4] = [
    Strategy::Auto,
    Strategy::Greedy,
    Strategy::Exact,
    Strategy::Naive,
];

fuzz_target!(|data: &[u8]| {
    let Some(input) = decode_plan_input(data) else {
        return;
    };
    let buffers = &input.buffers;
    if input.header & CHECKER != 0 {
        check_the_checker(buffers, &input.offsets);
    }
    let expected_error = input_error(buffers);
    let mut plans: Vec<(Strategy, Plan)> = Vec::new();
    for strategy in STRATEGIES {
        // A small budget keeps a run near 50 ms (the search does about 200k nodes a second,
        // and Exact runs twice); the search's pruning is exercised within the first nodes.
        let opts = PlanOptions {
            strategy,
            time_limit: Duration::from_secs(1),
            node_limit: 2_000,
            work_limit: u64::MAX,
            verify: false,
        };
        let result = plan::plan(buffers, &opts);
        if let Some(expected) = &expected_error {
            assert_eq!(result.as_ref().err(), Some(expected), "{strategy:?}");
            continue;
        }
        let p = match result {
            Ok(p) => p,
            // Sizes near 2^64 may make a plan (or its alignment padding) overflow.
            Err(PlanError::Overflow) if input.header & HUGE_SIZES != 0 => continue,
            Err(e) => panic!("{strategy:?}: {e} for {buffers:?}"),
        };
        validate(buffers, strategy, &p);
        if strategy == Strategy::Exact && !p.timed_out {
            let again = plan::plan(buffers, &opts).expect("planned once already");
            assert!(
                again.timed_out || again == p,
                "Exact is not deterministic: {p:?} then {again:?}"
            );
        }
        plans.push((strategy, p));
    }
    compare(&plans);
});

/// The error `plan` must return for an input it cannot plan, if any: the first buffer with an
/// empty lifetime, a bad alignment or a size that overflows when aligned, in that order, else
/// an overflowing lower bound.
fn input_error(buffers: &[Buffer]) -> Option<PlanError> {
    for (index, b) in buffers.iter().enumerate() {
        if b.end <= b.start {
            return Some(PlanError::EmptyLifetime { index });
        }
        if !b.align.is_power_of_two() {
            return Some(PlanError::BadAlignment {
                index,
                align: b.align,
            });
        }
        if b.size.checked_add(b.align - 1).is_none() {
            return Some(PlanError::Overflow);
        }
    }
    if lower_bound(buffers) > u128::from(u64::MAX) {
        return Some(PlanError::Overflow);
    }
    None
}

/// The largest total size live at one instant, by brute force: the live set only grows at
/// starts, so the maximum is reached at some buffer's start.
fn lower_bound(buffers: &[Buffer]) -> u128 {
    buffers
        .iter()
        .map(|t| {
            buffers
                .iter()
                .filter(|b| b.start <= t.start && t.start < b.end)
                .map(|b| u128::from(b.size))
                .sum::<u128>()
        })
        .max()
        .unwrap_or(0)
}

/// The planner's lower bound by brute force, with the largest live total of rounded sizes (the
/// planner saturates that total, so the bounds are compared only while it fits in a `u64`).
/// With `a` the smallest alignment of the buffers that take bytes, at each buffer's start the
/// live buffers take at least their sizes rounded up to `a`, all but the topmost, which takes
/// its size: the bound is the rounded total less the largest padding, or the plain total if
/// that is larger.
fn aligned_lower_bound(buffers: &[Buffer]) -> (u128, u128) {
    let a = u128::from(
        buffers
            .iter()
            .filter(|b| b.size > 0)
            .map(|b| b.align)
            .min()
            .unwrap_or(1),
    );
    let round = |b: &Buffer| u128::from(b.size).div_ceil(a) * a;
    let (mut bound, mut largest_rounded) = (0u128, 0u128);
    for t in buffers {
        let live: Vec<&Buffer> = buffers
            .iter()
            .filter(|b| b.start <= t.start && t.start < b.end)
            .collect();
        let plain: u128 = live.iter().map(|b| u128::from(b.size)).sum();
        let rounded: u128 = live.iter().map(|b| round(b)).sum();
        let pad = live
            .iter()
            .map(|b| round(b) - u128::from(b.size))
            .max()
            .unwrap_or(0);
        bound = bound.max(plain.max(rounded - pad));
        largest_rounded = largest_rounded.max(rounded);
    }
    (bound, largest_rounded)
}

/// A plan's own claims against the checker and the brute-force lower bounds.
fn validate(buffers: &[Buffer], strategy: Strategy, p: &Plan) {
    let peak = match check::check(buffers, &p.offsets) {
        Ok(peak) => peak,
        Err(v) => panic!("{strategy:?} made an invalid plan: {v:?}\n{buffers:?}\n{p:?}"),
    };
    assert_eq!(
        brute_force_check(buffers, &p.offsets),
        Ok(peak),
        "{strategy:?}"
    );
    assert_eq!(p.peak, peak, "{strategy:?} reports a wrong peak: {p:?}");
    assert!(
        u128::from(p.lower_bound) >= lower_bound(buffers),
        "{strategy:?}: lower bound below the plain live total"
    );
    let (aligned, rounded_total) = aligned_lower_bound(buffers);
    if rounded_total <= u128::from(u64::MAX) {
        assert_eq!(
            u128::from(p.lower_bound),
            aligned,
            "{strategy:?}: wrong lower bound"
        );
    }
    let lb = u128::from(p.lower_bound);
    assert!(
        u128::from(p.peak) >= lb,
        "{strategy:?}: peak below the lower bound"
    );
    assert!(
        p.proven_optimal || u128::from(p.peak) != lb,
        "{strategy:?}: reaches the lower bound but does not say it is optimal"
    );
    if strategy != Strategy::Naive {
        for (b, &o) in buffers.iter().zip(&p.offsets) {
            assert!(
                b.size > 0 || o == 0,
                "{strategy:?}: an empty buffer not at 0"
            );
        }
    }
}

/// Claims that relate the strategies' plans of one instance.
fn compare(plans: &[(Strategy, Plan)]) {
    let peak_of = |s: Strategy| plans.iter().find(|(t, _)| *t == s).map(|(_, p)| p.peak);
    for (s, p) in plans {
        if p.proven_optimal {
            for (t, q) in plans {
                assert!(
                    p.peak <= q.peak,
                    "{s:?} claims optimal peak {} but {t:?} found {}",
                    p.peak,
                    q.peak
                );
            }
        }
    }
    if let Some(greedy) = peak_of(Strategy::Greedy) {
        for s in [Strategy::Auto, Strategy::Exact] {
            if let Some(peak) = peak_of(s) {
                assert!(
                    peak <= greedy,
                    "{s:?} peak {peak} worse than Greedy {greedy}"
                );
            }
        }
    }
}

/// `check::check`'s verdict and peak must match a pairwise check that shares nothing with it.
fn check_the_checker(buffers: &[Buffer], offsets: &[u64]) {
    let got = check::check(buffers, offsets);
    let want = brute_force_check(buffers, offsets);
    match (&got, &want) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "checker peak"),
        (Err(v), Err(())) => assert!(!v.is_empty()),
        _ => panic!("checker says {got:?}, brute force {want:?}\n{buffers:?}\n{offsets:?}"),
    }
}

/// Valid when every offset is a multiple of its (non-zero) alignment, every buffer ends below
/// 2^64, and no two buffers that are live together (non-empty, half-open lifetimes
/// intersecting) share a byte. Returns the peak.
fn brute_force_check(buffers: &[Buffer], offsets: &[u64]) -> Result<u64, ()> {
    if buffers.len() != offsets.len() {
        return Err(());
    }
    let mut peak = 0u128;
    for (b, &o) in buffers.iter().zip(offsets) {
        if b.align == 0 || o % b.align != 0 {
            return Err(());
        }
        let end = u128::from(o) + u128::from(b.size);
        if end > u128::from(u64::MAX) {
            return Err(());
        }
        peak = peak.max(end);
    }
    let occupies = |b: &Buffer| b.size > 0 && b.start < b.end;
    for (i, (a, &oa)) in buffers.iter().zip(offsets).enumerate() {
        for (b, &ob) in buffers.iter().zip(offsets).skip(i + 1) {
            let live_together = a.start < b.end && b.start < a.end;
            let share = oa < ob + b.size && ob < oa + a.size;
            if occupies(a) && occupies(b) && live_together && share {
                return Err(());
            }
        }
    }
    Ok(peak as u64)
}
