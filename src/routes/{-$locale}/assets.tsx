import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AssetsView, assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Assets`

export const Route = createFileRoute('/{-$locale}/assets')({
  staticData: { guards: ['auth-route'] },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(assetsQueries.wallet(SPOT_WALLET)),
      context.queryClient.ensureQueryData(assetsQueries.wallet(FUTURES_WALLET)),
    ])
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Your spot and futures wallets, transfers between them and their history.`,
      noindex: true,
    }),
  component: AssetsPage,
})

function AssetsPage() {
  return (
    <PageFrame title={TITLE}>
      <AssetsView />
    </PageFrame>
  )
}
