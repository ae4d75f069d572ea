/**
 * The account menu's "Change password" (§6). A login whose security config says changeLogin false (a sub-account whose
 * main account manages its login) sees the entry disabled with the reason; the exchange refuses the change too.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import type { Refusal } from '#/exchange-client/index.ts'
import { firstValidationCode, validatePassword } from '#/lib/validators.ts'
import { refusalText, validationText } from './auth-messages.ts'
import { PasswordField } from './PasswordField.tsx'
import { changePassword } from './login-change.functions.ts'
import { SecondFactorField, secondFactorProblem } from './SecondFactorField.tsx'

const menuItem = 'block w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-sunken disabled:cursor-not-allowed'

export function LoginSecurity({ changeLogin }: { changeLogin: boolean }) {
  const [open, setOpen] = useState(false)
  if (!changeLogin) {
    return (
      <div className="px-3 py-2" data-testid="login-change-locked">
        <button
          type="button"
          disabled
          aria-describedby="login-change-locked-why"
          className={`${menuItem} px-0 text-muted`}
        >
          <Trans>Change password</Trans>
        </button>
        <p id="login-change-locked-why" className="text-xs text-muted">
          <Trans>This sub-account’s login details are managed by its main account.</Trans>
        </p>
      </div>
    )
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={menuItem}>
        <Trans>Change password</Trans>
      </button>
      {open ? <ChangePasswordDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  return (
    <DraggableDialog open onClose={onClose} title={t`Change password`} closeLabel={t`Close`}>
      <ChangePasswordForm onDone={onClose} />
    </DraggableDialog>
  )
}

/** With `twoFactor` on, the change also asks for the authenticator's code (or a recovery code). */
export function ChangePasswordForm({ onDone, twoFactor = false }: { onDone: () => void; twoFactor?: boolean }) {
  const { t, i18n } = useLingui()
  const [refusal, setRefusal] = useState<Refusal>()
  // The exchange says when the account has two-factor on (the menu's dialog does not load it beforehand).
  const [askCode, setAskCode] = useState(twoFactor)
  const [recovery, setRecovery] = useState(false)
  const form = useForm({
    defaultValues: { password: '', newPassword: '', code: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const code = value.code.trim()
      const outcome = await changePassword({
        data: { password: value.password, newPassword: value.newPassword, ...(askCode && code ? { code } : {}) },
      })
      if (outcome.status !== 'ok' && outcome.reason === 'two-factor-required') setAskCode(true)
      if (outcome.status !== 'ok') return setRefusal(outcome)
      notify(t`Your password is changed. Other devices are signed out.`)
      onDone()
    },
  })
  return (
    <Form className="flex flex-col gap-4" onSubmit={() => form.handleSubmit()}>
      <form.Field name="password" validators={{ onSubmit: ({ value }) => (value ? undefined : 'required') }}>
        {(field) => <PasswordField field={field} label={t`Current password`} name="password" kind="current" />}
      </form.Field>
      <form.Field name="newPassword" validators={{ onSubmit: ({ value }) => validatePassword(value) ?? undefined }}>
        {(field) => <PasswordField field={field} label={t`New password`} name="newPassword" kind="new" />}
      </form.Field>
      {askCode ? (
        <form.Field name="code" validators={{ onSubmit: ({ value }) => secondFactorProblem(value, recovery) }}>
          {(field) => (
            <SecondFactorField
              value={field.state.value}
              onValue={field.handleChange}
              onBlur={field.handleBlur}
              error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
              recovery={recovery}
              onRecovery={setRecovery}
            />
          )}
        </form.Field>
      ) : null}
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            <Trans>Change password</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
