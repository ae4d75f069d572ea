import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { trackLogin } from '#/features/analytics/index.ts'
import { isVerificationRefusal, useVerification, VerificationWidget } from '#/features/verification/index.ts'
import { validateEmail, validateMobile } from '#/lib/validators.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { AccountInput, AccountTypeSwitch } from './AccountInput.tsx'
import { refusalText } from './auth-messages.ts'
import { PasswordField } from './PasswordField.tsx'
import { login } from './auth.functions.ts'
import type { Refusal } from '#/exchange-client/index.ts'
import type { AccountType } from './auth.schemas.ts'
import { useSignedIn } from './useSignedIn.ts'
import { SecondFactorForm } from './SecondFactorForm.tsx'

export function LoginForm({ returnTo }: { returnTo: string | undefined }) {
  const { t, i18n } = useLingui()
  const { prefix } = useRouteContext({ from: '__root__' })
  const signedIn = useSignedIn(prefix)
  const [refusal, setRefusal] = useState<Refusal>()
  // The exchange asks for verification after repeated wrong passwords; from then on every attempt carries one.
  const [verifying, setVerifying] = useState(false)
  const verification = useVerification()
  // The password was right and the account has two-factor authentication: the code step replaces the form.
  const [secondFactor, setSecondFactor] = useState<AccountType>()
  const form = useForm({
    defaultValues: { accountType: 'email' as AccountType, account: '', password: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const solved = verifying ? await verification.take() : undefined
      const outcome = await login({
        data: { ...value, account: value.account.trim(), ...(solved ? { verification: solved } : {}) },
      })
      if (outcome.status === 'ok') {
        if (outcome.data.secondFactor) return setSecondFactor(value.accountType)
        trackLogin(value.accountType)
        await signedIn(returnTo)
        return
      }
      if (isVerificationRefusal(outcome.reason)) setVerifying(true)
      setRefusal(outcome)
    },
  })
  if (secondFactor) {
    return (
      <SecondFactorForm
        onSignedIn={async () => {
          trackLogin(secondFactor)
          await signedIn(returnTo)
        }}
        onRestart={() => {
          form.setFieldValue('password', '')
          setSecondFactor(undefined)
        }}
      />
    )
  }
  return (
    <Form className="flex flex-col gap-5" onSubmit={() => form.handleSubmit()}>
      <form.Field name="accountType">
        {(field) => (
          <AccountTypeSwitch
            label={t`Log in with`}
            value={field.state.value}
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
              onSubmit: ({ value }) =>
                (accountType === 'email' ? validateEmail(value) : validateMobile(value)) ?? undefined,
            }}
          >
            {(field) => (
              <AccountInput
                accountType={accountType}
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                errors={field.state.meta.errors}
              />
            )}
          </form.Field>
        )}
      </form.Subscribe>
      <form.Field name="password" validators={{ onSubmit: ({ value }) => (value ? undefined : 'required') }}>
        {(field) => <PasswordField field={field} label={t`Password`} name="password" kind="current" />}
      </form.Field>
      <LocaleLink
        to="/{-$locale}/forgot-password"
        className="-mt-3 self-end text-sm font-medium text-brand hover:underline"
        data-testid="forgot-password"
      >
        <Trans>Forgot password?</Trans>
      </LocaleLink>
      {verifying ? <VerificationWidget {...verification.widget} /> : null}
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            {submitting ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
