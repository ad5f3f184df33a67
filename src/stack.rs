//! Work that recurses deeply, run on a thread with the stack it needs, whatever thread the
//! caller is on: the library's entry points (parsing, building, verifying and printing recurse
//! over nested brackets and regions) and the planner's exact search (once per placed buffer).
//! Knows nothing of MLIR.

use std::cell::Cell;
use std::sync::Mutex;

thread_local! {
    /// The stack this thread was started with by `with_stack` (0 for any other thread).
    static STACK_BYTES: Cell<usize> = const { Cell::new(0) };
}

/// Runs `f` on a new thread named `name` with `bytes` of stack, and returns what it returns;
/// on this thread when this thread was itself started by `with_stack` with at least as much,
/// or when no thread can be started. A panic of `f` is resumed on this thread. Only the pages
/// of the stack that `f` touches are committed.
pub fn with_stack<R: Send>(bytes: usize, name: &str, f: impl FnOnce() -> R + Send) -> R {
    if STACK_BYTES.get() >= bytes {
        return f();
    }
    // Taken by the thread; left for this one if the thread cannot be started.
    let f = Mutex::new(Some(f));
    let take = || f.lock().ok().and_then(|mut f| f.take());
    let outcome = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name(name.into())
            .stack_size(bytes)
            .spawn_scoped(scope, || {
                STACK_BYTES.set(bytes);
                take().map(|f| f())
            })
            .map(|thread| thread.join())
    });
    match outcome {
        Ok(Ok(Some(result))) => result,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Ok(Ok(None)) | Err(_) => match take() {
            Some(f) => f(),
            None => unreachable!("the thread took the work and returned its result"),
        },
    }
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
