//! Why an allocation may not share memory: stable reason codes, in the order in which the
//! report names the first one.

/// A reason an allocation is not eligible for pooling. The declaration order is the order of
/// precedence: `reason` in a report is the first that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// A `memref.alloca`: stack memory, reported but not pooled.
    Alloca,
    /// A dimension is dynamic (`?`) and dynamic pools are off (`--no-dynamic-pools`), or
    /// the size cannot be computed from the dimensions.
    DynamicShape,
    /// A dimension is dynamic and its size cannot be computed where the pool is allocated
    /// (the start of the function): it depends on a value computed later, or the allocation
    /// may not run at all.
    SizeNotAvailable,
    /// The type has a layout that is not the identity.
    NonIdentityLayout,
    /// The element type has no known byte size.
    UnsupportedElementType,
    /// It is inside a region that may run concurrently (or is not known to run sequentially).
    ParallelRegion,
    /// It or an alias is returned.
    EscapesReturn,
    /// It or an alias is passed to a call.
    EscapesCall,
    /// It or an alias leaves its block through a yield, a branch or an iter_arg.
    EscapesYield,
    /// It or an alias is stored as a value.
    EscapesStore,
    /// Its address is taken (as an index or a pointer).
    PointerTaken,
    /// `memref.realloc` frees it and may move it: a view of a pool cannot be reallocated.
    Reallocated,
    /// It or an alias is used by an op whose memory behaviour is not known.
    UnknownOp,
    /// It or an alias is used outside the block that holds the allocation.
    UsedOutsideBlock,
    /// No dealloc of it or an alias exists.
    NoDealloc,
    /// It is deallocated more than once.
    MultipleDeallocs,
    /// Its dealloc is not in the allocation's block (a conditional free, say).
    DeallocInOtherBlock,
    /// A `bufferization.dealloc` frees it under a condition not known to be true, or
    /// retains it (ownership that is only known at run time).
    ConditionalDealloc,
    /// It or an alias is used after its dealloc.
    UseAfterDealloc,
}

impl Reason {
    /// Every reason, in order of precedence.
    pub const ALL: [Reason; 19] = [
        Reason::Alloca,
        Reason::DynamicShape,
        Reason::SizeNotAvailable,
        Reason::NonIdentityLayout,
        Reason::UnsupportedElementType,
        Reason::ParallelRegion,
        Reason::EscapesReturn,
        Reason::EscapesCall,
        Reason::EscapesYield,
        Reason::EscapesStore,
        Reason::PointerTaken,
        Reason::Reallocated,
        Reason::UnknownOp,
        Reason::UsedOutsideBlock,
        Reason::NoDealloc,
        Reason::MultipleDeallocs,
        Reason::DeallocInOtherBlock,
        Reason::ConditionalDealloc,
        Reason::UseAfterDealloc,
    ];

    /// The stable code printed in reports.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Alloca => "alloca",
            Reason::DynamicShape => "dynamic-shape",
            Reason::SizeNotAvailable => "size-not-available",
            Reason::NonIdentityLayout => "non-identity-layout",
            Reason::UnsupportedElementType => "unsupported-element-type",
            Reason::ParallelRegion => "parallel-region",
            Reason::EscapesReturn => "escapes-return",
            Reason::EscapesCall => "escapes-call",
            Reason::EscapesYield => "escapes-yield",
            Reason::EscapesStore => "escapes-store",
            Reason::PointerTaken => "pointer-taken",
            Reason::Reallocated => "reallocated",
            Reason::UnknownOp => "unknown-op",
            Reason::UsedOutsideBlock => "used-outside-block",
            Reason::NoDealloc => "no-dealloc",
            Reason::MultipleDeallocs => "multiple-deallocs",
            Reason::DeallocInOtherBlock => "dealloc-in-other-block",
            Reason::ConditionalDealloc => "conditional-dealloc",
            Reason::UseAfterDealloc => "use-after-dealloc",
        }
    }

    /// One sentence for remarks.
    pub fn explain(self) -> &'static str {
        match self {
            Reason::Alloca => "it is a stack allocation (memref.alloca)",
            Reason::DynamicShape => "its shape is not static",
            Reason::SizeNotAvailable => {
                "its size is not known at the start of the function, where the pool is allocated"
            }
            Reason::NonIdentityLayout => "its type has a non-identity layout",
            Reason::UnsupportedElementType => "its element type has no known byte size",
            Reason::ParallelRegion => "it is inside a region that may run concurrently",
            Reason::EscapesReturn => "it or an alias is returned",
            Reason::EscapesCall => "it or an alias is passed to a call",
            Reason::EscapesYield => {
                "it or an alias leaves its block through a yield, branch or loop-carried value"
            }
            Reason::EscapesStore => "it or an alias is stored as a value",
            Reason::PointerTaken => "its address is taken",
            Reason::Reallocated => "it is resized by memref.realloc, which frees it",
            Reason::UnknownOp => {
                "it or an alias is used by an op whose memory behaviour is not known"
            }
            Reason::UsedOutsideBlock => {
                "it or an alias is used outside the block of the allocation"
            }
            Reason::NoDealloc => "it is never deallocated",
            Reason::MultipleDeallocs => "it is deallocated more than once",
            Reason::DeallocInOtherBlock => "its dealloc is not in the block of the allocation",
            Reason::ConditionalDealloc => {
                "a dealloc frees it only under a condition not known to be true or through a value that may be another buffer, or retains it"
            }
            Reason::UseAfterDealloc => "it or an alias is used after its dealloc",
        }
    }

    /// What the note at the culprit op says.
    pub fn culprit_note(self) -> &'static str {
        match self {
            Reason::EscapesReturn => "returned here",
            Reason::EscapesCall => "passed to a call here",
            Reason::EscapesYield => "leaves its block here",
            Reason::EscapesStore => "stored here",
            Reason::PointerTaken => "address taken here",
            Reason::Reallocated => "reallocated here",
            Reason::UnknownOp => "used by this op",
            Reason::UsedOutsideBlock => "used outside the block here",
            Reason::MultipleDeallocs => "deallocated again here",
            Reason::DeallocInOtherBlock => "deallocated here",
            Reason::ConditionalDealloc => "freed or retained here",
            Reason::UseAfterDealloc => "used here after the dealloc",
            Reason::ParallelRegion => "inside this op",
            Reason::SizeNotAvailable => "its size depends on this op",
            _ => "here",
        }
    }
}
