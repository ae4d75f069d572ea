/** The instruments followers copy: one checkbox per market pair; none ticked means every one. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { marketsQueries } from '#/features/markets/index.ts'

export function InstrumentPicker({
  value,
  onChange,
}: {
  value: readonly string[]
  onChange: (value: string[]) => void
}) {
  const { t } = useLingui()
  const { data: markets } = useQuery(marketsQueries.overview())
  const pairs = (markets ?? []).map((m) => m.pairCode)
  // A pair the leader chose that the overview does not list stays shown, so it can be unticked.
  const shown = [...pairs, ...value.filter((pair) => !pairs.includes(pair))]
  const toggle = (pair: string, on: boolean) =>
    onChange(on ? shown.filter((p) => p === pair || value.includes(p)) : value.filter((p) => p !== pair))
  const allLabel = t`All instruments`
  return (
    <fieldset className="flex flex-col gap-2" data-testid="instruments">
      <legend className="mb-1.5 text-sm font-medium">
        <Trans>Instruments your followers copy</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        <label className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm has-checked:border-brand has-checked:text-brand">
          <input type="checkbox" className="accent-brand" checked={value.length === 0} onChange={() => onChange([])} />
          {allLabel}
        </label>
        {shown.map((pair) => (
          <label
            key={pair}
            dir="ltr"
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm has-checked:border-brand has-checked:text-brand"
          >
            <input
              type="checkbox"
              className="accent-brand"
              checked={value.includes(pair)}
              onChange={(e) => toggle(pair, e.target.checked)}
            />
            {pair.replace('_', '/')}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted">
        <Trans>Tick none to let followers copy every instrument you trade.</Trans>
      </p>
    </fieldset>
  )
}
