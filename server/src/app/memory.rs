//! How the server gives memory back. glibc's malloc raises its mmap threshold each time a large
//! block is freed, so after one Argon2 hash (19 MiB) or one decoded photo, blocks that large are
//! served from the calling thread's arena and kept there when freed. Spread over the blocking
//! pool's threads, a soak of sign-ins and uploads grew the process to 428 MB. With the threshold
//! fixed at 128 KiB, each larger block is a mapping of its own, returned when freed: the same
//! soak peaked at 114 MB.
//!
//! glibc also gives a thread that finds its arena busy a new arena, up to eight a core, and each
//! keeps what was freed in it. One arena a core is enough for a runtime of one worker a core:
//! on issue 28's Valentine's morning (two cores) the process held 41.9 MB of its own with two
//! arenas and 46.7 MB with glibc's sixteen (performance.md, 2026-11-28). `MALLOC_ARENA_MAX` in
//! the environment still wins, for measuring.

/// Blocks larger than this are mapped on their own and given back when freed.
pub const MMAP_THRESHOLD: usize = 128 * 1024;

/// How many arenas malloc may make: one a core.
pub fn arenas() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}

/// Fixes malloc's mmap threshold and, unless `MALLOC_ARENA_MAX` says otherwise, its number of
/// arenas; true when malloc took them. Call before other threads start.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn give_back_large_blocks() -> bool {
    let arenas = i32::try_from(arenas()).unwrap_or(i32::MAX);
    // SAFETY: mallopt only changes malloc's tuning, and is called before any thread allocates.
    unsafe {
        let threshold = libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as libc::c_int) == 1;
        let arenas = std::env::var_os("MALLOC_ARENA_MAX").is_some()
            || libc::mallopt(libc::M_ARENA_MAX, arenas) == 1;
        threshold && arenas
    }
}

/// Other allocators give large blocks back on their own.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back_large_blocks() -> bool {
    true
}
