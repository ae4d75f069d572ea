import { useLingui } from '@lingui/react/macro'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { firstLeadCode } from './lead-form.ts'
import { leadFieldText } from './lead.texts.ts'

/** A leader-centre field's errors as the text shown under it (the bounds are whole numbers). */
export function useLeadFieldText(): (errors: readonly unknown[]) => string | undefined {
  const { i18n } = useLingui()
  const format = useNumberFormat()
  return (errors) => leadFieldText(i18n, firstLeadCode(errors), (value) => format.number(value, { digits: 0 }))
}
