/** The chart's candle interval, 1m to 1d (a radio group: arrow keys move between them). */
import { useLingui } from '@lingui/react/macro'
import { KLINE_INTERVALS, type KlineInterval } from '#/contract/index.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'

export function IntervalPicker({ value, onChange }: { value: KlineInterval; onChange: (next: KlineInterval) => void }) {
  const { t } = useLingui()
  return (
    <div className="flex px-2 py-1.5" dir="ltr">
      <SegmentedTabs<KlineInterval>
        label={t`Candle interval`}
        value={value}
        options={KLINE_INTERVALS.map((interval) => ({ value: interval, label: interval }))}
        onChange={onChange}
        size="small"
      />
    </div>
  )
}
