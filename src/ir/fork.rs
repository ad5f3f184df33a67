//! How the IR layer runs two pieces of work that may go side by side (the build of a hole, the
//! renumbering at its join, printing the halves of a large block), without knowing about
//! threads: the caller hands it a `Fork`. `OneThread` runs everything on the calling thread;
//! `parallel::Threads`, outside this layer, runs the pieces on two threads and faults pages
//! in ahead of time.

use std::sync::{Mutex, PoisonError};

/// Runs two pieces of work, side by side or one after the other, and takes hints that only
/// make things faster. What the work computes never depends on which.
pub trait Fork: Sync {
    /// Runs `there` and `here`: `there` on a thread of its own named `name` when `apart` and
    /// this fork has a second thread to give, else on this one. `here` gets `join`, which
    /// returns once `there` has run (on one thread: runs it then); if `here` does not call
    /// it, `there` runs, or is waited for, after `here`. A panic in `there` is resumed on
    /// this thread.
    fn run(
        &self,
        apart: bool,
        name: &str,
        there: &mut (dyn FnMut() + Send),
        here: &mut dyn FnMut(&mut dyn FnMut()),
    );

    /// Whether `run` may put `there` on a thread of its own (work that is split only to be
    /// shared between threads is not split otherwise).
    fn apart(&self) -> bool {
        false
    }

    /// A hint that the `length` bytes at `address` (whole pages of memory the program owns)
    /// are about to be written: a fork may fault them in meanwhile. Changes no contents.
    fn prefault(&self, address: usize, length: usize) {
        let _ = (address, length);
    }
}

/// The fork without threads: `there` runs on the calling thread when `here` joins it, or
/// after `here`.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneThread;

impl Fork for OneThread {
    fn run(
        &self,
        _apart: bool,
        _name: &str,
        there: &mut (dyn FnMut() + Send),
        here: &mut dyn FnMut(&mut dyn FnMut()),
    ) {
        let mut ran = false;
        let mut join = || {
            if !std::mem::replace(&mut ran, true) {
                there();
            }
        };
        here(&mut join);
        join();
    }
}

impl dyn Fork + '_ {
    /// Runs `there` and `here` as `run` does, and returns both results.
    pub fn both<A: Send, B>(
        &self,
        apart: bool,
        name: &str,
        there: impl FnOnce() -> A + Send,
        here: impl FnOnce() -> B,
    ) -> (A, B) {
        let (a, b) = self.joined(apart, name, there, |_| here());
        (a.expect("`there` ran"), b)
    }

    /// `both`, where `here` may wait for the result of `there` midway: `wait` returns it (once;
    /// then `None`). Returns the result of `there` if `here` did not take it, and that of
    /// `here`.
    pub fn joined<A: Send, B>(
        &self,
        apart: bool,
        name: &str,
        there: impl FnOnce() -> A + Send,
        here: impl FnOnce(&mut dyn FnMut() -> Option<A>) -> B,
    ) -> (Option<A>, B) {
        let result = Mutex::new(None);
        let mut there = Some(there);
        let mut there = || {
            if let Some(f) = there.take() {
                let a = f();
                *result.lock().unwrap_or_else(PoisonError::into_inner) = Some(a);
            }
        };
        let (mut here, mut b) = (Some(here), None);
        self.run(apart, name, &mut there, &mut |join| {
            if let Some(f) = here.take() {
                b = Some(f(&mut || {
                    join();
                    result.lock().unwrap_or_else(PoisonError::into_inner).take()
                }));
            }
        });
        let a = result.into_inner().unwrap_or_else(PoisonError::into_inner);
        (a, b.expect("`here` ran"))
    }
}

#[cfg(test)]
mod tests {
    use super::{Fork, OneThread};
    use pretty_assertions::assert_eq;
    use std::sync::Mutex;

    #[test]
    fn one_thread_runs_here_first_unless_joined() {
        let order = Mutex::new(Vec::new());
        let fork: &dyn Fork = &OneThread;
        let push = |s| order.lock().unwrap().push(s);
        fork.both(true, "test", || push("there"), || push("here"));
        let (taken, ()) = fork.joined(
            true,
            "test",
            || {
                push("there");
                7
            },
            |wait| {
                push("here");
                assert_eq!(wait(), Some(7));
                assert_eq!(wait(), None);
                push("after");
            },
        );
        assert_eq!(taken, None);
        assert_eq!(
            order.into_inner().unwrap(),
            ["here", "there", "here", "there", "after"]
        );
    }
}
