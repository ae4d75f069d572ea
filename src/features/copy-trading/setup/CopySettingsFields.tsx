/**
 * The copy settings' fields, shared by the set-up page and the edit section of my copy: the mode
 * and its amount, the per-order cap, leverage, take profit and stop losses. Numbers stay as typed (NumberField);
 * a value outside its field's range is refused on submit with the range named, never clamped.
 * The mode and the stops link to the help centre's article on what they mean.
 */
import { useLingui } from '@lingui/react/macro'
import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { HelpLink, type HelpTarget } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { FIELD_RULES, isSettingsError, type NumericField } from './copy-settings.ts'
import { settingsErrorText } from './setup.texts.ts'
import type { CopySettingsForm } from './useCopySettingsForm.ts'

export interface CopySettingsFieldsProps {
  form: CopySettingsForm
  investmentLabel: string
  investmentHint?: string | undefined
  /** The smallest investment, formatted for its error text. */
  minimum: string
  /** Placed after the investment (a preview, a balance line). */
  children?: ReactNode
}

export function CopySettingsFields({
  form,
  investmentLabel,
  investmentHint,
  minimum,
  children,
}: CopySettingsFieldsProps) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const attempted = useStore(form.store, (s) => s.submissionAttempts > 0)
  const mode = useStore(form.store, (s) => s.values.mode)
  const leverageMode = useStore(form.store, (s) => s.values.leverageMode)

  /** A field with a "?" beside its label, into the help centre's article on what the field means. */
  const withHelp = (name: NumericField, field: ReactNode, help: { to: HelpTarget; label: string }) => (
    <div className="flex items-start gap-1.5">
      <div className="min-w-0 flex-1">{field}</div>
      <HelpLink to={help.to} label={help.label} className="mt-0.5" testId={`help-${name}`} />
    </div>
  )

  const numberField = (name: NumericField, label: string, hint?: string) => (
    <form.Field name={name}>
      {(field) => {
        const meta = field.state.meta
        const code = meta.errors.find(isSettingsError)
        const rule = FIELD_RULES[name]
        const shown = (value: string) => format.number(value, { digits: value.split('.')[1]?.length ?? 0 })
        const range = {
          min: shown(rule.min),
          max: rule.max === undefined ? undefined : shown(rule.max),
          unit: rule.unit,
        }
        return (
          <NumberField
            name={name}
            label={label}
            hint={hint}
            decimals={rule.decimals}
            value={field.state.value}
            error={code && (meta.isTouched || attempted) ? settingsErrorText(i18n, code, minimum, range) : undefined}
            onValue={(value) => {
              if (meta.errorMap.onServer)
                field.setMeta((m) => ({ ...m, errorMap: { ...m.errorMap, onServer: undefined } }))
              field.handleChange(value)
            }}
            onBlur={field.handleBlur}
          />
        )
      }}
    </form.Field>
  )

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-start gap-1.5">
        <span className="flex items-center gap-1.5">
          <span className="text-sm font-medium" aria-hidden="true">{t`Copy mode`}</span>
          <HelpLink to="copyModes" label={t`Learn more about copy modes`} testId="help-mode" />
        </span>
        <SegmentedTabs
          label={t`Copy mode`}
          value={mode}
          options={[
            { value: 'fixed', label: t`Fixed amount` },
            { value: 'ratio', label: t`Ratio` },
          ]}
          onChange={(value) => form.setFieldValue('mode', value)}
        />
      </div>
      {numberField('investment', investmentLabel, investmentHint)}
      {children}
      {mode === 'fixed'
        ? numberField(
            'fixedAmount',
            t`Margin per copied order (USDT)`,
            t`Each trade of the trader is copied with this margin.`,
          )
        : numberField(
            'ratio',
            t`Ratio of the trader's size (×)`,
            t`1 copies the trader's size; 0.5 copies half of it.`,
          )}
      {numberField(
        'maxPerOrder',
        t`Largest margin per order (USDT)`,
        t`Optional. No copied order takes more margin than this.`,
      )}
      <div className="flex flex-col items-start gap-1.5">
        <span className="text-sm font-medium" aria-hidden="true">{t`Leverage`}</span>
        <SegmentedTabs
          label={t`Leverage`}
          value={leverageMode}
          options={[
            { value: 'follow', label: t`Follow the trader` },
            { value: 'fixed', label: t`Fixed leverage` },
          ]}
          onChange={(value) => form.setFieldValue('leverageMode', value)}
        />
      </div>
      {leverageMode === 'fixed'
        ? numberField('fixedLeverage', t`Leverage (×)`, t`Never above what the market allows.`)
        : null}
      <div className="grid gap-5 sm:grid-cols-3">
        {withHelp(
          'takeProfit',
          numberField('takeProfit', t`Take profit (%)`, t`Optional. Closes a position at this gain on its margin.`),
          { to: 'copyTakeProfitStopLoss', label: t`Learn more about take profit` },
        )}
        {withHelp(
          'stopLoss',
          numberField('stopLoss', t`Stop loss (%)`, t`Optional. Closes a position at this loss on its margin.`),
          { to: 'copyTakeProfitStopLoss', label: t`Learn more about stop loss` },
        )}
        {withHelp(
          'copyStopLoss',
          numberField(
            'copyStopLoss',
            t`Copy stop loss (%)`,
            t`Optional. Stops the whole copy at this loss on the investment.`,
          ),
          { to: 'copyStopLoss', label: t`Learn more about copy stop loss` },
        )}
      </div>
    </div>
  )
}
