import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { SegmentedTabs } from '../../ui/SegmentedTabs.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { firstValidationCode, validateEmail, validateMobile } from '../../lib/validators.ts'
import { digitsOnly } from '../../lib/input-filters/filters.ts'
import { useInputFilter } from '../../lib/input-filters/useInputFilter.ts'
import { refusalText, validationText } from './auth-messages.ts'
import { login } from './auth.functions.ts'
import type { AccountType, AuthOutcome } from './auth.schemas.ts'
import { useSignedIn } from './useSignedIn.ts'

export function LoginForm({ returnTo }: { returnTo: string | undefined }) {
  const { t, i18n } = useLingui()
  const { prefix } = useRouteContext({ from: '__root__' })
  const signedIn = useSignedIn(prefix)
  const [refusal, setRefusal] = useState<Extract<AuthOutcome, { ok: false }>>()
  const form = useForm({
    defaultValues: { accountType: 'email' as AccountType, account: '', password: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const outcome = await login({ data: { ...value, account: value.account.trim() } })
      if (outcome.ok) await signedIn(returnTo)
      else setRefusal(outcome)
    },
  })
  const mobileFilter = useInputFilter(digitsOnly, (v) => form.setFieldValue('account', v))
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="accountType">
        {(field) => (
          <SegmentedTabs
            label={t`Log in with`}
            value={field.state.value}
            options={[
              { value: 'email', label: t`Email` },
              { value: 'mobile', label: t`Mobile` },
            ]}
            onChange={(value) => {
              field.handleChange(value)
              form.setFieldValue('account', '')
              form.setFieldMeta('account', (meta) => ({ ...meta, errorMap: {} }))
            }}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.accountType}>
        {(accountType) => (
          <form.Field
            name="account"
            validators={{
              onSubmit: ({ value }) => (accountType === 'email' ? validateEmail(value) : validateMobile(value)) ?? undefined,
            }}
          >
            {(field) => (
              <TextField
                label={accountType === 'email' ? t`Email` : t`Mobile number`}
                name="account"
                type={accountType === 'email' ? 'email' : 'tel'}
                inputMode={accountType === 'email' ? 'email' : 'numeric'}
                autoComplete="username"
                value={field.state.value}
                onBlur={field.handleBlur}
                error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
                {...(accountType === 'mobile' ? mobileFilter : { onChange: (e) => field.handleChange(e.target.value) })}
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Field name="password" validators={{ onSubmit: ({ value }) => (value ? undefined : 'required') }}>
        {(field) => (
          <TextField
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={field.state.value}
            onChange={(e) => field.handleChange(e.target.value)}
            onBlur={field.handleBlur}
            error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
            revealLabels={{ show: t`Show`, hide: t`Hide` }}
          />
        )}
      </form.Field>
      {refusal ? (
        <p role="alert" className="rounded-xl border border-down/40 bg-down/10 px-3 py-2 text-sm text-down" data-testid="form-error">
          {refusalText(i18n, refusal.reason, refusal.retryAfter)}
        </p>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <button
            type="submit"
            disabled={submitting}
            className="h-11 rounded-xl bg-brand font-semibold text-brand-contrast hover:opacity-90 disabled:opacity-60"
          >
            {submitting ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
          </button>
        )}
      </form.Subscribe>
    </form>
  )
}
