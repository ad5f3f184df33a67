//! A cache hint for loops that jump around large tables (the greedy's buffers in size order,
//! the users of a value): asking for a later item's memory early lets its cache misses overlap
//! the work on the current one.

/// A hint to load the cache line holding `value`; it reads nothing and cannot fault.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; it dereferences nothing, and the address is
    // that of a live reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
