import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MarketsView, marketsQueries, marketsSearchSchema } from '#/features/markets/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Markets`

export const Route = createFileRoute('/{-$locale}/markets')({
  validateSearch: marketsSearchSchema,
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(marketsQueries.overview('spot')),
      context.queryClient.ensureQueryData(marketsQueries.overview('futures')),
      context.shell.loggedIn ? context.queryClient.ensureQueryData(marketsQueries.favourites()) : undefined,
    ])
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Every spot pair and USDT perpetual with its live price, 24-hour change, range and volume.`,
    }),
  component: MarketsPage,
})

function MarketsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PageFrame title={TITLE}>
      <MarketsView
        search={search}
        onSearch={(next) => void navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
      />
    </PageFrame>
  )
}
