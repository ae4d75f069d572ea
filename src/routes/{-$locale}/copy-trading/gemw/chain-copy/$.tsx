import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { parseChainCopyPath } from '../../../../../features/routing/chain-copy-path.ts'
import { validationFailed } from '../../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../../features/shell/seo.ts'

const LIST_TITLE = msg`Smart money on-chain`
const WALLET_TITLE = msg`On-chain wallet`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/chain-copy/$')({
  beforeLoad: ({ params }) => {
    const target = parseChainCopyPath(params._splat)
    if (!target) validationFailed()
    return { chainCopy: target }
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: match.context.chainCopy?.kind === 'wallet' ? WALLET_TITLE : LIST_TITLE,
      description: msg`Follow on-chain smart-money wallets at a fixed amount per trade.`,
    }),
  component: ChainCopyPage,
})

function ChainCopyPage() {
  const { chainCopy } = Route.useRouteContext()
  if (chainCopy.kind === 'list') {
    return (
      <PageFrame
        title={LIST_TITLE}
        trail={<CopyTradingCrumb />}
        lead={<Trans>Wallets whose on-chain trades have paid off. Copy one at a fixed amount per trade; no profit share applies.</Trans>}
        empty={{ title: msg`No wallets to show`, description: msg`Smart-money wallets appear here once this site is connected to its exchange.` }}
      />
    )
  }
  return (
    <PageFrame
      title={WALLET_TITLE}
      trail={<CopyTradingCrumb />}
      lead={
        <p className="font-mono text-sm break-all" dir="ltr">
          {chainCopy.chain} · {chainCopy.address}
        </p>
      }
      empty={{ title: msg`No trades recorded for this wallet`, description: msg`This wallet's trades appear here once this site is connected to its exchange.` }}
    />
  )
}
