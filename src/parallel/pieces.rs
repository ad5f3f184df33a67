//! Output text kept in pieces and written one after another: a large module is printed by two
//! threads, each into a string of its own, and joining the two would copy tens of megabytes
//! (and hold both copies at once, the peak of the run's memory).

#[cfg(feature = "cli")]
use std::io::Write;

/// Text as pieces, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pieces(Vec<String>);

impl Pieces {
    /// Appends a short text to the last piece.
    #[cfg(feature = "cli")]
    pub fn push_str(&mut self, text: &str) {
        match self.0.last_mut() {
            Some(last) => last.push_str(text),
            None => self.0.push(text.to_string()),
        }
    }

    /// Appends the pieces of `other`, moved, not copied.
    #[cfg(feature = "cli")]
    pub fn append(&mut self, other: Pieces) {
        self.0.extend(other.0);
    }

    /// The text as one string (copied if there is more than one piece).
    pub fn into_string(mut self) -> String {
        if self.0.len() == 1 {
            self.0.pop().unwrap_or_default()
        } else {
            self.0.concat()
        }
    }

    /// Writes the pieces in order.
    #[cfg(feature = "cli")]
    pub fn write_to(&self, w: &mut impl Write) -> std::io::Result<()> {
        self.0.iter().try_for_each(|p| w.write_all(p.as_bytes()))
    }
}

impl From<String> for Pieces {
    fn from(text: String) -> Pieces {
        Pieces(vec![text])
    }
}

impl From<Vec<String>> for Pieces {
    fn from(pieces: Vec<String>) -> Pieces {
        Pieces(pieces)
    }
}
