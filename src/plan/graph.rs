//! The conflict graph of the buffers to place (who is live at the same time as whom) and its
//! components (groups separated by an instant that no lifetime crosses).

use super::Buffer;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Conflict lists in compressed form, indexed by buffer index (buffers outside the planned
/// items have empty lists, and so have the members of cliques too large to search, see
/// `build`).
pub(crate) struct Graph {
    /// `list[first[i]..first[i + 1]]` are the buffers conflicting with buffer `i`.
    first: Vec<usize>,
    list: Vec<u32>,
    /// For the members of a clique without lists, the size of their component.
    clique_size: Vec<u32>,
    /// The planned items grouped by component, each group in `(start, index)` order.
    pub components: Vec<Vec<u32>>,
    /// For each buffer, the index in `components` of its component (`u32::MAX` for buffers
    /// outside the planned items).
    component: Vec<u32>,
}

impl Graph {
    /// Builds the conflict lists of `items` (indices into `buffers`) with a sweep over time.
    /// A component of more than `search_max` buffers that is a clique (all live at one
    /// instant) gets no lists: the search never takes it, the greedy places it from
    /// `clique_size`, and its lists would be quadratic in size.
    pub fn build(buffers: &[Buffer], items: &[u32], search_max: usize) -> Graph {
        let mut order = items.to_vec();
        order.sort_unstable_by_key(|&i| (buffers[i as usize].start, i));
        let mut components: Vec<Vec<u32>> = Vec::new();
        let mut reach = 0u64;
        for &i in &order {
            let b = &buffers[i as usize];
            if components.is_empty() || b.start >= reach {
                components.push(Vec::new());
            }
            components.last_mut().unwrap().push(i);
            reach = reach.max(b.end);
        }
        let mut component = vec![u32::MAX; buffers.len()];
        for (c, members) in components.iter().enumerate() {
            for &i in members {
                component[i as usize] = c as u32;
            }
        }
        let mut clique_size = vec![0u32; buffers.len()];
        for members in &components {
            // Sorted by start: the last member starts latest.
            let latest_start = buffers[*members.last().unwrap() as usize].start;
            let earliest_end = members.iter().map(|&i| buffers[i as usize].end).min();
            if members.len() > search_max && Some(latest_start) < earliest_end {
                for &i in members {
                    clique_size[i as usize] = members.len() as u32;
                }
            }
        }
        order.retain(|&i| clique_size[i as usize] == 0);
        let mut degree = vec![0usize; buffers.len()];
        sweep(buffers, &order, |a, b| {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        });
        let mut first = Vec::with_capacity(buffers.len() + 1);
        let mut total = 0usize;
        first.push(0);
        for d in &degree {
            total += d;
            first.push(total);
        }
        let mut fill = first.clone();
        let mut list = vec![0u32; total];
        sweep(buffers, &order, |a, b| {
            list[fill[a as usize]] = b;
            fill[a as usize] += 1;
            list[fill[b as usize]] = a;
            fill[b as usize] += 1;
        });
        Graph {
            first,
            list,
            clique_size,
            components,
            component,
        }
    }

    /// The index in `components` of buffer `i`'s component (`i` must be a planned item).
    pub fn component_of(&self, i: u32) -> usize {
        self.component[i as usize] as usize
    }

    /// How many buffers conflict with buffer `i`.
    pub fn degree(&self, i: u32) -> usize {
        match self.clique_size[i as usize] {
            0 => self.conflicts(i).len(),
            size => size as usize - 1,
        }
    }

    /// The buffers whose lifetimes overlap buffer `i`'s (none listed for a member of a clique
    /// without lists).
    pub fn conflicts(&self, i: u32) -> &[u32] {
        &self.list[self.first[i as usize]..self.first[i as usize + 1]]
    }

    /// Asks the cache for where buffer `i`'s list lies (a hint for a loop that will call
    /// `conflicts(i)` later, see `prefetch`).
    pub fn prefetch_bounds(&self, i: u32) {
        crate::prefetch::prefetch(&self.first[i as usize]);
        crate::prefetch::prefetch(&self.component[i as usize]);
    }

    /// Asks the cache for buffer `i`'s list, every line of it.
    pub fn prefetch_conflicts(&self, i: u32) {
        for line in self.conflicts(i).chunks(64 / std::mem::size_of::<u32>()) {
            crate::prefetch::prefetch(&line[0]);
        }
    }
}

/// Calls `edge(a, b)` once for every conflicting pair, `order` being sorted by start.
fn sweep(buffers: &[Buffer], order: &[u32], mut edge: impl FnMut(u32, u32)) {
    // `active` holds the buffers live at the current start; `ends` finds the ones that died.
    let mut active: Vec<u32> = Vec::new();
    let mut slot = vec![usize::MAX; buffers.len()];
    let mut ends: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    for &i in order {
        let b = &buffers[i as usize];
        while let Some(&Reverse((end, j))) = ends.peek() {
            if end > b.start {
                break;
            }
            ends.pop();
            let s = slot[j as usize];
            active.swap_remove(s);
            if s < active.len() {
                slot[active[s] as usize] = s;
            }
        }
        for &j in &active {
            edge(j, i);
        }
        slot[i as usize] = active.len();
        active.push(i);
        ends.push(Reverse((b.end, i)));
    }
}
