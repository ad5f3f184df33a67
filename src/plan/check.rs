//! The independent plan checker: it shares no code with the placers (its own sweep, its own
//! overlap test, its own arithmetic), so a bug in a placer cannot hide in both.
//!
//! It sweeps time (ends before starts at equal times, lifetimes being half-open) keeping the
//! live buffers ordered by offset. When the live set is free of overlaps, a new buffer that
//! overlaps any live one overlaps its neighbour below or above in that order, so checking the
//! two neighbours finds every plan with at least one overlap.

use super::Buffer;
use std::collections::BTreeMap;
use std::fmt;

/// Something wrong with a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The plan has `offsets` entries for `buffers` buffers.
    #[allow(missing_docs)]
    WrongLength { buffers: usize, offsets: usize },
    /// Buffer `buffer`'s offset is not a multiple of its alignment.
    #[allow(missing_docs)]
    Misaligned {
        buffer: usize,
        offset: u64,
        align: u64,
    },
    /// Buffer `buffer` ends beyond `u64::MAX`.
    #[allow(missing_docs)]
    Overflow { buffer: usize },
    /// Buffers `a` and `b` are live at the same time and share bytes.
    #[allow(missing_docs)]
    Overlap { a: usize, b: usize },
    /// The planner reported a peak that is not the plan's largest `offset + size`.
    #[allow(missing_docs)]
    WrongPeak { reported: u64, actual: u64 },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongLength { buffers, offsets } => {
                write!(f, "{offsets} offsets for {buffers} buffers")
            }
            Violation::Misaligned {
                buffer,
                offset,
                align,
            } => write!(
                f,
                "buffer {buffer} at offset {offset} is not {align}-byte aligned"
            ),
            Violation::Overflow { buffer } => write!(f, "buffer {buffer} ends beyond 2^64"),
            Violation::Overlap { a, b } => {
                write!(f, "buffers {a} and {b} are live together and overlap")
            }
            Violation::WrongPeak { reported, actual } => {
                write!(f, "reported peak {reported}, actual {actual}")
            }
        }
    }
}

/// Checks a plan; returns its peak (largest `offset + size`, 0 for no buffers) or every
/// violation found (at least one whenever the plan is invalid).
pub fn check(buffers: &[Buffer], offsets: &[u64]) -> Result<u64, Vec<Violation>> {
    if buffers.len() != offsets.len() {
        return Err(vec![Violation::WrongLength {
            buffers: buffers.len(),
            offsets: offsets.len(),
        }]);
    }
    let mut violations = Vec::new();
    let mut peak = 0u64;
    // (time, 0 = end / 1 = start, buffer): ends sort first at equal times.
    let mut events = Vec::with_capacity(2 * buffers.len());
    for (i, (b, &offset)) in buffers.iter().zip(offsets).enumerate() {
        if b.align == 0 || offset % b.align != 0 {
            violations.push(Violation::Misaligned {
                buffer: i,
                offset,
                align: b.align,
            });
        }
        match offset.checked_add(b.size) {
            Some(end) => peak = peak.max(end),
            None => {
                violations.push(Violation::Overflow { buffer: i });
                continue;
            }
        }
        // Empty buffers occupy no byte and empty lifetimes are never live.
        if b.size > 0 && b.start < b.end {
            events.push((b.start, 1u8, i));
            events.push((b.end, 0u8, i));
        }
    }
    events.sort_unstable();
    // Live buffers by (offset, index) -> end of their bytes.
    let mut live: BTreeMap<(u64, usize), u64> = BTreeMap::new();
    for (_, kind, i) in events {
        let lo = offsets[i];
        let hi = lo + buffers[i].size;
        if kind == 0 {
            live.remove(&(lo, i));
            continue;
        }
        if let Some((&(_, j), &below_end)) = live.range(..(lo, i)).next_back()
            && below_end > lo
        {
            violations.push(Violation::Overlap {
                a: j.min(i),
                b: j.max(i),
            });
        }
        if let Some((&(above_lo, j), _)) = live.range((lo, i)..).next()
            && above_lo < hi
        {
            violations.push(Violation::Overlap {
                a: j.min(i),
                b: j.max(i),
            });
        }
        live.insert((lo, i), hi);
    }
    if violations.is_empty() {
        Ok(peak)
    } else {
        Err(violations)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn buf(start: u64, end: u64, size: u64, align: u64) -> Buffer {
        Buffer {
            start,
            end,
            size,
            align,
        }
    }

    #[test]
    fn accepts_a_valid_plan_and_reports_its_peak() {
        let buffers = [
            buf(0, 2, 4, 1),
            buf(1, 3, 4, 4),
            buf(2, 4, 8, 1),
            buf(0, 9, 0, 1),
        ];
        assert_eq!(check(&buffers, &[0, 4, 8, 100]), Ok(100));
        assert_eq!(check(&buffers, &[0, 4, 8, 0]), Ok(16));
        assert_eq!(check(&[], &[]), Ok(0));
    }

    #[test]
    fn catches_overlaps_in_time_and_memory() {
        let buffers = [buf(0, 2, 4, 1), buf(1, 3, 4, 1)];
        assert_eq!(
            check(&buffers, &[0, 3]),
            Err(vec![Violation::Overlap { a: 0, b: 1 }])
        );
        // Touching lifetimes do not overlap: [0, 2) and [2, 4).
        assert_eq!(check(&[buf(0, 2, 4, 1), buf(2, 4, 4, 1)], &[0, 0]), Ok(4));
        // An overlap hidden behind a buffer that is not a neighbour in time order.
        let buffers = [buf(0, 10, 100, 1), buf(1, 2, 10, 1), buf(3, 4, 10, 1)];
        assert_eq!(
            check(&buffers, &[0, 200, 50]),
            Err(vec![Violation::Overlap { a: 0, b: 2 }])
        );
    }

    #[test]
    fn catches_misalignment_overflow_and_length() {
        assert_eq!(
            check(&[buf(0, 1, 4, 8)], &[4]),
            Err(vec![Violation::Misaligned {
                buffer: 0,
                offset: 4,
                align: 8
            }])
        );
        assert_eq!(
            check(&[buf(0, 1, 4, 1)], &[u64::MAX - 1]),
            Err(vec![Violation::Overflow { buffer: 0 }])
        );
        assert_eq!(
            check(&[buf(0, 1, 4, 1)], &[]),
            Err(vec![Violation::WrongLength {
                buffers: 1,
                offsets: 0
            }])
        );
    }
}
