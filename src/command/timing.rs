//! `--timing`: the wall time of each stage of a run (read, parse and build, analyze, plan,
//! rewrite, check, print, write), printed to stderr when the run ends, as `mlir-opt
//! --mlir-timing` reports its passes. Stages run more than once (one per `--split-input-file`
//! chunk) are added up under one name.

use std::fmt::Write;
use std::time::{Duration, Instant};

/// The stages timed so far; a no-op unless enabled.
pub struct Timing {
    enabled: bool,
    start: Instant,
    last: Instant,
    stages: Vec<(&'static str, Duration)>,
}

impl Timing {
    pub fn new(enabled: bool) -> Timing {
        let now = Instant::now();
        Timing {
            enabled,
            start: now,
            last: now,
            stages: Vec::new(),
        }
    }

    /// Ends the stage `name`: the time since the previous stage ended is counted to it.
    pub fn stage(&mut self, name: &'static str) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let spent = now - self.last;
        self.last = now;
        match self.stages.iter_mut().find(|(n, _)| *n == name) {
            Some((_, total)) => *total += spent,
            None => self.stages.push((name, spent)),
        }
    }

    /// The report, or nothing when not enabled.
    pub fn report(&self) -> String {
        if !self.enabled {
            return String::new();
        }
        let total = self.last - self.start;
        let mut out = String::from("bufreuse: timing (wall clock)\n");
        let share = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-9);
        for (name, d) in &self.stages {
            let _ = writeln!(
                out,
                "  {:>9.4} s ({:5.1}%)  {name}",
                d.as_secs_f64(),
                share(*d)
            );
        }
        let _ = writeln!(out, "  {:>9.4} s (100.0%)  total", total.as_secs_f64());
        out
    }
}
