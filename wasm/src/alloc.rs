//! The module's memory allocator: blocks in power-of-two sizes, each size with its own list of
//! freed blocks, new ones cut from pages the module grows its memory by. Rust's default for
//! the browser, dlmalloc, is about 8 KB of the module (3 KB gzip), more than this page needs:
//! it makes small strings and lists for a moment and frees them, so blocks of a size are
//! reused and nothing needs merging. The price: a block may be up to twice the size asked for,
//! and a freed block serves only its own size. Memory is never given back, as with dlmalloc
//! (WebAssembly memory cannot shrink). The module runs on one thread (no `atomics`), so no
//! lock is needed. tests/memory.rs holds it to its word. The checkout's module
//! (`wasm-checkout/src/lib.rs`) compiles this same file, by `#[path]`.

use std::alloc::{GlobalAlloc, Layout};
use std::arch::wasm32::memory_grow;
use std::cell::UnsafeCell;
use std::ptr::{copy_nonoverlapping, null_mut};

const PAGE: usize = 65_536;

/// Size classes: 2^0 to 2^31 bytes, the most a 32-bit memory could hold.
const CLASSES: usize = usize::BITS as usize;

struct Heap {
    /// The first free block of each class; each free block holds the address of the next.
    free: [*mut u8; CLASSES],
    /// Where the next new block is cut from, and the end of the memory grown for it.
    next: usize,
    end: usize,
}

/// The allocator; see the module's documentation.
pub struct SizeClasses(UnsafeCell<Heap>);

// Only one thread ever runs the module (guarded by the `cfg` on this module).
unsafe impl Sync for SizeClasses {}

#[global_allocator]
static ALLOCATOR: SizeClasses = SizeClasses(UnsafeCell::new(Heap {
    free: [null_mut(); CLASSES],
    next: 0,
    end: 0,
}));

/// A layout's class: the power of two at least as large as its size, its alignment and a
/// pointer (a free block holds one). Blocks are cut at multiples of their size, so any block
/// of a class is aligned for every layout of that class.
fn class(layout: Layout) -> usize {
    let size = layout.size().max(layout.align()).max(size_of::<usize>());
    size.next_power_of_two().trailing_zeros() as usize
}

unsafe impl GlobalAlloc for SizeClasses {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: one thread, and no call below re-enters the allocator.
        let heap = unsafe { &mut *self.0.get() };
        let class = class(layout);
        let head = heap.free[class];
        if !head.is_null() {
            // SAFETY: a free block of this class holds the next free block's address.
            heap.free[class] = unsafe { *head.cast::<*mut u8>() };
            return head;
        }
        let size = 1usize << class;
        loop {
            let start = heap.next.next_multiple_of(size);
            if let Some(end) = start.checked_add(size).filter(|end| *end <= heap.end) {
                heap.next = end;
                return start as *mut u8;
            }
            let pages = size / PAGE + 1;
            let before = memory_grow(0, pages);
            if before == usize::MAX {
                return null_mut();
            }
            let grown = before * PAGE;
            // Memory grown by anyone else lies between: start again at the new pages.
            if grown != heap.end {
                heap.next = grown;
            }
            heap.end = grown.wrapping_add(pages * PAGE);
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as in `alloc`; `ptr` is a block of `layout`'s class, at least a pointer long.
        unsafe {
            let heap = &mut *self.0.get();
            let class = class(layout);
            *ptr.cast::<*mut u8>() = heap.free[class];
            heap.free[class] = ptr;
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's guarantees for `realloc` make this layout valid.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(new_layout) == class(layout) {
            return ptr;
        }
        // SAFETY: as the default `realloc` does it: a new block, the bytes, the old one freed.
        unsafe {
            let new = self.alloc(new_layout);
            if !new.is_null() {
                copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}
