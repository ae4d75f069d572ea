import { createFileRoute } from '@tanstack/react-router'
import { GemwLeaderPage, gemwLeaderRoute } from '#/features/copy-trading/index.ts'

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/$id')({
  ...gemwLeaderRoute,
  component: GemwLeaderPage,
})
