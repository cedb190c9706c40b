// Small line icons drawn for Posy; decorative, so hidden from assistive technology.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base: IconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};

export function BasketIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <path d="M4 9h16l-1.6 9.2a2 2 0 0 1-2 1.8H7.6a2 2 0 0 1-2-1.8L4 9Z" />
      <path d="M8.5 9 12 4l3.5 5" />
      <path d="M9.5 13v3M14.5 13v3" />
    </svg>
  );
}

export function MenuIcon({ open, ...props }: IconProps & { open: boolean }) {
  return (
    <svg {...base} {...props}>
      {open ? (
        <path d="M6 6l12 12M18 6 6 18" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" />
      )}
    </svg>
  );
}

/** The studio's mark: a five-petal bloom on a stem. */
export function BloomMark(props: IconProps) {
  return (
    <svg {...base} viewBox="0 0 32 32" width={32} height={32} {...props}>
      <g transform="translate(16 12)">
        {[0, 72, 144, 216, 288].map((angle) => (
          <ellipse key={angle} cx="0" cy="-5" rx="3.2" ry="5" transform={`rotate(${angle})`} />
        ))}
        <circle r="1.6" fill="currentColor" stroke="none" />
      </g>
      <path d="M16 19v10M16 25c-3 0-5-2-5.5-4.5M16 23c2.6 0 4.4-1.6 5-3.8" />
    </svg>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <svg {...base} width={20} height={20} {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}
