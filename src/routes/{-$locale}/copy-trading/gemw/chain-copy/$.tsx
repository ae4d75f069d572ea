import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import {
  chainCopySearchSchema,
  chainCopyViewOf,
  ChainWalletList,
  ChainWalletView,
  loadChainCopy,
} from '#/features/copy-trading/index.ts'
import { parseChainCopyPath, validationFailed } from '#/features/routing/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const LIST_TITLE = msg`Smart money on-chain`
const WALLET_TITLE = msg`On-chain wallet`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/chain-copy/$')({
  validateSearch: chainCopySearchSchema,
  loaderDeps: ({ search }) => chainCopyViewOf(search),
  beforeLoad: ({ params }) => {
    const target = parseChainCopyPath(params._splat)
    if (!target) validationFailed()
    return { chainCopy: target }
  },
  loader: ({ context, deps }) => loadChainCopy(context.queryClient, context.chainCopy, deps, context.shell.loggedIn),
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
  const view = chainCopyViewOf(Route.useSearch())
  const navigate = Route.useNavigate()
  if (chainCopy.kind === 'list') {
    return (
      <PageFrame
        title={LIST_TITLE}
        trail={<CopyTradingCrumb />}
        lead={
          <Trans>
            Wallets whose on-chain trades have paid off. Copy one at a fixed amount per trade; no profit share applies.
          </Trans>
        }
      >
        <ChainWalletList
          sort={view.sort}
          page={view.page}
          onSort={(sort) => void navigate({ search: (prev) => ({ ...prev, sort, page: undefined }), replace: true })}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      </PageFrame>
    )
  }
  return (
    <PageFrame title={WALLET_TITLE} trail={<CopyTradingCrumb />}>
      <ChainWalletView
        chain={chainCopy.chain}
        address={chainCopy.address}
        period={view.period}
        onPeriod={(period) =>
          void navigate({ search: (prev) => ({ ...prev, period }), replace: true, resetScroll: false })
        }
      />
    </PageFrame>
  )
}
