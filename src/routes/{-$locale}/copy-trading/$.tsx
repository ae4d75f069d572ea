import { createFileRoute } from '@tanstack/react-router'
import { validationFailed } from '#/features/routing/index.ts'

/** Any other path under /copy-trading fails route validation: 404 'Page Not Found: {fullPath}'. */
export const Route = createFileRoute('/{-$locale}/copy-trading/$')({
  beforeLoad: () => validationFailed(),
})
