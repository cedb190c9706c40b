//! The module's own allocator (src/alloc.rs), run in Node as the browser runs it: blocks keep
//! what is written in them while others come and go, grow and shrink, and are aligned as asked.

use std::alloc::{Layout, alloc, dealloc};
use wasm_bindgen_test::*;

// Linked for its `#[global_allocator]`; nothing else of it is used here.
use posy_wasm as _;

/// A small deterministic generator, so a failure can be replayed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % below
    }
}

fn filled(tag: usize, len: usize) -> Vec<u8> {
    (0..len).map(|i| (tag * 31 + i) as u8).collect()
}

#[wasm_bindgen_test]
fn blocks_keep_their_bytes_while_others_come_and_go() {
    let mut random = Lcg(12);
    let mut live: Vec<(usize, Vec<u8>)> = Vec::new();
    for tag in 0..4000 {
        match random.next(4) {
            0 if !live.is_empty() => {
                let (tag, block) = live.swap_remove(random.next(live.len()));
                assert_eq!(block, filled(tag, block.len()), "block {tag}");
            }
            1 if !live.is_empty() => {
                // Grow or shrink one, across size classes or within one.
                let index = random.next(live.len());
                let (tag, block) = &mut live[index];
                let len = random.next(3000);
                block.resize(len, 0);
                *block = filled(*tag, len);
                block.shrink_to_fit();
            }
            _ => live.push((tag, filled(tag, random.next(2000)))),
        }
    }
    for (tag, block) in &live {
        assert_eq!(block, &filled(*tag, block.len()), "block {tag}");
    }
}

#[wasm_bindgen_test]
fn large_blocks_take_new_pages() {
    let big: Vec<u8> = filled(7, 300_000);
    let mut grown = Vec::new();
    for i in 0..200_000u32 {
        grown.push(i);
    }
    assert_eq!(big, filled(7, 300_000));
    assert!(grown.iter().enumerate().all(|(i, v)| *v == i as u32));
    drop(big);
    // A freed large block is reused for one of its size.
    let again: Vec<u8> = filled(8, 290_000);
    assert_eq!(again, filled(8, 290_000));
}

#[wasm_bindgen_test]
fn the_modules_allocator_is_the_one_in_use() {
    // It cuts blocks at multiples of their size class (32 bytes for 24); dlmalloc would not.
    let blocks: Vec<Box<[u64; 3]>> = (0..16).map(|i| Box::new([i; 3])).collect();
    for block in &blocks {
        assert_eq!(&**block as *const _ as usize % 32, 0);
    }
}

#[wasm_bindgen_test]
fn blocks_are_aligned_as_asked() {
    for (size, align) in [
        (1, 1),
        (3, 2),
        (8, 8),
        (24, 16),
        (10, 64),
        (100, 4096),
        (70_000, 8),
    ] {
        let layout = Layout::from_size_align(size, align).unwrap();
        // SAFETY: a layout of non-zero size, freed with the same layout.
        unsafe {
            let block = alloc(layout);
            assert!(!block.is_null());
            assert_eq!(block as usize % align, 0, "{size} bytes aligned to {align}");
            block.write_bytes(0xAB, size);
            dealloc(block, layout);
        }
    }
}
