//! What starts and wires a shop: the command line, the configuration it reads, the background
//! tasks, the demo seed, `/metrics` and `posy check`. The top floor: it may use every other module, and none uses it.

pub mod backup;
pub mod check;
pub mod cli;
pub mod config;
pub mod memory;
pub mod metrics;
pub mod private;
pub mod retention;
pub mod seed;
pub mod startup;
pub mod tasks;
