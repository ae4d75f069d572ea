/**
 * A market's lead traders: the controls, then the table (sm and up) or the cards (phones). Only one
 * of them is rendered and loaded: the server picks by the user agent, the browser then by its real
 * width (a resize swaps them), and each layout is its own chunk. Pages of
 * COPY_PAGES.leaderList load on "Load more"; skeletons hold the place of rows on their way, an error
 * offers a retry and an empty result a way out of the filters.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { lazy, Suspense, useMemo } from 'react'
import { BREAKPOINTS } from '#/app.config.ts'
import type { CopyBiz } from '#/contract/index.ts'
import { EmptyState } from '#/ui/EmptyState.tsx'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { useMediaQuery } from '#/ui/useMediaQuery.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import type { Reaction } from './LeaderFigures.tsx'
import { LeaderFilters } from './LeaderFilters.tsx'
import {
  hasFilters,
  listParams,
  nextSearch,
  withoutFilters,
  type LeaderListSearch,
  type SearchUpdate,
} from './leader-list.schemas.ts'
import { leaderListQueries } from './leader-list.queries.ts'

/** Skeleton rows while a layout's code arrives; of a next page, fewer (the rows above stay). */
const FIRST_LOAD_SKELETONS = 8
const NEXT_PAGE_SKELETONS = 3

const loadTable = () => import('./LeaderTable.tsx')
const loadCards = () => import('./LeaderCards.tsx')
const LeaderTable = lazy(() => loadTable().then((m) => ({ default: m.LeaderTable })))
const LeaderCards = lazy(() => loadCards().then((m) => ({ default: m.LeaderCards })))
// In the browser, the layout this screen shows starts loading with this module, not after hydration reaches it.
if (typeof matchMedia === 'function') void (matchMedia(BREAKPOINTS.wide).matches ? loadTable() : loadCards())

/** Holds the list's place while its layout's code arrives (a resize, or a client-side visit). */
function LayoutFallback() {
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4"
      aria-hidden="true"
      data-testid="list-fallback"
    >
      {Array.from({ length: FIRST_LOAD_SKELETONS }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-sunken" />
      ))}
    </div>
  )
}

export interface LeaderListViewProps {
  biz: CopyBiz
  search: LeaderListSearch
  /** Applies a change to the URL's current search (see SearchUpdate). */
  onSearch: (update: SearchUpdate) => void
}

/** The caller's watch and vote of each leader, from one call (none asked when signed out). */
function useReactions(loggedIn: boolean): (leaderId: string) => Reaction {
  const { data } = useQuery({
    ...leaderListQueries.reactions(),
    enabled: loggedIn,
  })
  return useMemo(() => {
    const mine = data?.status === 'ok' ? data.data : { watches: [], votes: [] }
    const watches = new Set(mine.watches)
    const votes = new Map(mine.votes.map((v) => [v.leaderId, v.vote]))
    return (leaderId: string): Reaction =>
      loggedIn ? { watched: watches.has(leaderId), myVote: votes.get(leaderId) ?? 0 } : { watched: null, myVote: null }
  }, [data, loggedIn])
}

export function LeaderListView({ biz, search, onSearch }: LeaderListViewProps) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { shell } = useRouteContext({ from: '__root__' })
  const wide = useMediaQuery(BREAKPOINTS.wide, !shell.mobile)
  const params = listParams(biz, search, shell.loggedIn)
  // The route's loader has the first page of this search.
  const list = useSuspenseInfiniteQuery(leaderListQueries.list(params))
  const reactionOf = useReactions(shell.loggedIn)
  const rows = useMemo(
    () => list.data.pages.flatMap((page) => (page.status === 'ok' ? page.data.list : [])),
    [list.data],
  )
  const pages = list.data.pages
  const failed = list.isError || pages.some((page) => page.status !== 'ok')
  const first = pages[0]
  const total = first?.status === 'ok' ? first.data.total : 0
  const placeholders = list.isFetchingNextPage ? NEXT_PAGE_SKELETONS : 0
  const retry = (
    <ErrorState
      message={t`The lead traders could not be loaded. Check your connection and try again.`}
      onRetry={() => void list.refetch()}
      retrying={list.isFetching}
    />
  )
  const shownText = format.number(String(rows.length), { digits: 0 })
  const totalText = format.number(String(total), { digits: 0 })
  const watchedOnly = params.watched === 'true'

  let body
  if (failed && rows.length === 0) body = retry
  else if (rows.length === 0) {
    body = (
      <EmptyState
        title={watchedOnly ? t`You watch no lead traders here yet` : t`No lead traders match these filters`}
        description={
          watchedOnly
            ? t`Press the star of a trader to watch them, and find them here.`
            : t`Try a longer period, fewer filters or another nickname.`
        }
        action={
          hasFilters(search) ? (
            <button
              type="button"
              onClick={() => onSearch(withoutFilters)}
              className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-card"
              data-testid="clear-filters"
            >
              <Trans>Clear filters</Trans>
            </button>
          ) : undefined
        }
      />
    )
  } else {
    body = (
      <>
        <Suspense fallback={<LayoutFallback />}>
          {wide ? (
            <LeaderTable
              rows={rows}
              biz={biz}
              period={params.period}
              sort={params.sort}
              order={params.order}
              onSort={(sort, order) => onSearch((current) => nextSearch(current, { sort, order }))}
              reactionOf={reactionOf}
              placeholders={placeholders}
            />
          ) : (
            <LeaderCards
              rows={rows}
              biz={biz}
              period={params.period}
              reactionOf={reactionOf}
              placeholders={placeholders}
            />
          )}
        </Suspense>
        {failed ? <div className="mt-4">{retry}</div> : null}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" role="status" data-testid="leader-count">
            <Trans>
              Showing {shownText} of {totalText} lead traders
            </Trans>
          </p>
          {list.hasNextPage ? (
            <button
              type="button"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:opacity-50"
              data-testid="load-more"
            >
              <Trans>Load more</Trans>
            </button>
          ) : null}
        </div>
      </>
    )
  }
  return (
    <>
      <LeaderFilters search={search} onSearch={onSearch} />
      {body}
    </>
  )
}
