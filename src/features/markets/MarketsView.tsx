/**
 * The markets page (issue 19): every pair of spot, of futures, or the trader's favourites, with last price, 24 h change,
 * high, low, volume and a 24 h sparkline, live from the tickers channel. Searched by coin, sorted by any column
 * (ascending or descending, in the URL), starred as favourites; a row opens the pair's terminal.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import Decimal from 'decimal.js'
import { useMemo, type ReactNode } from 'react'
import type { TradingMarket } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Amount } from '#/ui/Amount.tsx'
import { TabSet } from '#/ui/TabSet.tsx'
import type { MarketRow } from './markets.functions.ts'
import type { MarketsSearch, MarketsSort, MarketsTab } from './markets.schemas.ts'
import { LivePrice } from './LivePrice.tsx'
import { Sparkline } from './Sparkline.tsx'
import { useFavourites } from './useFavourites.ts'
import { useLiveTickers } from './useLiveTickers.ts'

const VOLUME_DIGITS = 2

interface Row extends MarketRow {
  biz: TradingMarket
}

const SORT_KEYS: Record<Exclude<MarketsSort, 'pair'>, (row: Row) => string> = {
  last: (row) => row.last,
  change: (row) => row.change24h,
  high: (row) => row.high24h,
  low: (row) => row.low24h,
  volume: (row) => row.quoteVolume24h,
}

/** The rows matching `query`, sorted by `sort` (exact decimal comparisons; pairs by name). */
export function sortedRows(rows: readonly Row[], query: string, sort: MarketsSort, dir: 'asc' | 'desc'): Row[] {
  const wanted = query.trim().toUpperCase()
  const found = wanted === '' ? [...rows] : rows.filter((row) => row.pairCode.includes(wanted))
  const order = dir === 'asc' ? 1 : -1
  return found.sort((a, b) => {
    if (sort === 'pair') return a.pairCode.localeCompare(b.pairCode) * order || a.biz.localeCompare(b.biz)
    const pick = SORT_KEYS[sort]
    return new Decimal(pick(a)).cmp(pick(b)) * order
  })
}

export function MarketsView({
  search,
  onSearch,
}: {
  search: MarketsSearch
  onSearch: (next: Partial<MarketsSearch>) => void
}) {
  const { t } = useLingui()
  const tab = search.tab ?? 'spot'
  const spot = useLiveTickers('spot')
  const futures = useLiveTickers('futures')
  const favourites = useFavourites()
  const rows = useMemo((): Row[] => {
    if (tab === 'spot') return spot.map((row) => ({ ...row, biz: 'spot' }))
    if (tab === 'futures') return futures.map((row) => ({ ...row, biz: 'futures' }))
    return favourites.list.flatMap((f): Row[] => {
      const row = (f.biz === 'spot' ? spot : futures).find((r) => r.pairCode === f.pairCode)
      return row ? [{ ...row, biz: f.biz }] : []
    })
  }, [tab, spot, futures, favourites.list])
  const sort = search.sort ?? (tab === 'favourites' ? 'pair' : 'volume')
  const dir = search.dir ?? (sort === 'pair' ? 'asc' : 'desc')
  const shown = useMemo(() => sortedRows(rows, search.q ?? '', sort, dir), [rows, search.q, sort, dir])
  const table = (
    <MarketsGrid
      rows={shown}
      sort={sort}
      dir={dir}
      onSort={(next) => onSearch({ sort: next, dir: next === sort && dir === 'desc' ? 'asc' : 'desc' })}
      isFavourite={(row) => favourites.list.some((f) => f.biz === row.biz && f.pairCode === row.pairCode)}
      onStar={(row) => favourites.toggle({ biz: row.biz, pairCode: row.pairCode })}
      empty={
        tab === 'favourites' && favourites.list.length === 0
          ? t`No favourites yet. Star a pair on the spot or futures tab to keep it here.`
          : t`No pair matches your search.`
      }
    />
  )
  return (
    <div className="flex flex-col gap-4">
      <label className="flex max-w-sm flex-col gap-1 text-sm font-medium">
        <Trans>Search a coin</Trans>
        <input
          type="search"
          value={search.q ?? ''}
          onChange={(event) => onSearch({ q: event.target.value.slice(0, 20) || undefined })}
          placeholder="BTC"
          className="h-10 rounded-xl border border-line bg-card px-3 text-base font-normal"
          data-testid="markets-search"
        />
      </label>
      <TabSet<MarketsTab>
        label={t`Markets`}
        value={tab}
        onChange={(next) => onSearch({ tab: next, sort: undefined, dir: undefined })}
        className="rounded-2xl border border-line bg-card"
        tabs={[
          { value: 'spot', label: t`Spot`, content: table },
          { value: 'futures', label: t`Futures`, content: table },
          { value: 'favourites', label: t`Favourites`, content: table },
        ]}
      />
    </div>
  )
}

interface GridProps {
  rows: readonly Row[]
  sort: MarketsSort
  dir: 'asc' | 'desc'
  onSort: (sort: MarketsSort) => void
  isFavourite: (row: Row) => boolean
  onStar: (row: Row) => void
  empty: string
}

function MarketsGrid({ rows, sort, dir, onSort, isFavourite, onStar, empty }: GridProps) {
  const { t } = useLingui()
  const format = useNumberFormat()
  if (rows.length === 0) return <p className="px-4 py-10 text-center text-sm text-muted">{empty}</p>
  const head = (key: MarketsSort, label: ReactNode, className = '') => (
    <th
      scope="col"
      className={`px-3 py-2 font-medium ${className}`}
      aria-sort={sort === key ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" onClick={() => onSort(key)} className="inline-flex items-center gap-1 hover:text-ink">
        {label}
        <span aria-hidden="true" className={sort === key ? 'text-ink' : 'opacity-30'}>
          {sort === key && dir === 'asc' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  )
  return (
    <table className="w-full text-sm" data-testid="markets-table">
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="w-8 px-2">
            <span className="sr-only">
              <Trans>Favourite</Trans>
            </span>
          </th>
          {head('pair', <Trans>Pair</Trans>, 'text-start')}
          {head('last', <Trans>Last price</Trans>, 'text-end')}
          {head('change', <Trans>24h change</Trans>, 'text-end')}
          {head('high', <Trans>24h high</Trans>, 'hidden text-end lg:table-cell')}
          {head('low', <Trans>24h low</Trans>, 'hidden text-end lg:table-cell')}
          {head('volume', <Trans>24h volume (USDT)</Trans>, 'hidden text-end sm:table-cell')}
          <th scope="col" className="hidden px-3 py-2 text-end font-medium md:table-cell">
            <Trans>Last 24h</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const up = !row.change24h.startsWith('-')
          const pair = row.pairCode.replace('_', '/')
          const starred = isFavourite(row)
          return (
            <tr
              key={`${row.biz}:${row.pairCode}`}
              data-pair={row.pairCode}
              data-biz={row.biz}
              className="border-t border-line hover:bg-sunken"
            >
              <td className="px-2">
                <button
                  type="button"
                  onClick={() => onStar(row)}
                  aria-pressed={starred}
                  aria-label={starred ? t`Remove ${pair} from favourites` : t`Add ${pair} to favourites`}
                  className={`grid size-8 place-items-center rounded-lg ${starred ? 'text-brand' : 'text-muted'} hover:bg-card`}
                  data-testid="star"
                >
                  <span aria-hidden="true">{starred ? '★' : '☆'}</span>
                </button>
              </td>
              <th scope="row" className="px-3 py-3 text-start font-semibold">
                <LocaleLink
                  to={row.biz === 'spot' ? '/{-$locale}/spot/$pair' : '/{-$locale}/futures/$pair'}
                  params={{ pair: row.pairCode }}
                  className="hover:underline"
                >
                  {pair}
                  <span className="block text-xs font-normal text-muted sm:ms-1.5 sm:inline">
                    {row.biz === 'spot' ? t`Spot` : t`Perp`}
                  </span>
                </LocaleLink>
              </th>
              <td className="px-3 py-3 text-end" data-testid="last">
                <LivePrice value={row.last} digits={row.priceDigits} />
              </td>
              <td className={`px-3 py-3 text-end tabular-nums ${up ? 'text-up' : 'text-down'}`}>
                <span dir="ltr">{format.percent(row.change24h)}</span>
              </td>
              <td className="hidden px-3 py-3 text-end tabular-nums lg:table-cell" dir="ltr">
                <Amount value={row.high24h} digits={row.priceDigits} />
              </td>
              <td className="hidden px-3 py-3 text-end tabular-nums lg:table-cell" dir="ltr">
                <Amount value={row.low24h} digits={row.priceDigits} />
              </td>
              <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell" data-testid="volume">
                <Amount value={row.quoteVolume24h} digits={VOLUME_DIGITS} compact />
              </td>
              <td className="hidden px-3 py-3 md:table-cell">
                <span className="flex justify-end">
                  <Sparkline values={row.spark} label={t`${pair} over the last 24 hours`} />
                </span>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
