import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { leaderSplatParams, loadMyCopy, MyCopyView } from '#/features/copy-trading/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`My copy`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-detail/$')({
  staticData: { guards: ['auth-route'] },
  params: leaderSplatParams,
  loader: ({ context, params }) => loadMyCopy(context.queryClient, params._splat),
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Your copy of a lead trader: profit and loss, open positions and settings.`,
    }),
  component: CopyDetailPage,
})

function CopyDetailPage() {
  const { _splat: leaderId } = Route.useParams()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <MyCopyView leaderId={leaderId} />
    </PageFrame>
  )
}
