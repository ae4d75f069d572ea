import { useLingui } from '@lingui/react/macro'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { navigationFailureOf, reloadForChunkError } from './lifecycle.ts'
import { ErrorScreen } from './ErrorScreen.tsx'
import { TIMING } from '#/app.config.ts'

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['statusCode', 'status'] as const) {
      const value: unknown = key in error ? Reflect.get(error, key) : undefined
      if (typeof value === 'number' && value >= 400 && value < 600) return value
    }
  }
  return 500
}

/** The error boundary of every route: chunk errors reload (guarded), navigation failures stay quiet. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useLingui()
  if (navigationFailureOf(error)) return null
  if (reloadForChunkError(error, TIMING.reloadGuardMs)) return null
  const status = statusOf(error)
  const message =
    status >= 500 ? t`Something went wrong on our side. Please try again.` : t`This request could not be completed.`
  return <ErrorScreen statusCode={status} message={message} />
}
