import { type IconProps, Svg } from '../../components/icons';

/** Studio-only line icons, drawn like the shared set in components/icons.tsx (24-unit grid, currentColor). */

export const ImageIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m20.5 16-4.8-4.8a1.4 1.4 0 0 0-2 0L5 20" />
  </Svg>
);
export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4.5 7h15M10 11v6M14 11v6M6.5 7l1 12a1.5 1.5 0 0 0 1.5 1.4h6a1.5 1.5 0 0 0 1.5-1.4l1-12M9.5 7V4.8c0-.5.4-.8.8-.8h3.4c.4 0 .8.3.8.8V7" />
  </Svg>
);
export const RotateIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4.5v4h-4" />
  </Svg>
);
export const GridIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Svg>
);

/** A light checkerboard behind transparent images (inline so the global stylesheet stays untouched). */
export const CHECKERBOARD = {
  backgroundImage:
    'linear-gradient(45deg, rgb(127 127 127 / 0.12) 25%, transparent 25%), linear-gradient(-45deg, rgb(127 127 127 / 0.12) 25%, transparent 25%), linear-gradient(45deg, transparent 75%, rgb(127 127 127 / 0.12) 75%), linear-gradient(-45deg, transparent 75%, rgb(127 127 127 / 0.12) 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0, 0 10px, 10px -10px, -10px 0',
} as const;
export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
