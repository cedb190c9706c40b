//! Pictures and videos for the gallery and the catalogue: where media files live (`store`), how
//! an upload is received, checked and turned into the sizes pages ask for, and the video worker.

pub mod pictures;
pub mod receiving;
pub mod sizes;
pub mod store;
pub mod uploads;
pub mod video;

/// The programs media uploads run, and what fails without each (Debian: `apt install ffmpeg
/// libheif-examples webp`).
pub const TOOLS: [(&str, &str); 4] = [
    (
        "ffmpeg",
        "videos cannot be uploaded (it makes their web copies and posters)",
    ),
    (
        "ffprobe",
        "videos cannot be uploaded (it reads their size and length)",
    ),
    ("heif-convert", "iPhone photos (HEIC) cannot be uploaded"),
    (
        "cwebp",
        "pictures cannot be uploaded (it makes their WebP sizes)",
    ),
];

/// Each of [`TOOLS`] not found on `PATH`, with what will not work.
pub fn missing_tools() -> Vec<(&'static str, &'static str)> {
    missing_tools_on(&std::env::var_os("PATH").unwrap_or_default())
}

/// Each of [`TOOLS`] not found in the folders of `path` (a `PATH`-style list).
pub fn missing_tools_on(path: &std::ffi::OsStr) -> Vec<(&'static str, &'static str)> {
    TOOLS
        .into_iter()
        .filter(|(tool, _)| !std::env::split_paths(path).any(|dir| dir.join(tool).is_file()))
        .collect()
}
