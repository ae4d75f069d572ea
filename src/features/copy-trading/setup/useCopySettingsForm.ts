/** The copy settings form (set-up and edit share it): TanStack Form, checked on every change and on submit. */
import { useForm } from '@tanstack/react-form'
import {
  hasErrors,
  validateSettings,
  type CopySettingsValues,
  type NumericField,
  type SettingsContext,
  type SettingsError,
} from './copy-settings.ts'

export interface CopySettingsFormOptions {
  defaultValues: CopySettingsValues
  context: SettingsContext
  onSubmit: (values: CopySettingsValues) => void | Promise<void>
}

export function useCopySettingsForm({ defaultValues, context, onSubmit }: CopySettingsFormOptions) {
  // The form takes fresh options on every render, so a minimum or balance that arrives later counts.
  const validate = ({ value }: { value: CopySettingsValues }) => {
    const errors = validateSettings(value, context)
    return hasErrors(errors) ? { fields: errors } : undefined
  }
  return useForm({
    defaultValues,
    validators: { onChange: validate, onSubmit: validate },
    onSubmit: ({ value }) => onSubmit(value),
  })
}

export type CopySettingsForm = ReturnType<typeof useCopySettingsForm>

/** Marks fields the exchange refused; the mark goes when the field changes. */
export function markRefused(form: CopySettingsForm, fields: readonly NumericField[], code: SettingsError = 'rejected') {
  for (const field of fields)
    form.setFieldMeta(field, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta.errorMap, onServer: code } }))
}
