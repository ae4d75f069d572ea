import { queryOptions } from '@tanstack/react-query'
import { getTwoFactorStatus, listSessions } from './security.functions.ts'

export const securityQueries = {
  all: ['security'] as const,
  twoFactor: () =>
    queryOptions({
      queryKey: [...securityQueries.all, 'two-factor'] as const,
      queryFn: () => getTwoFactorStatus(),
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...securityQueries.all, 'sessions'] as const,
      queryFn: () => listSessions(),
    }),
}
