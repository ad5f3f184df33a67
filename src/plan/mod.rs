//! The offset planner (placeholder: being written).
pub mod cli;
