import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { LocaleLink } from '#/features/i18n/index.ts'
import type { TIER_CODES } from './affiliate-program.ts'
import { affiliateQueries } from './affiliate.queries.ts'

const BENEFITS: ReadonlyArray<{ title: MessageDescriptor; body: MessageDescriptor }> = [
  {
    title: msg`Up to 50% commission`,
    body: msg`Earn a share of the trading fees of every trader you bring, on spot, futures and copy trading.`,
  },
  {
    title: msg`Paid every week`,
    body: msg`Commission is settled weekly in USDT, straight into your account, with no minimum payout.`,
  },
  { title: msg`Lifetime referrals`, body: msg`Your traders stay yours for as long as they trade with us.` },
  {
    title: msg`A partner manager`,
    body: msg`A dedicated manager, co-branded campaigns and early access to new products.`,
  },
]

/** Commission on referred traders' fees, by the referred trading volume of the last 30 days. */
const TIER_NAMES: Record<(typeof TIER_CODES)[number], MessageDescriptor> = {
  starter: msg`Starter`,
  pro: msg`Pro`,
  elite: msg`Elite`,
}

const FAQ: ReadonlyArray<{ q: MessageDescriptor; a: MessageDescriptor }> = [
  {
    q: msg`Who can apply?`,
    a: msg`Creators, communities, trading educators and media with an engaged audience interested in crypto trading.`,
  },
  {
    q: msg`How is commission calculated?`,
    a: msg`It is a share of the trading fees your referred traders pay, at the rate of your tier, after any fee discounts.`,
  },
  {
    q: msg`When and how am I paid?`,
    a: msg`Every Monday (UTC) the past week's commission is paid in USDT to your account.`,
  },
  {
    q: msg`Do I earn on copy trading?`,
    a: msg`Yes. Fees paid by your referred traders on copied trades count like any other trade.`,
  },
  {
    q: msg`How long does the review take?`,
    a: msg`Usually up to 3 business days. We contact you through the contact you give us.`,
  },
]

export function WhyJoin() {
  const { i18n } = useLingui()
  const { data: program } = useSuspenseQuery(affiliateQueries.program())
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="benefits" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 id="benefits" className="sr-only">
          <Trans>Benefits</Trans>
        </h2>
        {BENEFITS.map((b) => (
          <article key={b.title.id} className="rounded-2xl border border-line bg-card p-5">
            <h3 className="mb-2 font-semibold">{i18n._(b.title)}</h3>
            <p className="text-sm text-muted">{i18n._(b.body)}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="tiers" className="flex flex-col gap-4">
        <h2 id="tiers" className="text-xl font-bold">
          <Trans>Commission tiers</Trans>
        </h2>
        <div className="overflow-x-auto rounded-2xl border border-line">
          <table className="w-full text-start text-sm">
            <thead className="bg-sunken text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <Trans>Tier</Trans>
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <Trans>Referred volume (30 days)</Trans>
                </th>
                <th scope="col" className="px-4 py-3 text-start font-medium">
                  <Trans>Commission on fees</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {program.tiers.map((tier) => (
                <tr key={tier.rate} className="border-t border-line">
                  <th scope="row" className="px-4 py-3 text-start font-semibold">
                    {i18n._(TIER_NAMES[tier.code])}
                  </th>
                  <td className="px-4 py-3 tabular-nums" dir="ltr">
                    {tier.volume}
                  </td>
                  <td className="px-4 py-3 font-semibold text-up tabular-nums">{tier.rate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="faq" className="flex flex-col gap-3">
        <h2 id="faq" className="text-xl font-bold">
          <Trans>Questions and answers</Trans>
        </h2>
        {FAQ.map((item) => (
          <details key={item.q.id} className="rounded-2xl border border-line bg-card px-5 py-4">
            <summary className="cursor-pointer font-medium">{i18n._(item.q)}</summary>
            <p className="mt-2 text-sm text-muted">{i18n._(item.a)}</p>
          </details>
        ))}
      </section>
      <section className="flex flex-col items-start gap-4 rounded-2xl bg-sunken p-8">
        <h2 className="text-xl font-bold">
          <Trans>Ready to grow with us?</Trans>
        </h2>
        <LocaleLink
          to="/{-$locale}/affiliate-register"
          className="rounded-xl bg-brand px-6 py-3 font-semibold text-brand-contrast hover:opacity-90"
        >
          <Trans>Apply now</Trans>
        </LocaleLink>
      </section>
    </div>
  )
}
