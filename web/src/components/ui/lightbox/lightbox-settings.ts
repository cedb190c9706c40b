// The lightbox's settings from the spec, in yet-another-react-lightbox's own names.
// The swipe threshold of 30 px is the library's built-in SWIPE_THRESHOLD (not an option), the
// same value the spec asks for; Escape closes (controller.closeOnEscape) and the left and right
// arrow keys move, which the library does on its own.
export const lightboxSettings = {
  animation: { fade: 250, swipe: 500 },
  carousel: { preload: 2, padding: '16px', imageFit: 'contain' },
  controller: { closeOnEscape: true, closeOnBackdropClick: true },
} as const;

/** The spec's swipe threshold, checked against the library's constant by the tests. */
export const SWIPE_THRESHOLD_PX = 30;
