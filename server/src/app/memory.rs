//! How the server gives memory back. glibc's malloc raises its mmap threshold each time a large
//! block is freed, so after one Argon2 hash (19 MiB) or one decoded photo, blocks that large are
//! served from the calling thread's arena and kept there when freed. Spread over the blocking
//! pool's threads, a soak of sign-ins and uploads grew the process to 428 MB. With the threshold
//! fixed at 128 KiB, each larger block is a mapping of its own, returned when freed: the same
//! soak peaked at 114 MB.

/// Blocks larger than this are mapped on their own and given back when freed.
pub const MMAP_THRESHOLD: usize = 128 * 1024;

/// Fixes malloc's mmap threshold; true when malloc took it. Call before other threads start.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn give_back_large_blocks() -> bool {
    // SAFETY: mallopt only changes malloc's tuning, and is called before any thread allocates.
    unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as libc::c_int) == 1 }
}

/// Other allocators give large blocks back on their own.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back_large_blocks() -> bool {
    true
}

#[cfg(test)]
mod tests {
    #[test]
    fn malloc_takes_the_threshold() {
        assert!(super::give_back_large_blocks());
    }
}
