import type { SVGProps } from 'react';

/** Inline icons: no icon font, no extra request. */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

// Every icon is decorative (aria-hidden in base): the control around it carries the name.
const Svg = (props: SVGProps<SVGSVGElement>) => <svg {...base} {...props} />;

export const SunIcon = () => (
  <Svg className="icon-sun">
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Svg>
);
export const MoonIcon = () => (
  <Svg className="icon-moon">
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Svg>
);
export const SystemIcon = () => (
  <Svg className="icon-system">
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </Svg>
);
export const MenuIcon = () => (
  <Svg>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const SearchIcon = () => (
  <Svg width={16} height={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const ExternalIcon = () => (
  <Svg width={12} height={12}>
    <path d="M7 17 17 7M8 7h9v9" />
  </Svg>
);
