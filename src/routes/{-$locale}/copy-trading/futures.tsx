import { createFileRoute } from '@tanstack/react-router'
import { FuturesLeadersPage, futuresLeadersRoute } from '#/features/copy-trading/index.ts'

export const Route = createFileRoute('/{-$locale}/copy-trading/futures')({
  ...futuresLeadersRoute,
  component: FuturesLeadersPage,
})
