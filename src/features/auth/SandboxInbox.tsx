/**
 * The sandbox inbox page's body: look up an address, read the codes kept for it (newest first; the newest counts).
 * One address at a time, so a public sandbox does not list who is registering.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CodePurpose } from '#/contract/index.ts'
import { formatRelativeTime } from '#/lib/format/relative-time.ts'
import { TextField } from '#/ui/TextField.tsx'
import { sandboxInboxQueries } from './sandbox-inbox.functions.ts'

export function SandboxInbox({ address }: { address: string | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate({ from: '/{-$locale}/sandbox-inbox' })
  const [typed, setTyped] = useState(address ?? '')
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        <Trans>
          This exchange is a sandbox: it keeps verification codes here instead of mailing them. Codes expire after a few
          minutes; the newest one counts.
        </Trans>
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({ to: '.', search: { address: typed.trim() || undefined } })
        }}
      >
        <div className="min-w-60 flex-1">
          <TextField
            label={t`Email or mobile number`}
            name="address"
            dir="ltr"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="h-11 rounded-xl bg-brand px-5 font-semibold text-brand-contrast">
          <Trans>Show codes</Trans>
        </button>
      </form>
      {address ? <Messages address={address} /> : null}
    </div>
  )
}

function Messages({ address }: { address: string }) {
  const { t, i18n } = useLingui()
  const { data, refetch, isFetching } = useQuery(sandboxInboxQueries.address(address))
  // Ages are read from when the page opened (a render stays pure).
  const [now] = useState(() => Date.now())
  const purposes: Record<CodePurpose, string> = { register: t`Registration`, 'reset-password': t`Password reset` }
  if (!data) return null
  if (data.status !== 'ok') {
    return (
      <p role="alert" className="text-sm text-down">
        <Trans>The inbox could not be read. Try again in a moment.</Trans>
      </p>
    )
  }
  return (
    <section className="flex flex-col gap-3" aria-label={t`Codes sent to ${address}`}>
      {data.data.messages.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No code was sent to this address yet. Ask for one on the form, then refresh.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.data.messages.map((message) => (
            <li
              key={`${message.sentAt}-${message.code}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-raised px-4 py-3"
              data-testid="inbox-message"
            >
              <code className="text-2xl font-semibold tracking-widest tabular-nums" dir="ltr">
                {message.code}
              </code>
              <span className="text-sm text-muted">
                {purposes[message.purpose]} · {formatRelativeTime(i18n, Date.parse(message.sentAt), now)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => void refetch()}
        disabled={isFetching}
        className="self-start rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:opacity-60"
      >
        <Trans>Refresh</Trans>
      </button>
    </section>
  )
}
