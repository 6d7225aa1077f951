import { ILLUSTRATION_SIZE } from './icons'

export interface SadCatProps {
  /** Pixels; an illustration defaults to 120 (spec 2.8). */
  size?: number
  title?: string
}

/** The sad cat of the fallback error screen (spec 2.8), drawn inline so it needs no network. */
export function SadCat({ size = ILLUSTRATION_SIZE, title }: SadCatProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 120 120"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <ellipse cx="60" cy="108" rx="38" ry="6" fill="#e6e9f2" />
      {/* body */}
      <path d="M32 104c-2-18 6-34 28-34s30 16 28 34Z" fill="#9aa3b5" />
      <path d="M86 98c10 0 16-6 16-14" fill="none" stroke="#9aa3b5" strokeWidth="7" strokeLinecap="round" />
      {/* ears */}
      <path d="M30 44 27 14l22 16Z" fill="#9aa3b5" />
      <path d="M90 44 93 14 71 30Z" fill="#9aa3b5" />
      <path d="M33 36 31 20l11 9Z" fill="#f2b8c6" />
      <path d="M87 36 89 20l-11 9Z" fill="#f2b8c6" />
      {/* head */}
      <ellipse cx="60" cy="50" rx="34" ry="29" fill="#aeb6c7" />
      {/* droopy closed eyes under brows raised in the middle: sad, not cross */}
      <path d="M40 46q6 5 12 1" fill="none" stroke="#333a4d" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M68 47q6 4 12-1" fill="none" stroke="#333a4d" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M39 40q6-1 12-6" fill="none" stroke="#333a4d" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M81 40q-6-1-12-6" fill="none" stroke="#333a4d" strokeWidth="2.2" strokeLinecap="round" />
      {/* tear */}
      <path d="M44 54c-2 4-3 6-3 8a3 3 0 0 0 6 0c0-2-1-4-3-8Z" fill="#5aa9f0" />
      {/* nose and mouth */}
      <path d="M56 56h8l-4 4Z" fill="#e58fa5" />
      <path d="M52 68q8-6 16 0" fill="none" stroke="#333a4d" strokeWidth="2.4" strokeLinecap="round" />
      {/* whiskers */}
      <path
        d="M30 56l-14-2M30 61l-14 3M90 56l14-2M90 61l14 3"
        stroke="#6b7385"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      {/* paws */}
      <ellipse cx="48" cy="104" rx="8" ry="4.5" fill="#c2c9d6" />
      <ellipse cx="72" cy="104" rx="8" ry="4.5" fill="#c2c9d6" />
    </svg>
  )
}
