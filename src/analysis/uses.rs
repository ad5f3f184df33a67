//! Use lists: for every value, the ops that use it and at which operand, in one flat table.

use crate::ir::{Module, OpId, ValueId};

/// The uses of every value of a module, as `(user, operand index)` pairs, users in op order.
pub struct Uses {
    start: Vec<u32>,
    list: Vec<(OpId, u32)>,
}

impl Uses {
    pub fn of_module(m: &Module) -> Uses {
        let mut count = vec![0u32; m.values.len() + 1];
        for o in &m.ops {
            for v in &o.operands {
                count[v.index() + 1] += 1;
            }
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let start = count.clone();
        let mut next = count;
        let mut list = vec![(OpId(0), 0u32); *start.last().unwrap_or(&0) as usize];
        for (i, o) in m.ops.iter().enumerate() {
            for (k, v) in o.operands.iter().enumerate() {
                let slot = &mut next[v.index()];
                list[*slot as usize] = (OpId::new(i), k as u32);
                *slot += 1;
            }
        }
        Uses { start, list }
    }

    /// The uses of `v`.
    pub fn of(&self, v: ValueId) -> &[(OpId, u32)] {
        let a = self.start[v.index()] as usize;
        let b = self.start[v.index() + 1] as usize;
        &self.list[a..b]
    }
}
