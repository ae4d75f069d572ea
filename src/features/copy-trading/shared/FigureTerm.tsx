/**
 * A figure's definition where the figure is shown: its label as a dotted term, or an info button
 * beside a label that is a control already (a sortable column). Either opens the one-line
 * definition with a link to the figure's section of the methodology page.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { LocaleLink } from '#/features/i18n/index.ts'
import { Toggletip } from '#/ui/Toggletip.tsx'
import { FIGURES, type FigureKey } from '../methodology/figures.texts.ts'

function Definition({ figure }: { figure: FigureKey }) {
  const { i18n } = useLingui()
  const text = FIGURES[figure]
  return (
    <>
      <span className="block">{i18n._(text.summary)}</span>
      <LocaleLink
        to="/{-$locale}/copy-trading/methodology"
        hash={text.anchor}
        className="mt-2 inline-block font-semibold text-brand hover:underline"
        data-testid="figure-methodology-link"
      >
        <Trans>How we calculate this</Trans>
      </LocaleLink>
    </>
  )
}

/** The label itself opens the definition (inside a card over a link, it stays above it). */
export function FigureTerm({ figure, children }: { figure: FigureKey; children: ReactNode }) {
  return (
    <Toggletip
      trigger={children}
      triggerClassName="relative z-10 cursor-help text-start underline decoration-dotted decoration-1 underline-offset-2 hover:text-ink"
      testId={`figure-term-${figure}`}
    >
      <Definition figure={figure} />
    </Toggletip>
  )
}

/** A small ⓘ after a label that is a control of its own. */
export function FigureInfo({ figure, label }: { figure: FigureKey; label: string }) {
  const { t } = useLingui()
  return (
    <Toggletip
      label={t`About ${label}`}
      trigger={
        <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 7v4.5M8 4.5v.01" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      }
      triggerClassName="-m-1 inline-flex shrink-0 rounded-full p-1 align-middle hover:text-ink"
      testId={`figure-info-${figure}`}
    >
      <Definition figure={figure} />
    </Toggletip>
  )
}
