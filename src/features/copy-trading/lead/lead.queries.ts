/** Query options of the leader centre. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CopyBiz } from '#/contract/index.ts'
import {
  getLeadProfitShare,
  getLeadRequirements,
  getLeadSettings,
  getLeadSummary,
  listLeadFollowers,
  listLeadProfitShareDetails,
} from './lead.functions.ts'
import { copyQueries } from '../shared/copy.queries.ts'

/** Followers and profit share move with the copies: refreshed in the background after this long. */
const LEAD_STALE_MS = 15_000

const ROOT = [...copyQueries.all, 'lead-centre'] as const

/** A list read a page at a time: the page shown stays while the next one loads. */
function paged<TData>(name: string, load: (page: number) => Promise<TData>) {
  return (page: number) =>
    queryOptions({
      queryKey: [...ROOT, name, page] as const,
      queryFn: () => load(page),
      staleTime: LEAD_STALE_MS,
      placeholderData: keepPreviousData,
    })
}

export const leadQueries = {
  all: ROOT,
  summary: () =>
    queryOptions({
      queryKey: [...leadQueries.all, 'summary'] as const,
      queryFn: () => getLeadSummary(),
      staleTime: LEAD_STALE_MS,
    }),
  requirements: (biz: CopyBiz) =>
    queryOptions({
      queryKey: [...leadQueries.all, 'requirements', biz] as const,
      queryFn: () => getLeadRequirements({ data: { biz } }),
      staleTime: LEAD_STALE_MS,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...leadQueries.all, 'settings'] as const,
      queryFn: () => getLeadSettings(),
      staleTime: LEAD_STALE_MS,
    }),
  followers: paged('followers', (page) => listLeadFollowers({ data: { page } })),
  profitShare: paged('profit-share', (page) => getLeadProfitShare({ data: { page } })),
  profitShareDetails: paged('profit-share-details', (page) => listLeadProfitShareDetails({ data: { page } })),
}
