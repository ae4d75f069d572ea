/** The Tandem mark: two overlapping paths, a leader and a follower. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2 font-bold tracking-tight text-ink">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--brand)" />
        <path
          d="M7 20c4-8 8-8 12-2s5 4 6 2"
          fill="none"
          stroke="var(--brand-contrast)"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <path
          d="M7 13c4-6 8-6 12-1s5 3 6 1"
          fill="none"
          stroke="var(--brand-contrast)"
          strokeOpacity="0.55"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      {/* On a narrow phone the mark alone leaves room for the header controls (longer words in some languages). */}
      <span className="text-lg max-[420px]:sr-only">{name}</span>
    </span>
  )
}
