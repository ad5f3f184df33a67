//! Everything the front end does only to be fast, behind one boundary: how many threads it may
//! use (`allowed`), the fork that runs work side by side (`Threads`, the threaded `ir::Fork`,
//! which also faults pages in ahead of time), the parse of a large text on two threads
//! (`split`, `parse_split`), and output kept in pieces (`Pieces`, what two printing threads
//! leave). The IR layer never imports this module: the entry points (`load`, the printing of
//! the command, the library's `print` and `rewrite`) hand it `Threads`, and whatever runs
//! without them (`ir::OneThread`) computes the same thing on one thread.

pub mod pieces;
pub mod split;
#[cfg(test)]
mod split_tests;

use crate::ir::{Fork, Module, OneThread};
use crate::syntax::ast::Parts;
pub use pieces::Pieces;

/// How many threads the front end may use: 1 when the environment variable
/// `BUFREUSE_THREADS` says so (to compare with, or to keep a core free), else 2.
pub fn allowed() -> usize {
    match std::env::var("BUFREUSE_THREADS").ok().as_deref() {
        Some("1") => 1,
        _ => 2,
    }
}

/// The fork with threads: `run` puts `there` on a thread of its own when two threads are
/// allowed (see `allowed`), with a stack of `crate::WORKER_STACK_BYTES`; `prefault` asks the
/// kernel for the pages.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threads;

impl Fork for Threads {
    fn run(
        &self,
        apart: bool,
        name: &str,
        there: &mut (dyn FnMut() + Send),
        here: &mut dyn FnMut(&mut dyn FnMut()),
    ) {
        if !apart || allowed() < 2 {
            return OneThread.run(apart, name, there, here);
        }
        std::thread::scope(|scope| {
            let thread = crate::stack::spawn(scope, crate::WORKER_STACK_BYTES, name, there);
            let mut thread = Some(thread);
            let mut join = || {
                if let Some(thread) = thread.take() {
                    thread.join();
                }
            };
            here(&mut join);
            join();
        });
    }

    fn apart(&self) -> bool {
        allowed() > 1
    }

    fn prefault(&self, address: usize, length: usize) {
        prefault(address, length);
    }
}

/// Runs `there` on a thread of its own named `name` while `here` runs on this one, and returns
/// both results (`Threads`' `both`). Both run on this one, `here` first, unless `apart`, when
/// one thread only is allowed, or when the thread cannot be started. A panic on the other
/// thread is resumed on this one.
pub fn side_by_side<A: Send, B>(
    apart: bool,
    name: &str,
    there: impl FnOnce() -> A + Send,
    here: impl FnOnce() -> B,
) -> (A, B) {
    (&Threads as &dyn Fork).both(apart, name, there, here)
}

/// From this many ops, a module (or a function) is large enough for its work to be split
/// between two threads: verifying beside the analysis' tables, analyzing its functions, and
/// checking a rewritten function's scopes beside its pools.
pub const APART_MIN_OPS: usize = 20_000;

/// `items.iter().map(f)`, collected in order, with the two halves mapped side by side when
/// `apart` (and two threads are allowed, as for `side_by_side`). `f` sees each item once,
/// and the result is the same either way.
pub fn map_halves<T: Sync, R: Send>(
    items: &[T],
    apart: bool,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    if !apart || items.len() < 2 || allowed() < 2 {
        return items.iter().map(f).collect();
    }
    let (first, second) = items.split_at(items.len() / 2);
    let (second, mut out) = side_by_side(
        true,
        "bufreuse-map",
        || second.iter().map(&f).collect::<Vec<R>>(),
        || first.iter().map(&f).collect::<Vec<R>>(),
    );
    out.extend(second);
    out
}

/// Parses a large text on two threads (see `split`): `None` when the text is too small for
/// that (or `BUFREUSE_THREADS=1`), or when the split does not fit, and then the caller parses
/// it with `syntax::parse_whole`, which also finds the errors.
pub fn parse_split(text: &str) -> Option<Parts<'_>> {
    if text.len() >= split::MIN_BYTES && allowed() > 1 {
        split::parse_parallel(text)
    } else {
        None
    }
}

/// Prints a whole module, in pieces: a large block's ops are printed by two threads, each into
/// a string of its own (see `ir::print::print_module_pieces`).
pub fn print_module(m: &Module) -> Pieces {
    crate::ir::print::print_module_pieces(m, &Threads).into()
}

/// Faults in the pages at `(address, length)` as if written, without writing them, so that
/// writing them later costs no page faults. Only a hint: the kernel changes no contents (so
/// another thread may use the memory meanwhile), and fails on pages that are not mapped.
fn prefault(address: usize, length: usize) {
    #[cfg(target_os = "linux")]
    if length > 0 {
        // SAFETY: the call reads and writes no memory of the program.
        unsafe {
            libc::madvise(
                address as *mut libc::c_void,
                length,
                libc::MADV_POPULATE_WRITE,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (address, length);
}

#[cfg(test)]
mod tests {
    use super::{Threads, side_by_side};
    use crate::ir::Fork;
    use pretty_assertions::assert_eq;
    use std::sync::Mutex;

    #[test]
    fn both_results_come_back_apart_or_not() {
        for apart in [false, true] {
            let data = [1u64, 2, 3, 4];
            let (a, b) = side_by_side(
                apart,
                "test",
                || data[2..].iter().sum::<u64>(),
                || data[..2].iter().sum::<u64>(),
            );
            assert_eq!((a, b), (7, 3));
        }
    }

    #[test]
    fn not_apart_runs_here_first() {
        let order = Mutex::new(Vec::new());
        side_by_side(
            false,
            "test",
            || order.lock().unwrap().push("there"),
            || order.lock().unwrap().push("here"),
        );
        assert_eq!(order.into_inner().unwrap(), ["here", "there"]);
    }

    /// `here` gets the result of `there` midway, whether `there` runs on a thread of its own
    /// or not.
    #[test]
    fn here_waits_for_there() {
        let fork: &dyn Fork = &Threads;
        for apart in [false, true] {
            let (left, (before, got)) = fork.joined(
                apart,
                "test",
                || 7,
                |wait| {
                    let before = 1;
                    (before, wait())
                },
            );
            assert_eq!((left, before, got), (None, 1, Some(7)));
        }
    }
}
