import { useLingui } from '@lingui/react/macro'
import { useRouterState, type NotFoundRouteProps } from '@tanstack/react-router'
import { isValidationFailure } from '#/features/routing/index.ts'
import { ErrorScreen } from './ErrorScreen.tsx'

/** Both 404s: route validation ('Page Not Found: {fullPath}') and unmatched paths ('Page not found: {path}'). */
export function NotFoundPage({ data }: NotFoundRouteProps) {
  const { t } = useLingui()
  const location = useRouterState({ select: (s) => s.location })
  const fullPath = location.pathname + location.searchStr
  const path = location.pathname
  const message = isValidationFailure(data) ? t`Page Not Found: ${fullPath}` : t`Page not found: ${path}`
  return <ErrorScreen statusCode={404} message={message} />
}
