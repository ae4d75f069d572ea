/** The sign-in's second step: the password was right; the session opens with the authenticator's code. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import type { Refusal } from '#/exchange-client/index.ts'
import { firstValidationCode } from '#/lib/validators.ts'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { refusalText, validationText } from './auth-messages.ts'
import { loginTwoFactor } from './auth.functions.ts'
import { SecondFactorField, secondFactorProblem } from './SecondFactorField.tsx'

export function SecondFactorForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>
  onRestart: () => void
}) {
  const { i18n } = useLingui()
  const [recovery, setRecovery] = useState(false)
  const [refusal, setRefusal] = useState<Refusal>()
  const form = useForm({
    defaultValues: { code: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const outcome = await loginTwoFactor({ data: { code: value.code.trim() } })
      if (outcome.status === 'ok') return onSignedIn()
      setRefusal(outcome)
    },
  })
  return (
    <Form className="flex flex-col gap-5" onSubmit={() => form.handleSubmit()}>
      <p className="text-sm text-muted" data-testid="second-factor">
        <Trans>This account has two-factor authentication. Enter the code from your authenticator app.</Trans>
      </p>
      <form.Field name="code" validators={{ onSubmit: ({ value }) => secondFactorProblem(value, recovery) }}>
        {(field) => (
          <SecondFactorField
            value={field.state.value}
            onValue={field.handleChange}
            onBlur={field.handleBlur}
            error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
            recovery={recovery}
            onRecovery={(next) => {
              setRecovery(next)
              setRefusal(undefined)
            }}
          />
        )}
      </form.Field>
      {refusal ? (
        <FormError>
          {refusalText(i18n, refusal.reason, refusal.retryAfter)}
          {refusal.reason === 'login-ticket-expired' ? (
            <>
              {' '}
              <button type="button" className="font-medium underline" onClick={onRestart}>
                <Trans>Back to the password</Trans>
              </button>
            </>
          ) : null}
        </FormError>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            {submitting ? <Trans>Checking…</Trans> : <Trans>Verify and log in</Trans>}
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
