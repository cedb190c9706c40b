//! Pictures and videos for the gallery and the catalogue: where media files live (`store`), how
//! an upload is received, checked and turned into the sizes pages ask for, and the video worker.

pub mod pictures;
pub mod receiving;
pub mod sizes;
pub mod store;
pub mod uploads;
pub mod video;
