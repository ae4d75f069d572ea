/**
 * A password field of the auth forms (sign-in, registration, reset, the security page): its reveal button, the
 * browser's autocomplete for a current or a new password, and for a new one the rule under it.
 */
import { useLingui } from '@lingui/react/macro'
import { firstValidationCode } from '#/lib/validators.ts'
import { TextField } from '#/ui/TextField.tsx'
import { validationText } from './auth-messages.ts'

/** What a field of a form (TanStack Form's field API) gives the auth fields. */
export interface FormFieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } }
  handleChange: (value: string) => void
  handleBlur: () => void
}

export function PasswordField({
  field,
  label,
  name,
  kind,
}: {
  field: FormFieldApi
  label: string
  name: string
  /** 'new': a password being chosen (the rule shown under it). */
  kind: 'current' | 'new'
}) {
  const { t, i18n } = useLingui()
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
      value={field.state.value}
      onChange={(e) => field.handleChange(e.target.value)}
      onBlur={field.handleBlur}
      hint={kind === 'new' ? t`8 to 64 characters, with both letters and digits.` : undefined}
      error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
      revealLabels={{ show: t`Show`, hide: t`Hide` }}
    />
  )
}
