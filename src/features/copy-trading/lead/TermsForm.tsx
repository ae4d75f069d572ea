/**
 * The copy terms, in two uses: applying to lead (with a nickname, on the chosen market) and the
 * leader's settings (with open / paused). Profit share is typed as a percent and sent as a
 * fraction; what was typed stays in the form when the exchange refuses it, the refused fields marked.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import type { CopyBiz, MyLeaderProfile } from '#/contract/index.ts'
import { Form, SubmitButton } from '#/ui/FormError.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { TextField } from '#/ui/TextField.tsx'
import type { Sent } from '#/exchange-client/index.ts'
import { InstrumentPicker } from './InstrumentPicker.tsx'
import { applyToLead, saveLeadSettings } from './lead.functions.ts'
import {
  AMOUNT_DECIMALS,
  applyRequest,
  defaultTerms,
  refusalCodes,
  settingsRequest,
  SHARE_PERCENT_DECIMALS,
  termsOf,
  validateMaxFollowers,
  validateMinCopyAmount,
  validateNickname,
  validateSharePercent,
  withoutRefusal,
  type FieldRefusals,
  type LeadFieldCode,
  type TermsValues,
} from './lead-form.ts'
import { useLeadAction } from './useLeadAction.ts'
import { useLeadFieldText } from './useLeadFieldText.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { NumberField } from '#/ui/NumberField.tsx'

interface NumberField {
  name: 'sharePercent' | 'maxFollowers' | 'minCopyAmount'
  label: string
  unit?: string
  /** Decimals the field takes; its range is checked on submit (the validators name the limit), never clamped. */
  decimals: number
  validate: (value: string) => LeadFieldCode | undefined
}

export type TermsFormProps = { mode: 'apply'; biz: CopyBiz } | { mode: 'settings'; profile: MyLeaderProfile }

export function TermsForm(props: TermsFormProps) {
  const { t } = useLingui()
  const fieldText = useLeadFieldText()
  const [refusals, setRefusals] = useState<FieldRefusals>({})
  const flight = useSingleFlight()
  const apply = useLeadAction(applyToLead, { done: () => t`Welcome, lead trader. Followers can copy you now.` })
  const save = useLeadAction(saveLeadSettings, { done: () => t`Your settings are saved.` })
  const following = props.mode === 'settings' ? props.profile.followers : 0
  const form = useForm({
    defaultValues: props.mode === 'settings' ? termsOf(props.profile) : defaultTerms(),
    onSubmit: async ({ value }) => {
      setRefusals({})
      const sent: Promise<Sent<unknown>> =
        props.mode === 'apply'
          ? apply.mutateAsync({ data: applyRequest(value, props.biz) })
          : save.mutateAsync({ data: settingsRequest(value) })
      const result = await sent.catch(() => undefined)
      if (result?.status === 'refused') setRefusals(refusalCodes(result.reason, result.fields))
    },
  })
  const errorsOf = (name: keyof TermsValues, errors: readonly unknown[]) => fieldText([...errors, refusals[name]])
  const pending = apply.isPending || save.isPending || flight.busy
  const numberFields: NumberField[] = [
    {
      name: 'sharePercent',
      label: t`Profit share`,
      unit: '%',
      decimals: SHARE_PERCENT_DECIMALS,
      validate: validateSharePercent,
    },
    {
      name: 'maxFollowers',
      label: t`Maximum followers`,
      decimals: 0,
      validate: (value) => validateMaxFollowers(value, following),
    },
    {
      name: 'minCopyAmount',
      label: t`Minimum copy amount`,
      unit: 'USDT',
      decimals: AMOUNT_DECIMALS,
      validate: validateMinCopyAmount,
    },
  ]
  return (
    <Form className="flex flex-col gap-5" onSubmit={() => flight.run(() => form.handleSubmit())}>
      {props.mode === 'apply' ? (
        <form.Field
          name="nickname"
          validators={{ onSubmit: ({ value }) => validateNickname(value, { optional: true }) }}
        >
          {(field) => (
            <TextField
              label={t`Nickname followers see`}
              name="nickname"
              autoComplete="nickname"
              hint={t`Leave empty to use your account nickname. You can change it later.`}
              value={field.state.value}
              onChange={(e) => {
                field.handleChange(e.target.value)
                setRefusals((current) => withoutRefusal(current, 'nickname'))
              }}
              onBlur={field.handleBlur}
              error={errorsOf('nickname', field.state.meta.errors)}
            />
          )}
        </form.Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {numberFields.map((f) => (
          <form.Field key={f.name} name={f.name} validators={{ onSubmit: ({ value }) => f.validate(value) }}>
            {(field) => (
              <NumberField
                label={f.label}
                name={f.name}
                unit={f.unit}
                decimals={f.decimals}
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={errorsOf(f.name, field.state.meta.errors)}
              />
            )}
          </form.Field>
        ))}
      </div>
      {props.mode === 'settings' ? (
        <form.Field name="status">
          {(field) => (
            <div className="flex flex-col gap-1.5">
              {/* The group is named by its own label; this is the same words for sighted readers. */}
              <span aria-hidden="true" className="text-sm font-medium">
                <Trans>New followers</Trans>
              </span>
              <div>
                <SegmentedTabs
                  label={t`New followers`}
                  value={field.state.value}
                  options={[
                    { value: 'open', label: t`Open to new followers` },
                    { value: 'paused', label: t`Paused` },
                  ]}
                  onChange={field.handleChange}
                />
              </div>
              <p className="text-xs text-muted">
                <Trans>Paused: nobody new can copy you; the copies running now go on.</Trans>
              </p>
            </div>
          )}
        </form.Field>
      ) : null}
      <form.Field name="instruments">
        {(field) => <InstrumentPicker value={field.state.value} onChange={field.handleChange} />}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting || pending} className="self-start">
            {props.mode === 'apply' ? <Trans>Become a lead trader</Trans> : <Trans>Save settings</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
