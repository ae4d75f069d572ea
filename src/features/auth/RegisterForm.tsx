import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { ACCOUNTS } from '#/app.config.ts'
import { numericSix } from '#/lib/input-filters/filters.ts'
import { useInputFilter } from '#/lib/input-filters/useInputFilter.ts'
import { firstValidationCode, validateCode, validateEmail, validateMobile, validatePassword } from '#/lib/validators.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { TextField } from '#/ui/TextField.tsx'
import { trackRegister } from '#/features/analytics/index.ts'
import { useVerification, VerificationWidget } from '#/features/verification/index.ts'
import { AccountInput, AccountTypeSwitch } from './AccountInput.tsx'
import { refusalText, validationText } from './auth-messages.ts'
import { register, sendVerificationCode } from './auth.functions.ts'
import type { Refusal } from '#/exchange-client/index.ts'
import type { AccountType } from './auth.schemas.ts'
import { homeSignUpAccountStore } from '#/features/state/index.ts'
import { useCountdown } from './useCountdown.ts'
import { useSignedIn } from './useSignedIn.ts'

/** An address with an @ is an email; anything else typed is taken for a mobile number. */
const accountTypeOf = (account: string): AccountType => (account === '' || account.includes('@') ? 'email' : 'mobile')
const RESEND_SECONDS = 60 / ACCOUNTS.codeSendsPerMinute

export function RegisterForm({
  returnTo,
  inviteCode,
}: {
  returnTo: string | undefined
  inviteCode: string | undefined
}) {
  const { t, i18n } = useLingui()
  const { prefix, shell } = useRouteContext({ from: '__root__' })
  const { sandbox, api } = shell.config
  const signedIn = useSignedIn(prefix)
  const [refusal, setRefusal] = useState<Refusal>()
  const [codeNotice, setCodeNotice] = useState<{ sentTo?: string; refusal?: Refusal }>({})
  const [resendAt, setResendAt] = useState(0)
  const [sending, setSending] = useState(false)
  // Sending a code and registering each spend one solved challenge; the widget solves the next in the background.
  const verification = useVerification()
  const secondsLeft = useCountdown(resendAt)
  const sentTo = codeNotice.sentTo

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
  const codeFilter = useInputFilter(numericSix, (v) => form.setFieldValue('code', v))

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
    setSending(true)
    const solved = await verification.take()
    const outcome = await sendVerificationCode({
      data: { accountType, account: account.trim(), ...(solved ? { verification: solved } : {}) },
    })
    setSending(false)
    if (outcome.status === 'ok') {
      setCodeNotice({ sentTo: account.trim() })
      setResendAt(Date.now() + RESEND_SECONDS * 1000)
    } else {
      setCodeNotice({ refusal: outcome })
      if (outcome.retryAfter) setResendAt(Date.now() + outcome.retryAfter * 1000)
    }
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
              setCodeNotice({})
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
        {(field) => (
          <TextField
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="new-password"
            value={field.state.value}
            onChange={(e) => field.handleChange(e.target.value)}
            onBlur={field.handleBlur}
            hint={t`8 to 64 characters, with both letters and digits.`}
            error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
            revealLabels={{ show: t`Show`, hide: t`Hide` }}
          />
        )}
      </form.Field>
      <form.Field name="code" validators={{ onSubmit: ({ value }) => validateCode(value) ?? undefined }}>
        {(field) => (
          <div className="flex flex-col gap-1.5">
            <TextField
              label={t`Verification code`}
              name="code"
              inputMode="numeric"
              dir="ltr"
              autoComplete="one-time-code"
              maxLength={6}
              value={field.state.value}
              error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
              {...codeFilter}
              onBlur={field.handleBlur}
              end={
                <button
                  type="button"
                  onClick={() => void sendCode()}
                  disabled={sending || secondsLeft > 0}
                  className="rounded-lg px-2 py-1 text-sm font-medium text-brand disabled:text-muted"
                  data-testid="send-code"
                >
                  {secondsLeft > 0 ? <Trans>Resend in {secondsLeft}s</Trans> : <Trans>Send code</Trans>}
                </button>
              }
            />
            {sentTo ? (
              <p role="status" className="text-sm text-muted">
                <Trans>We sent a 6-digit code to {sentTo}.</Trans>
              </p>
            ) : null}
            {sentTo && sandbox.codeInbox ? <SandboxInboxLink spotBase={api.spotBase} address={sentTo} /> : null}
            {codeNotice.refusal ? (
              <p role="alert" className="text-sm text-down">
                {refusalText(i18n, codeNotice.refusal.reason, codeNotice.refusal.retryAfter)}
              </p>
            ) : null}
          </div>
        )}
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
                <Trans>I have read and agree to the Terms of Use and the Privacy Policy.</Trans>
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

/**
 * The exchange is a sandbox that keeps codes instead of mailing them: without this link a newcomer
 * on `npm start` could never read theirs. It opens the exchange's inbox for the address just used.
 */
function SandboxInboxLink({ spotBase, address }: { spotBase: string; address: string }) {
  const href = `${spotBase.replace(/\/+$/, '')}/dev/inbox?address=${encodeURIComponent(address)}`
  return (
    <p className="text-sm">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand underline underline-offset-2"
        data-testid="sandbox-inbox"
      >
        <Trans>Sandbox: read your code in the inbox</Trans>
        <span className="sr-only">
          {' '}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    </p>
  )
}
