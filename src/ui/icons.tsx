import type { ReactNode, SVGProps } from 'react'

/** Icon sizes of the spec (2.8): XL 24, L 24, M 20, S 16, XS 12 pixels; the default is 24. */
export const ICON_SIZES = { XL: 24, L: 24, M: 20, S: 16, XS: 12 } as const
export type IconSize = keyof typeof ICON_SIZES | number

export const DEFAULT_ICON_SIZE = 24
/** The tools icon defaults to 20 pixels, an illustration to 120 (spec 2.8). */
export const TOOLS_ICON_SIZE = 20
export const ILLUSTRATION_SIZE = 120

export function iconPixels(size: IconSize | undefined, fallback = DEFAULT_ICON_SIZE): number {
  if (size === undefined) return fallback
  return typeof size === 'number' ? size : ICON_SIZES[size]
}

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: IconSize
  /** A name for screen readers; without it the icon is decorative and hidden from them. */
  title?: string
}

function createIcon(paths: ReactNode, fallbackSize = DEFAULT_ICON_SIZE) {
  return function Icon({ size, title, ...rest }: IconProps) {
    const px = iconPixels(size, fallbackSize)
    return (
      <svg
        width={px}
        height={px}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        role={title ? 'img' : undefined}
        aria-hidden={title ? undefined : true}
        aria-label={title}
        {...rest}
      >
        {paths}
      </svg>
    )
  }
}

export const CartIcon = createIcon(
  <>
    <path d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.4a1.5 1.5 0 0 0 1.4-1.1L21 7H6.2" />
    <circle cx="9.5" cy="19.5" r="1.4" />
    <circle cx="17" cy="19.5" r="1.4" />
  </>,
)

export const HeartIcon = createIcon(
  <path d="M12 20s-7.5-4.6-9.2-9.3C1.6 7.3 3.8 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.4 0 5.6 3.3 4.4 6.7C19.5 15.4 12 20 12 20Z" />,
)

export const BellIcon = createIcon(
  <>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
)

export const CompareIcon = createIcon(
  <>
    <path d="M6 20V10" />
    <path d="M12 20V4" />
    <path d="M18 20v-7" />
  </>,
)

export const SearchIcon = createIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>,
)

export const UserIcon = createIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
  </>,
)

export const MenuIcon = createIcon(
  <>
    <path d="M4 6h16" />
    <path d="M4 12h16" />
    <path d="M4 18h16" />
  </>,
)

export const CloseIcon = createIcon(
  <>
    <path d="M6 6l12 12" />
    <path d="M18 6 6 18" />
  </>,
)

export const ChevronDownIcon = createIcon(<path d="m6 9 6 6 6-6" />)
export const ChevronRightIcon = createIcon(<path d="m9 6 6 6-6 6" />)
export const ChevronLeftIcon = createIcon(<path d="m15 6-6 6 6 6" />)

export const LocationIcon = createIcon(
  <>
    <path d="M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </>,
)

export const GlobeIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17" />
    <path d="M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5Z" />
  </>,
)

export const CatalogIcon = createIcon(
  <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.2" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.2" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.2" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.2" />
  </>,
)

export const HomeIcon = createIcon(
  <>
    <path d="m3.5 11 8.5-7 8.5 7" />
    <path d="M6 9.5V20h12V9.5" />
  </>,
)

export const PhoneIcon = createIcon(
  <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.6 1.5C10.8 20 4 13.2 3.5 5.6A1.5 1.5 0 0 1 5 4Z" />,
)

export const CheckCircleIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.8 2.8L16.5 9.5" />
  </>,
)

export const ErrorCircleIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5" />
    <path d="M12 16.4v.1" />
  </>,
)

export const WarningIcon = createIcon(
  <>
    <path d="M10.3 4.3 2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4" />
    <path d="M12 17v.1" />
  </>,
)

export const InfoIcon = createIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <path d="M12 7.6v.1" />
  </>,
)

export const RefreshIcon = createIcon(
  <>
    <path d="M20 11a8 8 0 0 0-14.5-4.5L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.5 4.5L20 16" />
    <path d="M20 20v-4h-4" />
  </>,
)

/** The tools icon (services, configurator) defaults to 20 pixels. */
export const ToolsIcon = createIcon(
  <path d="M14.5 6.5a4 4 0 0 0 5 5l-8.8 8.8a2.1 2.1 0 0 1-3-3l8.8-8.8a4 4 0 0 1-2-2ZM14.5 6.5 17 4" />,
  TOOLS_ICON_SIZE,
)
