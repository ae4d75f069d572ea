/**
 * The leader's public profile: nickname, bio, up to three tags and an avatar (the site's own pictures, or the default
 * one).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useId, useState } from 'react'
import { LEADER_BIO_MAX, LEADER_MAX_TAGS, type MyLeaderProfile } from '#/contract/index.ts'
import { Form, SubmitButton } from '#/ui/FormError.tsx'
import { TextField } from '#/ui/TextField.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { saveLeadInfo } from './lead.functions.ts'
import {
  infoOf,
  infoRequest,
  refusalCodes,
  validateBio,
  validateNickname,
  withoutRefusal,
  type FieldRefusals,
  type InfoValues,
} from './lead-form.ts'
import { LEADER_AVATARS, LEADER_TAG_KEYS, LEADER_TAG_LABELS } from './profile-choices.ts'
import { useLeadAction } from './useLeadAction.ts'
import { useLeadFieldText } from './useLeadFieldText.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'

const chip =
  'inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm has-checked:border-brand has-checked:text-brand has-disabled:cursor-not-allowed has-disabled:opacity-50'

/** Small enough for seven a row in the narrowest form (about 320 px on a 390 px phone). */
const AVATAR_CHOICE_PX = 36

function AvatarChoice({
  value,
  onChange,
  error,
}: {
  value: string | null
  onChange: (value: string | null) => void
  error: string | undefined
}) {
  const { t, i18n } = useLingui()
  const hintId = useId()
  const presets = LEADER_AVATARS.map((avatar) => ({ src: avatar.src, label: i18n._(avatar.label) }))
  // A picture set before the presets (or through the API) stays selectable: saving the form keeps it.
  const current =
    value !== null && !presets.some((preset) => preset.src === value) ? [{ src: value, label: t`Current avatar` }] : []
  const choices: Array<{ src: string | null; label: string }> = [
    { src: null, label: t`Default avatar` },
    ...current,
    ...presets,
  ]
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${hintId} ${hintId}-error` : hintId}>
      <legend className="mb-1.5 text-sm font-medium">
        <Trans>Avatar</Trans>
      </legend>
      <p id={hintId} className="-mt-1 text-xs text-muted">
        <Trans>Other leaders may choose the same picture.</Trans>
      </p>
      {/* Seven a row: the default and the twelve presets fill two even rows, from a 390 px phone up. */}
      <div className="grid w-fit grid-cols-7 gap-1.5 sm:gap-2" data-testid="avatars">
        {choices.map((choice) => (
          <label
            key={choice.src ?? 'default'}
            title={choice.label}
            className="cursor-pointer rounded-full p-0.5 ring-2 ring-transparent has-checked:ring-brand has-focus-visible:outline-2 has-focus-visible:outline-brand"
          >
            <input
              type="radio"
              name="avatar"
              className="sr-only"
              aria-label={choice.label}
              checked={value === choice.src}
              onChange={() => onChange(choice.src)}
            />
            <LeaderAvatar src={choice.src} size={AVATAR_CHOICE_PX} />
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${hintId}-error`} role="alert" className="text-sm text-down">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

function TagChoice({ value, onChange }: { value: readonly string[]; onChange: (value: string[]) => void }) {
  const { i18n } = useLingui()
  const max = LEADER_MAX_TAGS
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">
        <Trans>Tags (up to {max})</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {LEADER_TAG_KEYS.map((key) => {
          const checked = value.includes(key)
          const label = LEADER_TAG_LABELS[key]
          return (
            <label key={key} className={chip}>
              <input
                type="checkbox"
                className="accent-brand"
                checked={checked}
                disabled={!checked && value.length >= max}
                onChange={(e) => onChange(e.target.checked ? [...value, key] : value.filter((tag) => tag !== key))}
              />
              {label ? i18n._(label) : key}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

export function InfoForm({ profile }: { profile: MyLeaderProfile }) {
  const { t } = useLingui()
  const fieldText = useLeadFieldText()
  const [refusals, setRefusals] = useState<FieldRefusals>({})
  const flight = useSingleFlight()
  const save = useLeadAction(saveLeadInfo, { done: () => t`Your profile is saved.` })
  const form = useForm({
    defaultValues: infoOf(profile),
    onSubmit: async ({ value }) => {
      setRefusals({})
      const result = await save.mutateAsync({ data: infoRequest(value) }).catch(() => undefined)
      if (result?.status === 'refused') setRefusals(refusalCodes(result.reason, result.fields))
    },
  })
  const errorsOf = (name: keyof InfoValues, errors: readonly unknown[]) => fieldText([...errors, refusals[name]])
  /** A changed value answers its field's refusal. */
  const changed = (name: keyof InfoValues) => setRefusals((current) => withoutRefusal(current, name))
  return (
    <Form className="flex flex-col gap-5" onSubmit={() => flight.run(() => form.handleSubmit())}>
      <form.Field name="nickname" validators={{ onSubmit: ({ value }) => validateNickname(value) }}>
        {(field) => (
          <TextField
            label={t`Nickname`}
            name="nickname"
            dir="auto"
            autoComplete="nickname"
            value={field.state.value}
            onChange={(e) => {
              field.handleChange(e.target.value)
              changed('nickname')
            }}
            onBlur={field.handleBlur}
            error={errorsOf('nickname', field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field name="bio" validators={{ onSubmit: ({ value }) => validateBio(value) }}>
        {(field) => {
          const used = field.state.value.length
          const max = LEADER_BIO_MAX
          const error = errorsOf('bio', field.state.meta.errors)
          return (
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              <span className="flex justify-between gap-2">
                <Trans>Bio</Trans>
                <span className="font-normal text-muted tabular-nums" dir="ltr" aria-hidden="true">
                  {used}/{max}
                </span>
              </span>
              <textarea
                name="bio"
                dir="auto"
                rows={3}
                maxLength={max}
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
                onBlur={field.handleBlur}
                aria-invalid={error ? true : undefined}
                className="rounded-xl border border-line bg-card p-3 text-base font-normal text-ink outline-none focus:border-brand aria-[invalid=true]:border-down"
              />
              {error ? (
                <span role="alert" className="font-normal text-down">
                  {error}
                </span>
              ) : null}
            </label>
          )
        }}
      </form.Field>
      <form.Field name="tags">
        {(field) => <TagChoice value={field.state.value} onChange={field.handleChange} />}
      </form.Field>
      <form.Field name="avatar">
        {(field) => (
          <AvatarChoice
            value={field.state.value}
            onChange={(value) => {
              field.handleChange(value)
              changed('avatar')
            }}
            error={errorsOf('avatar', field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting || save.isPending || flight.busy} className="self-start">
            <Trans>Save profile</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}
