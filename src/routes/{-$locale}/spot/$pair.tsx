import { createFileRoute } from '@tanstack/react-router'
import { SpotTerminalPage, spotTerminalRoute } from '#/features/trading/index.ts'

export const Route = createFileRoute('/{-$locale}/spot/$pair')({
  ...spotTerminalRoute,
  component: SpotTerminalPage,
})
