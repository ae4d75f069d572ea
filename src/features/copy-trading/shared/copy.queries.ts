/** The root every copy-trading query key starts with, and the refresh after a copy-trading action. */
import { useQueryClient } from '@tanstack/react-query'

export const copyQueries = {
  all: ['copy'] as const,
}

/**
 * After a copy-trading action (watch, vote, follow, change or stop a copy, lead): every copy-trading
 * query refreshes, since a leader's figures and a copy's money show on all of those pages.
 */
export function useRefreshCopyQueries(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: copyQueries.all })
}
