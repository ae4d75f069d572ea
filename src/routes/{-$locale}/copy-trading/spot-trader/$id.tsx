import { createFileRoute } from '@tanstack/react-router'
import { SpotLeaderPage, spotLeaderRoute } from '#/features/copy-trading/index.ts'

export const Route = createFileRoute('/{-$locale}/copy-trading/spot-trader/$id')({
  ...spotLeaderRoute,
  component: SpotLeaderPage,
})
