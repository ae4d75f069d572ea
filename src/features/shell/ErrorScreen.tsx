import { Trans } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { locatePath } from '#/lib/locale.ts'

export interface ErrorScreenProps {
  statusCode: number
  message: string
}

/**
 * §2's generic error screen: status message, status code, and 'Go Back Home' to the site root in the current locale.
 */
export function ErrorScreen({ statusCode, message }: ErrorScreenProps) {
  const prefix = useRouterState({ select: (s) => locatePath(s.location.pathname).prefix })
  return (
    <main
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
      data-testid="error-screen"
    >
      <p className="text-6xl font-bold tabular-nums text-brand" data-testid="error-status">
        {statusCode}
      </p>
      <h1 className="text-xl font-semibold break-all" data-testid="error-message">
        {message}
      </h1>
      <Link
        to="/{-$locale}"
        params={{ locale: prefix }}
        className="mt-4 rounded-lg bg-brand px-5 py-2.5 font-medium text-brand-contrast hover:opacity-90"
      >
        <Trans>Go Back Home</Trans>
      </Link>
    </main>
  )
}
