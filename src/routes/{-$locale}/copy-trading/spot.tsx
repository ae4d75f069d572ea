import { createFileRoute } from '@tanstack/react-router'
import { SpotLeadersPage, spotLeadersRoute } from '#/features/copy-trading/index.ts'

export const Route = createFileRoute('/{-$locale}/copy-trading/spot')({
  ...spotLeadersRoute,
  component: SpotLeadersPage,
})
