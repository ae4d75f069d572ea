import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/copy-trading` is the copy-trading home's old address (ARCHITECTURE.md URL map). */
export const Route = createFileRoute('/{-$locale}/copy-trading/')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/{-$locale}/copy-trading/gemw', params, search, statusCode: 301 })
  },
})
