import { foldedParts, unfoldZeros } from '#/lib/format/number.ts'

/**
 * A formatted number whose zero runs are folded (0.0{5}123): drawn as 0.0₅123, read by screen readers as the full
 * number (0.00000123), never as the braces. Texts that are only read (an aria-label) take `unfoldZeros` instead.
 */
export function FoldedNumber({ text, className }: { text: string; className?: string }) {
  if (!text.includes('{')) return <span className={className}>{text}</span>
  return (
    <span className={className}>
      <span className="sr-only">{unfoldZeros(text)}</span>
      <span aria-hidden="true" dir="ltr" className="tabular-nums">
        {foldedParts(text).map((part, index) =>
          'zeros' in part ? (
            <span key={index}>
              0<sub className="text-[0.7em]">{part.zeros}</sub>
            </span>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </span>
    </span>
  )
}
