//! Test-only: the optimal pool size by brute force, to check the planners against. It shares
//! no code with them, and the property tests (`tests/plan_props.rs`) include this same file
//! with `#[path]`, so it names nothing but `Buffer` from its parent module.

use super::Buffer;

/// The optimum: first fit (lowest aligned free offset) in every order of the buffers, pruned
/// by the best pool found so far. Placing an optimal plan's buffers by increasing offset with
/// first fit never puts one higher than in that plan, so the best order reaches the optimum.
pub fn optimum(buffers: &[Buffer]) -> u64 {
    let mut best = u64::MAX;
    extend(
        buffers,
        &mut Vec::new(),
        &mut vec![false; buffers.len()],
        &mut best,
    );
    best
}

/// Tries every unplaced buffer next after `placed` (pairs of index and offset).
fn extend(buffers: &[Buffer], placed: &mut Vec<(usize, u64)>, used: &mut [bool], best: &mut u64) {
    let peak = placed
        .iter()
        .map(|&(j, o)| o + buffers[j].size)
        .max()
        .unwrap_or(0);
    if peak >= *best {
        return;
    }
    if placed.len() == buffers.len() {
        *best = peak;
        return;
    }
    for i in 0..buffers.len() {
        if !used[i] {
            let offset = first_fit(buffers, placed, &buffers[i]);
            used[i] = true;
            placed.push((i, offset));
            extend(buffers, placed, used, best);
            placed.pop();
            used[i] = false;
        }
    }
}

/// The lowest offset, aligned for `b`, where `b` clashes with no placed buffer live with it.
fn first_fit(buffers: &[Buffer], placed: &[(usize, u64)], b: &Buffer) -> u64 {
    let mut offset = 0;
    loop {
        let clash = placed.iter().find(|&&(j, o)| {
            let c = &buffers[j];
            c.start < b.end && b.start < c.end && o < offset + b.size && offset < o + c.size
        });
        match clash {
            Some(&(j, o)) => offset = (o + buffers[j].size).next_multiple_of(b.align),
            None => return offset,
        }
    }
}
