//! Why an allocation may not share memory: stable reason codes, in the order in which the
//! report names the first one.
//!
//! Each reason is one row of the table below: its variant (with its doc comment), its code,
//! the sentence of remarks and the note at the culprit op; the row's place is its precedence.
//! To add a reason: add its row here, push a `Cause` with it where it is detected (most
//! rules are in `lifetime`), then document its code in docs/analyze-json.md and in
//! docs/analyze.schema.json (tests/json_schema.rs checks both against `Reason::ALL`).

/// Declares `Reason` from its rows, and `ALL`, `code`, `explain` and `culprit_note` from the
/// same rows, so that no reason can be missing from one of them.
macro_rules! reason_table {
    (
        $(#[$enum_attr:meta])*
        pub enum Reason {
            $(
                $(#[$attr:meta])*
                $name:ident {
                    code: $code:literal,
                    explain: $explain:literal,
                    culprit_note: $note:literal $(,)?
                }
            ),* $(,)?
        }
    ) => {
        $(#[$enum_attr])*
        pub enum Reason {
            $(
                $(#[$attr])*
                $name,
            )*
        }

        impl Reason {
            /// Every reason, in order of precedence.
            pub const ALL: [Reason; [$(stringify!($name)),*].len()] = [$(Reason::$name),*];

            /// The stable code printed in reports.
            pub fn code(self) -> &'static str {
                match self {
                    $(Reason::$name => $code,)*
                }
            }

            /// One sentence for remarks.
            pub fn explain(self) -> &'static str {
                match self {
                    $(Reason::$name => $explain,)*
                }
            }

            /// What the note at the culprit op says.
            pub fn culprit_note(self) -> &'static str {
                match self {
                    $(Reason::$name => $note,)*
                }
            }
        }
    };
}

reason_table! {
    /// A reason an allocation is not eligible for pooling. The declaration order is the order of
    /// precedence: `reason` in a report is the first that applies.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub enum Reason {
        /// A `memref.alloca`: stack memory, reported but not pooled.
        Alloca {
            code: "alloca",
            explain: "it is a stack allocation (memref.alloca)",
            culprit_note: "here",
        },
        /// A dimension is dynamic (`?`) and dynamic pools are off (`--no-dynamic-pools`), or
        /// the size cannot be computed from the dimensions.
        DynamicShape {
            code: "dynamic-shape",
            explain: "its shape is not static",
            culprit_note: "here",
        },
        /// A dimension is dynamic and its size cannot be computed where the pool is allocated
        /// (the start of the function): it depends on a value computed later, or the allocation
        /// may not run at all.
        SizeNotAvailable {
            code: "size-not-available",
            explain: "its size is not known at the start of the function, where the pool is allocated",
            culprit_note: "its size depends on this op",
        },
        /// The type has a layout that is not the identity.
        NonIdentityLayout {
            code: "non-identity-layout",
            explain: "its type has a non-identity layout",
            culprit_note: "here",
        },
        /// The element type has no known byte size.
        UnsupportedElementType {
            code: "unsupported-element-type",
            explain: "its element type has no known byte size",
            culprit_note: "here",
        },
        /// It is inside a region that may run concurrently (or is not known to run sequentially).
        ParallelRegion {
            code: "parallel-region",
            explain: "it is inside a region that may run concurrently",
            culprit_note: "inside this op",
        },
        /// It or an alias is returned.
        EscapesReturn {
            code: "escapes-return",
            explain: "it or an alias is returned",
            culprit_note: "returned here",
        },
        /// It or an alias is passed to a call.
        EscapesCall {
            code: "escapes-call",
            explain: "it or an alias is passed to a call",
            culprit_note: "passed to a call here",
        },
        /// It or an alias leaves its block through a yield, a branch or an iter_arg.
        EscapesYield {
            code: "escapes-yield",
            explain: "it or an alias leaves its block through a yield, branch or loop-carried value",
            culprit_note: "leaves its block here",
        },
        /// It or an alias is stored as a value.
        EscapesStore {
            code: "escapes-store",
            explain: "it or an alias is stored as a value",
            culprit_note: "stored here",
        },
        /// Its address is taken (as an index or a pointer).
        PointerTaken {
            code: "pointer-taken",
            explain: "its address is taken",
            culprit_note: "address taken here",
        },
        /// `memref.realloc` frees it and may move it: a view of a pool cannot be reallocated.
        Reallocated {
            code: "reallocated",
            explain: "it is resized by memref.realloc, which frees it",
            culprit_note: "reallocated here",
        },
        /// It or an alias is used by an op whose memory behaviour is not known.
        UnknownOp {
            code: "unknown-op",
            explain: "it or an alias is used by an op whose memory behaviour is not known",
            culprit_note: "used by this op",
        },
        /// It or an alias is used outside the block that holds the allocation.
        UsedOutsideBlock {
            code: "used-outside-block",
            explain: "it or an alias is used outside the block of the allocation",
            culprit_note: "used outside the block here",
        },
        /// No dealloc of it or an alias exists.
        NoDealloc {
            code: "no-dealloc",
            explain: "it is never deallocated",
            culprit_note: "here",
        },
        /// It is deallocated more than once.
        MultipleDeallocs {
            code: "multiple-deallocs",
            explain: "it is deallocated more than once",
            culprit_note: "deallocated again here",
        },
        /// Its dealloc is not in the allocation's block (a conditional free, say).
        DeallocInOtherBlock {
            code: "dealloc-in-other-block",
            explain: "its dealloc is not in the block of the allocation",
            culprit_note: "deallocated here",
        },
        /// A `bufferization.dealloc` frees it under a condition not known to be true, or
        /// retains it (ownership that is only known at run time).
        ConditionalDealloc {
            code: "conditional-dealloc",
            explain: "a dealloc frees it only under a condition not known to be true or through a value that may be another buffer, or retains it",
            culprit_note: "freed or retained here",
        },
        /// It or an alias is used after its dealloc.
        UseAfterDealloc {
            code: "use-after-dealloc",
            explain: "it or an alias is used after its dealloc",
            culprit_note: "used here after the dealloc",
        },
    }
}
