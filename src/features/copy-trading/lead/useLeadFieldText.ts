import { useLingui } from '@lingui/react/macro'
import { useNumberFormat } from '../../preferences/useNumberFormat.ts'
import { firstLeadCode } from './lead-form.ts'
import { leadFieldText } from './lead-messages.ts'

/** A leader-centre field's errors as the text shown under it (the bounds are whole numbers). */
export function useLeadFieldText(): (errors: readonly unknown[]) => string | undefined {
  const { i18n } = useLingui()
  const format = useNumberFormat()
  return (errors) => leadFieldText(i18n, firstLeadCode(errors), (value) => format.number(value, { digits: 0 }))
}
