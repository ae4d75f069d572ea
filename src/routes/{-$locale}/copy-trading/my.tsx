import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MyCopiesView, myCopiesQueries } from '#/features/copy-trading/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`My copies`

export const Route = createFileRoute('/{-$locale}/copy-trading/my')({
  staticData: { guards: ['auth-route'] },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(myCopiesQueries.copies()),
      context.queryClient.ensureQueryData(myCopiesQueries.profit()),
      context.queryClient.ensureQueryData(myCopiesQueries.history(1)),
    ])
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`The lead traders you copy, with your totals and your follow history.`,
    }),
  component: MyCopiesPage,
})

function MyCopiesPage() {
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <MyCopiesView />
    </PageFrame>
  )
}
