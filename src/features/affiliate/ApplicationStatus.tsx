import { Trans, useLingui } from '@lingui/react/macro'
import type { AffiliateApplication } from '#/contract/index.ts'
import { PLATFORM_LABELS, STATUS_LABELS } from './affiliate.texts.ts'
import { PLATFORMS } from './affiliate.schemas.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

export function ApplicationStatus({ application }: { application: AffiliateApplication }) {
  const { i18n } = useLingui()
  const dates = useDateTimeFormat('minute')
  const label = STATUS_LABELS[application.status]
  const submitted = dates.format(Date.parse(application.createdAt))
  return (
    <section
      className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-line bg-card p-6"
      data-testid="application-status"
      data-status={application.status}
    >
      <h2 className="text-lg font-semibold">{i18n._(label.title)}</h2>
      <p className="text-muted">{i18n._(label.description)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">
          <Trans>Name</Trans>
        </dt>
        <dd>{application.name}</dd>
        <dt className="text-muted">
          <Trans>Region</Trans>
        </dt>
        <dd>{application.region}</dd>
        <dt className="text-muted">
          <Trans>Submitted</Trans>
        </dt>
        <dd>{submitted}</dd>
        <dt className="text-muted">
          <Trans>Channels</Trans>
        </dt>
        <dd className="flex flex-col gap-1">
          {application.channels.map((c) => {
            const platform = PLATFORMS.find((p) => p === c.platform)
            return (
              <span key={c.url} dir="ltr" className="break-all">
                {platform ? i18n._(PLATFORM_LABELS[platform]) : c.platform} ·{' '}
                {new Intl.NumberFormat(i18n.locale.replace('_', '-')).format(c.audience)} · {c.url}
              </span>
            )
          })}
        </dd>
      </dl>
    </section>
  )
}
