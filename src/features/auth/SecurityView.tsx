/**
 * The security page (account menu → Security): the account's active sessions and devices, ending one or every other,
 * two-factor authentication on or off, and the password. "Sign out everywhere" ends every other session; this one
 * ends with "Log out".
 */
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { AccountSession } from '#/contract/index.ts'
import type { Refusal } from '#/exchange-client/index.ts'
import { formatRelativeTime } from '#/lib/format/relative-time.ts'
import { firstValidationCode } from '#/lib/validators.ts'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { Form, FormError, SubmitButton } from '#/ui/FormError.tsx'
import { notify } from '#/ui/toast.ts'
import { refusalText, validationText } from './auth-messages.ts'
import { PasswordField } from './PasswordField.tsx'
import { ChangePasswordForm } from './LoginSecurity.tsx'
import { SecondFactorField, secondFactorProblem } from './SecondFactorField.tsx'
import { describeDevice } from './user-agent.ts'
import {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  revokeOtherSessions,
  revokeSession,
  type TwoFactorSetupView,
} from './security.functions.ts'
import { securityQueries } from './security.queries.ts'

const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-raised p-5'
const secondaryButton =
  'rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-60'

export function SecurityView() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <TwoFactorCard />
        <PasswordCard />
      </div>
      <SessionsCard />
    </div>
  )
}

function PasswordCard() {
  const { account } = useRouteContext({ from: '/{-$locale}' })
  const [open, setOpen] = useState(false)
  const { t } = useLingui()
  const { data } = useSuspenseQuery(securityQueries.twoFactor())
  const twoFactor = data.status === 'ok' && data.data.enabled
  return (
    <section className={card} aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        <Trans>Password</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Changing it signs out every other device.</Trans>
      </p>
      {account?.changeLogin === false ? (
        <p className="text-sm text-muted">
          <Trans>This sub-account’s login details are managed by its main account.</Trans>
        </p>
      ) : (
        <button type="button" className={`${secondaryButton} self-start`} onClick={() => setOpen(true)}>
          <Trans>Change password</Trans>
        </button>
      )}
      {open ? (
        <DraggableDialog open onClose={() => setOpen(false)} title={t`Change password`} closeLabel={t`Close`}>
          <ChangePasswordForm onDone={() => setOpen(false)} twoFactor={twoFactor} />
        </DraggableDialog>
      ) : null}
    </section>
  )
}

function TwoFactorCard() {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(securityQueries.twoFactor())
  const [dialog, setDialog] = useState<'enable' | 'disable'>()
  if (data.status !== 'ok') {
    return (
      <section className={card}>
        <p role="alert" className="text-sm text-down">
          <Trans>Your security settings could not be loaded. Try again in a moment.</Trans>
        </p>
      </section>
    )
  }
  const { enabled, recoveryCodesLeft } = data.data
  return (
    <section className={card} aria-labelledby="two-factor-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="two-factor-title" className="text-lg font-semibold">
          <Trans>Two-factor authentication</Trans>
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${enabled ? 'bg-up/15 text-up' : 'bg-sunken text-muted'}`}
          data-testid="two-factor-status"
        >
          {enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}
        </span>
      </div>
      <p className="text-sm text-muted">
        {enabled ? (
          <Trans>
            Signing in, changing the password and turning this off ask for a code from your authenticator app. Recovery
            codes left: {recoveryCodesLeft}.
          </Trans>
        ) : (
          <Trans>
            Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password alone
            does not open your account.
          </Trans>
        )}
      </p>
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={() => setDialog(enabled ? 'disable' : 'enable')}
      >
        {enabled ? <Trans>Turn off two-factor authentication</Trans> : <Trans>Set up two-factor authentication</Trans>}
      </button>
      {dialog ? (
        <DraggableDialog
          open
          onClose={() => setDialog(undefined)}
          title={dialog === 'enable' ? t`Set up two-factor authentication` : t`Turn off two-factor authentication`}
          closeLabel={t`Close`}
        >
          {dialog === 'enable' ? (
            <EnableTwoFactor onDone={() => setDialog(undefined)} />
          ) : (
            <DisableTwoFactor onDone={() => setDialog(undefined)} />
          )}
        </DraggableDialog>
      ) : null}
    </section>
  )
}

/** Password → QR code and secret → a code of the app → the recovery codes, shown once. */
function EnableTwoFactor({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const [refusal, setRefusal] = useState<Refusal>()
  const [setup, setSetup] = useState<TwoFactorSetupView>()
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()
  const form = useForm({
    defaultValues: { password: '', code: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      if (!setup) {
        const outcome = await beginTwoFactorSetup({ data: { password: value.password } })
        return outcome.status === 'ok' ? setSetup(outcome.data) : setRefusal(outcome)
      }
      const outcome = await enableTwoFactor({ data: { code: value.code } })
      if (outcome.status !== 'ok') return setRefusal(outcome)
      setRecoveryCodes(outcome.data.recoveryCodes)
      void client.invalidateQueries({ queryKey: securityQueries.all })
    },
  })
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />
  return (
    <Form className="flex flex-col gap-4" onSubmit={() => form.handleSubmit()}>
      {setup ? (
        <>
          <p className="text-sm">
            <Trans>
              Scan this QR code with an authenticator app, or type the key into it. Then enter the code it shows.
            </Trans>
          </p>
          <img
            src={setup.qr}
            alt={i18n._(QR_ALT)}
            width={200}
            height={200}
            className="self-center rounded-lg bg-white"
          />
          <p className="text-sm">
            <span className="text-muted">
              <Trans>Key</Trans>
            </span>{' '}
            <code className="break-all font-semibold tracking-wider" dir="ltr" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <form.Field name="code" validators={{ onSubmit: ({ value }) => secondFactorProblem(value, false) }}>
            {(field) => (
              <SecondFactorField
                value={field.state.value}
                onValue={field.handleChange}
                onBlur={field.handleBlur}
                error={validationText(i18n, firstValidationCode(field.state.meta.errors))}
                recovery={false}
              />
            )}
          </form.Field>
        </>
      ) : (
        <form.Field name="password" validators={{ onSubmit: ({ value }) => (value ? undefined : 'required') }}>
          {(field) => <PasswordField field={field} label={t`Current password`} name="password" kind="current" />}
        </form.Field>
      )}
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>{setup ? <Trans>Turn on</Trans> : <Trans>Continue</Trans>}</SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}

const QR_ALT = msg`QR code for your authenticator app`

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Trans>
          Two-factor authentication is on. Save these recovery codes somewhere safe: each signs in once when your phone
          is not at hand. They are shown only now.
        </Trans>
      </p>
      <ol
        className="grid grid-cols-2 gap-2 rounded-xl bg-sunken p-4 font-mono text-sm"
        dir="ltr"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button
        type="button"
        className="h-11 rounded-xl bg-brand px-6 font-semibold text-brand-contrast"
        onClick={onDone}
      >
        <Trans>I saved them</Trans>
      </button>
    </div>
  )
}

function DisableTwoFactor({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const [refusal, setRefusal] = useState<Refusal>()
  const [recovery, setRecovery] = useState(false)
  const form = useForm({
    defaultValues: { password: '', code: '' },
    onSubmit: async ({ value }) => {
      setRefusal(undefined)
      const outcome = await disableTwoFactor({ data: { password: value.password, code: value.code.trim() } })
      if (outcome.status !== 'ok') return setRefusal(outcome)
      await client.invalidateQueries({ queryKey: securityQueries.all })
      notify(t`Two-factor authentication is off.`)
      onDone()
    },
  })
  return (
    <Form className="flex flex-col gap-4" onSubmit={() => form.handleSubmit()}>
      <form.Field name="password" validators={{ onSubmit: ({ value }) => (value ? undefined : 'required') }}>
        {(field) => <PasswordField field={field} label={t`Current password`} name="password" kind="current" />}
      </form.Field>
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
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(submitting) => (
          <SubmitButton pending={submitting}>
            <Trans>Turn off</Trans>
          </SubmitButton>
        )}
      </form.Subscribe>
    </Form>
  )
}

function SessionsCard() {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const { data } = useSuspenseQuery(securityQueries.sessions())
  const [busy, setBusy] = useState<string>()
  const [refusal, setRefusal] = useState<Refusal>()
  // Ages are read from when the page opened (a render stays pure).
  const [now] = useState(() => Date.now())
  const sessions = data.status === 'ok' ? data.data : []
  const others = sessions.filter((session) => !session.current)
  const act = async (key: string, run: () => Promise<{ status: string } | Refusal>, done: string) => {
    setBusy(key)
    setRefusal(undefined)
    const outcome = await run()
    setBusy(undefined)
    if ('reason' in outcome) return setRefusal(outcome)
    await client.invalidateQueries({ queryKey: securityQueries.sessions().queryKey })
    notify(done)
  }
  return (
    <section className={card} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-semibold">
        <Trans>Active sessions</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>Devices signed in to your account. End any you do not recognise, then change your password.</Trans>
      </p>
      {data.status !== 'ok' ? (
        <p role="alert" className="text-sm text-down">
          <Trans>Your sessions could not be loaded. Try again in a moment.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="sessions">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              now={now}
              busy={busy === session.id}
              onRevoke={() =>
                void act(session.id, () => revokeSession({ data: { id: session.id } }), t`That session is signed out.`)
              }
            />
          ))}
        </ul>
      )}
      {refusal ? <FormError>{refusalText(i18n, refusal.reason, refusal.retryAfter)}</FormError> : null}
      <button
        type="button"
        className={`${secondaryButton} self-start text-down`}
        disabled={others.length === 0 || busy !== undefined}
        aria-describedby="sign-out-everywhere-why"
        onClick={() => void act('others', () => revokeOtherSessions(), t`Every other device is signed out.`)}
      >
        <Trans>Sign out everywhere else</Trans>
      </button>
      <p id="sign-out-everywhere-why" className="-mt-2 text-xs text-muted">
        {others.length === 0 ? (
          <Trans>No other device is signed in.</Trans>
        ) : (
          <Trans>Ends every session but this one. To end this one too, log out.</Trans>
        )}
      </p>
    </section>
  )
}

function SessionRow({
  session,
  now,
  busy,
  onRevoke,
}: {
  session: AccountSession
  now: number
  busy: boolean
  onRevoke: () => void
}) {
  const { t, i18n } = useLingui()
  const device = describeDevice(session.userAgent)
  const browser = device?.browser
  const system = device?.system
  const name = browser && system ? t`${browser} on ${system}` : (browser ?? system ?? t`Unknown device`)
  const started = formatRelativeTime(i18n, Date.parse(session.createdAt), now)
  const seen = formatRelativeTime(i18n, Date.parse(session.lastSeenAt), now)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span dir="auto">{name}</span>
          {session.current ? (
            <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-brand">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-xs text-muted">
          {session.network ? (
            <span dir="ltr" className="me-2">
              {session.network}
            </span>
          ) : null}
          <Trans>
            Signed in {started} · last active {seen}
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <button type="button" className={secondaryButton} disabled={busy} onClick={onRevoke}>
          <Trans>Sign out</Trans>
        </button>
      )}
    </li>
  )
}
