//! The front end's threads: how many it may use (`allowed`), and the one way it runs two
//! pieces of work side by side (`side_by_side`), including what happens when no second
//! thread can be started.
//!
//! Two pieces of the front end start their threads themselves, because the threads talk
//! while they run: the parse of a large text (`syntax::split`, where the second thread tells
//! the first where the hole is) and the build of the hole (`ir::build::part`, joined in the
//! middle of the main thread's walk).

use std::sync::Mutex;

/// How many threads the front end may use: 1 when the environment variable
/// `BUFREUSE_THREADS` says so (to compare with, or to keep a core free), else 2.
pub fn allowed() -> usize {
    match std::env::var("BUFREUSE_THREADS").ok().as_deref() {
        Some("1") => 1,
        _ => 2,
    }
}

/// Runs `there` on a thread of its own named `name` while `here` runs on this one, and returns
/// both results. Both run on this one, `here` first, unless `apart`, when one thread only is
/// allowed, or when the thread cannot be started. A panic on the other thread is resumed on
/// this one.
pub fn side_by_side<A: Send, B>(
    apart: bool,
    name: &str,
    there: impl FnOnce() -> A + Send,
    here: impl FnOnce() -> B,
) -> (A, B) {
    if !apart || allowed() < 2 {
        let b = here();
        return (there(), b);
    }
    // Taken by the thread; left for this one if the thread cannot be started.
    let there = Mutex::new(Some(there));
    let take = || there.lock().ok().and_then(|mut f| f.take());
    let (a, b) = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name(name.into())
            .stack_size(crate::WORKER_STACK_BYTES)
            .spawn_scoped(scope, || take().map(|f| f()));
        let b = here();
        let a = match thread.map(|t| t.join()) {
            Ok(Ok(a)) => a,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => None,
        };
        (a, b)
    });
    let a = a
        .or_else(|| take().map(|f| f()))
        .expect("`there` ran on neither thread");
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::side_by_side;
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
}
