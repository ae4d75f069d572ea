/**
 * Sending a verification code, shared by registration and the password reset: the code field with its send button
 * and resend timer (ACCOUNTS.codeSendsPerMinute), what was sent where, the sandbox inbox link, and a refusal.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { ACCOUNTS } from '#/app.config.ts'
import type { Refusal, Sent } from '#/exchange-client/index.ts'
import { numericSix } from '#/lib/input-filters/filters.ts'
import { useInputFilter } from '#/lib/input-filters/useInputFilter.ts'
import { withLocalePrefix } from '#/lib/locale.ts'
import { firstValidationCode } from '#/lib/validators.ts'
import { TextField } from '#/ui/TextField.tsx'
import { refusalText, validationText } from './auth-messages.ts'
import type { FormFieldApi } from './PasswordField.tsx'
import { useCountdown } from './useCountdown.ts'

const RESEND_SECONDS = 60 / ACCOUNTS.codeSendsPerMinute

export function useCodeSender() {
  const [notice, setNotice] = useState<{ sentTo?: string; refusal?: Refusal }>({})
  const [resendAt, setResendAt] = useState(0)
  const [sending, setSending] = useState(false)
  const secondsLeft = useCountdown(resendAt)
  return {
    notice,
    sending,
    secondsLeft,
    reset: () => setNotice({}),
    /** Sends through `send` to `address`; the button waits out the resend time (or the exchange's Retry-After). */
    send: async (address: string, send: () => Promise<Sent<unknown>>) => {
      setSending(true)
      const outcome = await send()
      setSending(false)
      if (outcome.status === 'ok') {
        setNotice({ sentTo: address })
        setResendAt(Date.now() + RESEND_SECONDS * 1000)
      } else {
        setNotice({ refusal: outcome })
        if (outcome.retryAfter) setResendAt(Date.now() + outcome.retryAfter * 1000)
      }
    },
  }
}

export type CodeSender = ReturnType<typeof useCodeSender>

export function SendCodeButton({ sender, onSend }: { sender: CodeSender; onSend: () => void }) {
  const { secondsLeft } = sender
  return (
    <button
      type="button"
      onClick={onSend}
      disabled={sender.sending || sender.secondsLeft > 0}
      className="rounded-lg px-2 py-1 text-sm font-medium text-brand disabled:text-muted"
      data-testid="send-code"
    >
      {secondsLeft > 0 ? <Trans>Resend in {secondsLeft}s</Trans> : <Trans>Send code</Trans>}
    </button>
  )
}

/**
 * The 6-digit code field (digits only), its send button and the notice under it. `reset`: a password reset, which
 * never says whether the account exists.
 */
export function SentCodeField({
  sender,
  onSend,
  field,
  reset = false,
}: {
  sender: CodeSender
  onSend: () => void
  /** The form's code field. */
  field: FormFieldApi
  reset?: boolean
}) {
  const { t, i18n } = useLingui()
  const filter = useInputFilter(numericSix, field.handleChange)
  return (
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
        {...filter}
        onBlur={field.handleBlur}
        end={<SendCodeButton sender={sender} onSend={onSend} />}
      />
      <CodeNotice sender={sender} reset={reset} />
    </div>
  )
}

/** Under the code field: where the code went (in a reset: where it went if the account exists), and the inbox link. */
export function CodeNotice({ sender, reset = false }: { sender: CodeSender; reset?: boolean }) {
  const { i18n } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  const { sentTo, refusal } = sender.notice
  return (
    <>
      {sentTo ? (
        <p role="status" className="text-sm text-muted">
          {reset ? (
            <Trans>If an account uses {sentTo}, we sent a 6-digit code to it.</Trans>
          ) : (
            <Trans>We sent a 6-digit code to {sentTo}.</Trans>
          )}
        </p>
      ) : null}
      {sentTo && shell.config.sandbox.codeInbox ? <SandboxInboxLink address={sentTo} /> : null}
      {refusal ? (
        <p role="alert" className="text-sm text-down">
          {refusalText(i18n, refusal.reason, refusal.retryAfter)}
        </p>
      ) : null}
    </>
  )
}

/**
 * The exchange is a sandbox that keeps codes instead of mailing them: without this link a newcomer on `npm start`
 * could never read theirs. It opens the sandbox inbox page for the address just used, in the page's language.
 */
function SandboxInboxLink({ address }: { address: string }) {
  const { prefix } = useRouteContext({ from: '__root__' })
  const href = `${withLocalePrefix(prefix, '/sandbox-inbox')}?address=${encodeURIComponent(address)}`
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
