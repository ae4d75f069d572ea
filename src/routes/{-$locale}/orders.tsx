import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { marketsQueries } from '#/features/markets/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'
import { OrdersView, tradingQueries } from '#/features/trading/index.ts'

const TITLE = msg`Orders`

export const Route = createFileRoute('/{-$locale}/orders')({
  staticData: { guards: ['auth-route'] },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(marketsQueries.instruments()),
      context.queryClient.ensureQueryData(tradingQueries.openOrders('spot')),
    ])
  },
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`Your open orders, order history and fills.`, noindex: true }),
  component: OrdersPage,
})

function OrdersPage() {
  return (
    <PageFrame title={TITLE}>
      <OrdersView />
    </PageFrame>
  )
}
