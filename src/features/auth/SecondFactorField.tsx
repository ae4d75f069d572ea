/**
 * The code of two-factor authentication: the authenticator app's 6 digits (the registration code's filter), or, after
 * "Use a recovery code", one of the recovery codes given at set-up.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { numericSix } from '#/lib/input-filters/filters.ts'
import { useInputFilter } from '#/lib/input-filters/useInputFilter.ts'
import { TextField } from '#/ui/TextField.tsx'

export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/

/** A validation of the field's value: 'code-invalid' for neither 6 digits nor, with `recovery`, a recovery code. */
export function secondFactorProblem(value: string, recovery: boolean): 'required' | 'code-invalid' | undefined {
  if (value.trim() === '') return 'required'
  return (recovery ? RECOVERY_CODE_PATTERN : /^\d{6}$/).test(value.trim()) ? undefined : 'code-invalid'
}

export function SecondFactorField({
  value,
  onValue,
  onBlur,
  error,
  recovery,
  onRecovery,
}: {
  value: string
  onValue: (value: string) => void
  onBlur: () => void
  error: string | undefined
  recovery: boolean
  /** Switches between the app's code and a recovery code; absent where only the app's code is taken. */
  onRecovery?: (recovery: boolean) => void
}) {
  const { t } = useLingui()
  const filter = useInputFilter(numericSix, onValue)
  return (
    <div className="flex flex-col gap-1.5">
      {recovery ? (
        <TextField
          label={t`Recovery code`}
          name="recoveryCode"
          dir="ltr"
          autoComplete="off"
          maxLength={11}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onBlur={onBlur}
          hint={t`One of the recovery codes you saved when you set up two-factor authentication. Each works once.`}
          error={error}
        />
      ) : (
        <TextField
          label={t`Authenticator code`}
          name="totp"
          inputMode="numeric"
          dir="ltr"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          error={error}
          hint={t`The 6-digit code your authenticator app shows for Tandem.`}
          {...filter}
          onBlur={onBlur}
        />
      )}
      {onRecovery ? (
        <button
          type="button"
          className="self-start text-sm font-medium text-brand hover:underline"
          onClick={() => {
            onValue('')
            onRecovery(!recovery)
          }}
        >
          {recovery ? <Trans>Use the authenticator app instead</Trans> : <Trans>Use a recovery code</Trans>}
        </button>
      ) : null}
    </div>
  )
}
