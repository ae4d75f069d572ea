/**
 * Resetting a forgotten password: the account (email or mobile, as registration takes it), a code sent to it, and a
 * new password under registration's rules. Every session of the account ends; the user is sent to log in with the
 * new password (and the second factor, when on), never signed in by the reset itself.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import type { Refusal } from '#/exchange-client/index.ts'
import { useVerification, VerificationWidget } from '#/features/verification/index.ts'
import { withLocalePrefix } from '#/lib/locale.ts'
import { validateCode, validateEmail, validateMobile, validatePassword } from '#/lib/validators.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import { AccountInput, AccountTypeSwitch } from './AccountInput.tsx'
import { refusalText } from './auth-messages.ts'
import { PasswordField } from './PasswordField.tsx'
import { resetPassword, sendResetCode } from './auth.functions.ts'
import type { AccountType } from './auth.schemas.ts'
import { SentCodeField, useCodeSender } from './CodeSender.tsx'
import { clearStoredUserData } from './session.ts'

const validateAccount = (type: AccountType, value: string) =>
  type === 'email' ? validateEmail(value) : validateMobile(value)

export function ForgotPasswordForm() {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const { prefix } = useRouteContext({ from: '__root__' })
  const [refusal, setRefusal] = useState<Refusal>()
  const sender = useCodeSender()
  const verification = useVerification()
  const form = useForm({
    defaultValues: { accountType: 'email' as AccountType, account: '', code: '', newPassword: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const outcome = await resetPassword({ data: { ...value, account: value.account.trim() } })
      if (outcome.status !== 'ok') return setRefusal(outcome)
      // Every session of the account ended, this browser's too if it had one.
      clearStoredUserData()
      await router.invalidate()
      await router.navigate({ href: withLocalePrefix(prefix, '/login'), replace: true })
      notify(t`Your password is reset and every device is signed out. Log in with the new password.`)
    },
  })

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
      return sendResetCode({
        data: { accountType, account: account.trim(), ...(solved ? { verification: solved } : {}) },
      })
    })
  }

  return (
    <Form className="flex flex-col gap-5" onSubmit={() => form.handleSubmit()}>
      <p className="text-sm text-muted">
        <Trans>
          Enter the email or mobile number of your account. We send a code to it, then you choose a new password.
        </Trans>
      </p>
      <form.Field name="accountType">
        {(field) => (
          <AccountTypeSwitch
            label={t`Account type`}
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
      <form.Field name="code" validators={{ onSubmit: ({ value }) => validateCode(value) ?? undefined }}>
        {(field) => <SentCodeField field={field} sender={sender} onSend={() => void sendCode()} reset />}
      </form.Field>
      <form.Field name="newPassword" validators={{ onSubmit: ({ value }) => validatePassword(value) ?? undefined }}>
        {(field) => <PasswordField field={field} label={t`New password`} name="newPassword" kind="new" />}
      </form.Field>
      <VerificationWidget {...verification.widget} />
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            {submitting ? <Trans>Resetting…</Trans> : <Trans>Reset password</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
