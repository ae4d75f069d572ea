import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { firstValidationCode, validateCode, validateEmail, validateMobile, validatePassword } from '#/lib/validators.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { TextField } from '#/ui/TextField.tsx'
import { trackRegister } from '#/features/analytics/index.ts'
import { useVerification, VerificationWidget } from '#/features/verification/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { AccountInput, AccountTypeSwitch } from './AccountInput.tsx'
import { refusalText, validationText } from './auth-messages.ts'
import { PasswordField } from './PasswordField.tsx'
import { register, sendVerificationCode } from './auth.functions.ts'
import type { Refusal } from '#/exchange-client/index.ts'
import type { AccountType } from './auth.schemas.ts'
import { homeSignUpAccountStore } from '#/features/state/index.ts'
import { SentCodeField, useCodeSender } from './CodeSender.tsx'
import { useSignedIn } from './useSignedIn.ts'

const legalLink = 'font-medium text-brand underline underline-offset-2'

/** An address with an @ is an email; anything else typed is taken for a mobile number. */
const accountTypeOf = (account: string): AccountType => (account === '' || account.includes('@') ? 'email' : 'mobile')

export function RegisterForm({
  returnTo,
  inviteCode,
}: {
  returnTo: string | undefined
  inviteCode: string | undefined
}) {
  const { t, i18n } = useLingui()
  const { prefix } = useRouteContext({ from: '__root__' })
  const signedIn = useSignedIn(prefix)
  const [refusal, setRefusal] = useState<Refusal>()
  const sender = useCodeSender()
  // Sending a code and registering each spend one solved challenge; the widget solves the next in the background.
  const verification = useVerification()

  // What the visitor typed into the home page's sign-up box, if they came from there.
  const [typed] = useState(() => homeSignUpAccountStore.state.trim())
  const form = useForm({
    defaultValues: {
      accountType: accountTypeOf(typed),
      account: typed,
      password: '',
      code: '',
      inviteCode: inviteCode ?? '',
      terms: false,
    },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const solved = await verification.take()
      const outcome = await register({
        data: {
          accountType: value.accountType,
          account: value.account.trim(),
          password: value.password,
          code: value.code,
          ...(value.inviteCode.trim() ? { inviteCode: value.inviteCode.trim() } : {}),
          ...(solved ? { verification: solved } : {}),
        },
      })
      if (outcome.status === 'ok') {
        trackRegister(value.accountType)
        await signedIn(returnTo)
      } else setRefusal(outcome)
    },
  })
  const validateAccount = (type: AccountType, value: string) =>
    type === 'email' ? validateEmail(value, { registration: true }) : validateMobile(value)

  const sendCode = async () => {
    const { accountType, account } = form.state.values
    const problem = validateAccount(accountType, account)
    if (problem) {
      form.setFieldMeta('account', (meta) => ({
        ...meta,
        isTouched: true,
        errorMap: { ...meta.errorMap, onSubmit: problem },
      }))
      return
    }
    await sender.send(account.trim(), async () => {
      const solved = await verification.take()
      return sendVerificationCode({
        data: { accountType, account: account.trim(), ...(solved ? { verification: solved } : {}) },
      })
    })
  }

  return (
    <Form className="flex flex-col gap-5" onSubmit={() => form.handleSubmit()}>
      <form.Field name="accountType">
        {(field) => (
          <AccountTypeSwitch
            label={t`Register with`}
            value={field.state.value}
            onChange={(value) => {
              field.handleChange(value)
              form.setFieldValue('account', '')
              form.setFieldMeta('account', (meta) => ({ ...meta, errorMap: {} }))
              sender.reset()
            }}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.values.accountType}>
        {(accountType) => (
          <form.Field
            name="account"
            validators={{ onSubmit: ({ value }) => validateAccount(accountType, value) ?? undefined }}
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
      <form.Field name="password" validators={{ onSubmit: ({ value }) => validatePassword(value) ?? undefined }}>
        {(field) => <PasswordField field={field} label={t`Password`} name="password" kind="new" />}
      </form.Field>
      <form.Field name="code" validators={{ onSubmit: ({ value }) => validateCode(value) ?? undefined }}>
        {(field) => <SentCodeField field={field} sender={sender} onSend={() => void sendCode()} />}
      </form.Field>
      <form.Field name="inviteCode">
        {(field) => (
          <TextField
            label={t`Invite code (optional)`}
            name="inviteCode"
            autoComplete="off"
            maxLength={20}
            value={field.state.value}
            onChange={(e) => field.handleChange(e.target.value)}
          />
        )}
      </form.Field>
      <form.Field name="terms" validators={{ onSubmit: ({ value }) => (value ? undefined : 'terms-required') }}>
        {(field) => (
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="terms"
                checked={field.state.value}
                onChange={(e) => field.handleChange(e.target.checked)}
                className="mt-0.5 size-4 accent-[var(--brand)]"
              />
              <span>
                {/* New tabs: the form keeps what was typed. */}
                <Trans>
                  I have read and agree to the{' '}
                  <LocaleLink to="/{-$locale}/terms" target="_blank" className={legalLink}>
                    Terms of Use
                  </LocaleLink>{' '}
                  and the{' '}
                  <LocaleLink to="/{-$locale}/privacy" target="_blank" className={legalLink}>
                    Privacy Policy
                  </LocaleLink>
                  .
                </Trans>
              </span>
            </label>
            {firstValidationCode(field.state.meta.errors) ? (
              <p role="alert" className="text-sm text-down">
                {validationText(i18n, firstValidationCode(field.state.meta.errors))}
              </p>
            ) : null}
          </div>
        )}
      </form.Field>
      <VerificationWidget {...verification.widget} />
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            {submitting ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
