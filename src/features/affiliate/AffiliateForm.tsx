import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { notify } from '#/ui/toast.ts'
import { NumberField } from '#/ui/NumberField.tsx'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { TextField } from '#/ui/TextField.tsx'
import { CONTACT_LABELS, PLATFORM_LABELS } from './affiliate.texts.ts'
import type { RefusalReason } from '#/exchange-client/index.ts'
import { submitApplication } from './affiliate.functions.ts'
import { affiliateQueries } from './affiliate.queries.ts'
import { AFFILIATE_LIMITS, applicationInputSchema, CONTACT_TYPES, PLATFORMS } from './affiliate.schemas.ts'

type Platform = (typeof PLATFORMS)[number]
type ContactType = (typeof CONTACT_TYPES)[number]
const select = 'h-11 rounded-xl border border-line bg-card px-3 text-ink'
const emptyChannel = () => ({ platform: 'youtube' as Platform, url: '', audience: '' })

/** The KOL application (name, contact, channels with audience size, region, message). */
export function AffiliateForm() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<RefusalReason>()
  const [invalid, setInvalid] = useState(false)
  const form = useForm({
    defaultValues: {
      name: '',
      contactType: 'email' as ContactType,
      contact: '',
      channels: [emptyChannel()],
      region: '',
      message: '',
    },
    onSubmit: async ({ value }) => {
      setFailure(undefined)
      const input = {
        name: value.name.trim(),
        contact: { type: value.contactType, value: value.contact.trim() },
        channels: value.channels.map((c) => ({
          platform: c.platform,
          url: c.url.trim(),
          audience: Number(c.audience || '0'),
        })),
        region: value.region.trim(),
        message: value.message.trim(),
      }
      const parsed = applicationInputSchema.safeParse(input)
      setInvalid(!parsed.success)
      if (!parsed.success) return
      const outcome = await submitApplication({ data: parsed.data })
      if (outcome.status === 'ok') {
        notify(t`Application submitted. We will be in touch.`)
        await queryClient.invalidateQueries({ queryKey: affiliateQueries.all })
      } else setFailure(outcome.reason)
    },
  })
  const failureText = (reason: RefusalReason) => {
    if (reason === 'forbidden') return t`You already have an application in progress.`
    if (reason === 'invalid-input') return t`Some details are not valid. Check the form and try again.`
    return t`We could not reach the exchange. Check your connection and try again.`
  }
  return (
    <Form className="flex max-w-2xl flex-col gap-5" onSubmit={() => form.handleSubmit()}>
      <form.Field name="name">
        {(field) => (
          <TextField
            label={t`Your name or brand`}
            name="name"
            maxLength={60}
            required
            value={field.state.value}
            onChange={(e) => field.handleChange(e.target.value)}
          />
        )}
      </form.Field>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr] sm:items-end">
        <form.Field name="contactType">
          {(field) => (
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              <Trans>Contact by</Trans>
              <select
                className={select}
                value={field.state.value}
                onChange={(e) => field.handleChange(CONTACT_TYPES.find((c) => c === e.target.value) ?? 'email')}
              >
                {CONTACT_TYPES.map((c) => (
                  <option key={c} value={c}>
                    {i18n._(CONTACT_LABELS[c])}
                  </option>
                ))}
              </select>
            </label>
          )}
        </form.Field>
        <form.Field name="contact">
          {(field) => (
            <TextField
              label={t`Contact`}
              name="contact"
              maxLength={120}
              value={field.state.value}
              onChange={(e) => field.handleChange(e.target.value)}
            />
          )}
        </form.Field>
      </div>
      <form.Field name="channels" mode="array">
        {(channels) => (
          <fieldset className="flex flex-col gap-3 rounded-2xl border border-line p-4">
            <legend className="px-1 text-sm font-semibold">
              <Trans>Your channels</Trans>
            </legend>
            {channels.state.value.map((_, index) => (
              <div
                key={index}
                className="grid gap-3 sm:grid-cols-[9rem_1fr_8rem_auto] sm:items-end"
                data-testid="channel-row"
              >
                <form.Field name={`channels[${index}].platform`}>
                  {(field) => (
                    <label className="flex flex-col gap-1.5 text-sm font-medium">
                      <Trans>Platform</Trans>
                      <select
                        className={select}
                        value={field.state.value}
                        onChange={(e) => field.handleChange(PLATFORMS.find((p) => p === e.target.value) ?? 'other')}
                      >
                        {PLATFORMS.map((p) => (
                          <option key={p} value={p}>
                            {i18n._(PLATFORM_LABELS[p])}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                </form.Field>
                <form.Field name={`channels[${index}].url`}>
                  {(field) => (
                    <TextField
                      label={t`Link`}
                      type="url"
                      dir="ltr"
                      placeholder="https://"
                      value={field.state.value}
                      onChange={(e) => field.handleChange(e.target.value)}
                    />
                  )}
                </form.Field>
                <form.Field name={`channels[${index}].audience`}>
                  {(field) => (
                    <NumberField
                      name={`audience-${index}`}
                      label={t`Audience`}
                      decimals={0}
                      value={field.state.value}
                      onValue={field.handleChange}
                      onBlur={field.handleBlur}
                    />
                  )}
                </form.Field>
                <button
                  type="button"
                  onClick={() => channels.removeValue(index)}
                  disabled={channels.state.value.length === 1}
                  className="h-11 rounded-xl px-3 text-sm text-muted hover:text-down disabled:opacity-40"
                >
                  <Trans>Remove</Trans>
                </button>
              </div>
            ))}
            {channels.state.value.length < AFFILIATE_LIMITS.maxChannels ? (
              <button
                type="button"
                onClick={() => channels.pushValue(emptyChannel())}
                className="self-start rounded-lg px-2 py-1 text-sm font-medium text-brand"
              >
                <Trans>Add a channel</Trans>
              </button>
            ) : null}
          </fieldset>
        )}
      </form.Field>
      <form.Field name="region">
        {(field) => (
          <TextField
            label={t`Main audience region`}
            name="region"
            maxLength={60}
            value={field.state.value}
            onChange={(e) => field.handleChange(e.target.value)}
          />
        )}
      </form.Field>
      <form.Field name="message">
        {(field) => (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            <Trans>Anything else we should know? (optional)</Trans>
            <textarea
              name="message"
              rows={4}
              maxLength={AFFILIATE_LIMITS.maxMessage}
              value={field.state.value}
              onChange={(e) => field.handleChange(e.target.value)}
              className="rounded-xl border border-line bg-card p-3 text-base text-ink"
            />
          </label>
        )}
      </form.Field>
      {invalid || failure ? (
        <FormError>
          {failure
            ? failureText(failure)
            : t`Fill in your name, a contact, a region and at least one channel with a valid https:// link.`}
        </FormError>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting} className="self-start">
            {submitting ? <Trans>Submitting…</Trans> : <Trans>Submit application</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
