/** The account part of the login and registration forms: email or mobile, switchable. */
import { useLingui } from '@lingui/react/macro'
import { digitsOnly } from '#/lib/input-filters/filters.ts'
import { useInputFilter } from '#/lib/input-filters/useInputFilter.ts'
import { firstValidationCode } from '#/lib/validators.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { TextField } from '#/ui/TextField.tsx'
import { validationText } from './auth-messages.ts'
import type { AccountType } from './auth.schemas.ts'

export function AccountTypeSwitch({
  label,
  value,
  onChange,
}: {
  label: string
  value: AccountType
  onChange: (value: AccountType) => void
}) {
  const { t } = useLingui()
  return (
    <SegmentedTabs
      label={label}
      value={value}
      options={[
        { value: 'email', label: t`Email` },
        { value: 'mobile', label: t`Mobile` },
      ]}
      onChange={onChange}
    />
  )
}

export interface AccountInputProps {
  accountType: AccountType
  value: string
  onValue: (value: string) => void
  onBlur: () => void
  errors: readonly unknown[]
}

/** A mobile number keeps digits only while typing (§5), never during IME composition. */
export function AccountInput({ accountType, value, onValue, onBlur, errors }: AccountInputProps) {
  const { t, i18n } = useLingui()
  const mobileFilter = useInputFilter(digitsOnly, onValue)
  const email = accountType === 'email'
  return (
    <TextField
      label={email ? t`Email` : t`Mobile number`}
      name="account"
      type={email ? 'email' : 'tel'}
      inputMode={email ? 'email' : 'numeric'}
      autoComplete="username"
      // Addresses and numbers read left to right in every language.
      dir="ltr"
      value={value}
      error={validationText(i18n, firstValidationCode(errors))}
      {...(email ? { onChange: (e) => onValue(e.target.value) } : mobileFilter)}
      onBlur={onBlur}
    />
  )
}
