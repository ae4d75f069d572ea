import { createFileRoute } from '@tanstack/react-router'
import { FuturesLeaderPage, futuresLeaderRoute } from '#/features/copy-trading/index.ts'

export const Route = createFileRoute('/{-$locale}/copy-trading/futures-trader/$id')({
  ...futuresLeaderRoute,
  component: FuturesLeaderPage,
})
