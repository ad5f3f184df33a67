//! Work that recurses deeply, run on a thread with the stack it needs, whatever thread the
//! caller is on: the library's entry points (parsing, building, verifying and printing recurse
//! over nested brackets and regions) and the planner's exact search (once per placed buffer).
//! Knows nothing of MLIR.

use std::cell::Cell;
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};

thread_local! {
    /// The stack this thread was started with by `spawn` (0 for any other thread).
    static STACK_BYTES: Cell<usize> = const { Cell::new(0) };
}

/// Runs `f` on a new thread named `name` with `bytes` of stack, and returns what it returns;
/// on this thread when this thread was itself started here with at least as much, or when no
/// thread can be started. A panic of `f` is resumed on this thread. Only the pages of the
/// stack that `f` touches are committed.
pub fn with_stack<R: Send>(bytes: usize, name: &str, f: impl FnOnce() -> R + Send) -> R {
    if STACK_BYTES.get() >= bytes {
        return f();
    }
    std::thread::scope(|scope| spawn(scope, bytes, name, f).join())
}

/// Work handed to a thread of `scope` by `spawn`, or kept for the caller's thread when no
/// thread could be started.
pub struct Spawned<'scope, F, R> {
    /// Taken by the thread when it starts.
    work: Arc<Mutex<Option<F>>>,
    thread: Option<ScopedJoinHandle<'scope, Option<R>>>,
}

impl<F: FnOnce() -> R, R> Spawned<'_, F, R> {
    /// Waits for the work to end and returns its result: the thread's, or, when there was no
    /// thread (or it could not take the work), the work run on this thread now. A panic of
    /// the work is resumed on this thread.
    pub fn join(self) -> R {
        if let Some(thread) = self.thread {
            match thread.join() {
                Ok(Some(result)) => return result,
                Ok(None) => {}
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        let work = self.work.lock().ok().and_then(|mut f| f.take());
        work.expect("work that no thread took")()
    }
}

/// Starts `f` on a thread of `scope` named `name` with `bytes` of stack (where a nested
/// `with_stack` of as much runs inline); `join` returns its result. If no thread can be
/// started, `f` runs on the caller's thread when it joins.
pub fn spawn<'scope, F, R>(
    scope: &'scope Scope<'scope, '_>,
    bytes: usize,
    name: &str,
    f: F,
) -> Spawned<'scope, F, R>
where
    F: FnOnce() -> R + Send + 'scope,
    R: Send + 'scope,
{
    // The thread's closure holds a second handle: a failed start drops the closure, not the
    // work.
    let work = Arc::new(Mutex::new(Some(f)));
    let theirs = Arc::clone(&work);
    let thread = std::thread::Builder::new()
        .name(name.into())
        .stack_size(bytes)
        .spawn_scoped(scope, move || {
            STACK_BYTES.set(bytes);
            let f = theirs.lock().ok().and_then(|mut f| f.take());
            f.map(|f| f())
        })
        .ok();
    Spawned { work, thread }
}

#[cfg(test)]
mod tests {
    use super::with_stack;
    use pretty_assertions::assert_eq;

    /// Recurses `depth` times with a frame of about a kilobyte that the optimizer keeps.
    fn deep(depth: u32) -> u32 {
        let frame = std::hint::black_box([depth as u8; 1024]);
        if depth == 0 {
            0
        } else {
            1 + deep(depth - 1) + u32::from(frame[0] == 0xff)
        }
    }

    #[test]
    fn a_recursion_past_an_ordinary_stack_runs() {
        // 20,000 kilobyte frames: about 20 MiB, ten times what `std::thread::spawn` gives.
        let depth = with_stack(64 << 20, "test-deep", || deep(20_000));
        assert!(depth >= 20_000, "{depth}");
    }

    #[test]
    fn a_thread_with_enough_stack_runs_the_work_itself() {
        let outer = with_stack(4 << 20, "test-outer", || {
            let here = std::thread::current().id();
            let inner = with_stack(1 << 20, "test-inner", || std::thread::current().id());
            (here, inner)
        });
        assert_eq!(outer.0, outer.1);
    }

    #[test]
    #[should_panic(expected = "from the worker")]
    fn a_panic_reaches_the_caller() {
        with_stack(1 << 20, "test-panic", || panic!("from the worker"));
    }
}
