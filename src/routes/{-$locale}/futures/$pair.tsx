import { createFileRoute } from '@tanstack/react-router'
import { FuturesTerminalPage, futuresTerminalRoute } from '#/features/trading/index.ts'

export const Route = createFileRoute('/{-$locale}/futures/$pair')({
  ...futuresTerminalRoute,
  component: FuturesTerminalPage,
})
