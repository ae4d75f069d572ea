import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { validationFailed } from '#/features/routing/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Trading bots`
const SOURCE_TYPE = /^[a-z][a-z0-9-]{0,31}$/i

export const Route = createFileRoute('/{-$locale}/bot-trade/$sourceType')({
  staticData: { guards: ['trading-bots'] },
  beforeLoad: ({ params }) => {
    if (!SOURCE_TYPE.test(params.sourceType)) validationFailed()
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Grid, DCA and other trading bots that follow your strategy around the clock.`,
    }),
  component: BotTradePage,
})

function BotTradePage() {
  return (
    <PageFrame
      title={TITLE}
      empty={{
        title: msg`No bots to show`,
        description: msg`Bot strategies appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
