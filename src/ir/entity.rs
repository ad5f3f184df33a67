//! Typed ids of IR entities: each is a `u32` index into one arena of `ir::Module`.
//!
//! `OpId` and `ValueId` are public (an analysis names ops and values by them), but only the
//! crate makes or reads one: to a user an id is a handle into the module it came from.

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// Its position in its arena.
            pub(crate) fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of position `index` of its arena.
            pub(crate) fn new(index: usize) -> Self {
                $name(u32::try_from(index).expect("more than 4 billion IR entities"))
            }
        }

        /// `op3`, `v12`, ...: its kind and its position in its arena.
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An operation.
    OpId,
    "op"
);
entity!(
    /// An SSA value: an op result or a block argument.
    ValueId,
    "v"
);
entity!(
    /// A block of a region.
    BlockId,
    "block"
);
entity!(
    /// A region of an op.
    RegionId,
    "region"
);
entity!(
    /// An interned type.
    TypeId,
    "type"
);
