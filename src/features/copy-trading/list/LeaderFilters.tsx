/**
 * The leader list's controls, each a labelled form control writing the URL: period, nickname
 * search (sent after a pause in typing, or at once on Enter), watched only, sort and direction,
 * the thresholds of the API (preset values; a value from a shared URL is offered too) and tags.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { LEADER_QUERY_MAX, LEADER_SORTS, STATS_PERIODS, type StatsPeriod } from '#/contract/index.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { useLoginFirst } from '../shared/useLoginFirst.ts'
import {
  DEFAULT_SORT,
  defaultOrder,
  nextSearch,
  tagsOf,
  toggleTag,
  type LeaderListSearch,
  type SearchUpdate,
} from './leader-list.schemas.ts'
import { LEADER_TAGS } from './leader-tags.ts'

const SEARCH_DELAY_MS = 350
const MIN_ROI = ['0', '0.1', '0.5', '1']
const MAX_DRAWDOWN = ['0.1', '0.2', '0.3', '0.5']
const MIN_AUM = ['1000', '10000', '100000', '1000000']

interface Option {
  value: string
  label: string
}

/** The presets, and the current value when a shared URL brought another one. */
const withCurrent = (presets: readonly string[], current: string | undefined) =>
  current === undefined || presets.includes(current) ? presets : [...presets, current]

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string
  value: string
  options: Option[]
  onChange: (value: string) => void
  testId: string
}) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 rounded-lg border border-line bg-card px-2 text-sm"
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function NicknameSearch({ value, onChange }: { value: string | undefined; onChange: (q: string | undefined) => void }) {
  const { t } = useLingui()
  const id = useId()
  const [draft, setDraft] = useState(value ?? '')
  const [submitted, setSubmitted] = useState(value)
  const [seen, setSeen] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A change of the URL that is not this box's own (clear filters, back): show it.
  if (seen !== value) {
    setSeen(value)
    if (value !== submitted) setDraft(value ?? '')
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  const submit = (text: string) => {
    clearTimeout(timer.current)
    const q = text.trim() || undefined
    setSubmitted(q)
    onChange(q)
  }
  return (
    <form
      role="search"
      className="min-w-48 flex-1 sm:max-w-xs"
      onSubmit={(event) => {
        event.preventDefault()
        submit(draft)
      }}
    >
      <label htmlFor={id} className="sr-only">
        <Trans>Search traders by nickname</Trans>
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={LEADER_QUERY_MAX}
        placeholder={t`Search nickname`}
        className="h-9 w-full rounded-lg border border-line bg-card px-3 text-sm"
        data-testid="leader-search"
        onChange={(event) => {
          const text = event.target.value
          setDraft(text)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => submit(text), SEARCH_DELAY_MS)
        }}
      />
    </form>
  )
}

export function LeaderFilters({
  search,
  onSearch,
}: {
  search: LeaderListSearch
  onSearch: (update: SearchUpdate) => void
}) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const { shell } = useRouteContext({ from: '__root__' })
  const loginFirst = useLoginFirst()
  // Phones show the thresholds and tags on demand; wider screens always.
  const [open, setOpen] = useState(false)
  const moreId = useId()
  // Changes apply to the URL's search as it is then: a navigation still loading may have changed it.
  const change = (patch: Partial<LeaderListSearch>) => onSearch((current) => nextSearch(current, patch))
  const sort = search.sort ?? DEFAULT_SORT
  const order = search.order ?? defaultOrder(sort)
  const anyOption = { value: '', label: t`Any` }
  const periods: Record<StatsPeriod, string> = { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days`, all: t`All` }
  const sorts: Record<(typeof LEADER_SORTS)[number], string> = {
    roi: t`ROI`,
    pnl: t`PnL`,
    copierPnl: t`Copier PnL`,
    aum: t`AUM`,
    followers: t`Copiers`,
    winRate: t`Win rate`,
    drawdown: t`Max drawdown`,
    newest: t`Newest`,
  }
  const percent = (value: string) => format.ratio(value, 0)
  const atLeast = (text: string) => t`At least ${text}`
  const atMost = (text: string) => t`At most ${text}`
  const thresholds = [
    {
      testId: 'min-roi',
      label: t`Minimum ROI`,
      presets: MIN_ROI,
      value: search.minRoi,
      text: (v: string) => atLeast(percent(v)),
      set: (minRoi?: string) => change({ minRoi }),
    },
    {
      testId: 'max-drawdown',
      label: t`Maximum drawdown`,
      presets: MAX_DRAWDOWN,
      value: search.maxDrawdown,
      text: (v: string) => atMost(percent(v)),
      set: (maxDrawdown?: string) => change({ maxDrawdown }),
    },
    {
      testId: 'min-aum',
      label: t`Minimum AUM (USDT)`,
      presets: MIN_AUM,
      value: search.minAum,
      text: (v: string) => atLeast(format.number(v, { digits: 0, compact: true })),
      set: (minAum?: string) => change({ minAum }),
    },
  ]
  const watched = search.watched === 'true' && shell.loggedIn
  const tags = tagsOf(search)
  const narrowing = thresholds.filter((f) => f.value !== undefined).length + (search.hasSlots ? 1 : 0) + tags.length
  const narrowingText = format.number(String(narrowing), { digits: 0 })
  return (
    <div className="mb-6 flex flex-col gap-4" data-testid="leader-filters">
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedTabs
          label={t`Period`}
          value={search.period ?? DEFAULT_PERIOD}
          options={STATS_PERIODS.map((value) => ({ value, label: periods[value] }))}
          onChange={(period) => change({ period })}
        />
        <NicknameSearch value={search.q} onChange={(q) => change({ q })} />
        <button
          type="button"
          aria-pressed={watched}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-line px-3 text-sm hover:bg-sunken aria-pressed:border-brand aria-pressed:text-brand"
          data-testid="watched-only"
          onClick={() => {
            if (loginFirst()) change({ watched: watched ? undefined : 'true' })
          }}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            fill={watched ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" />
          </svg>
          <Trans>Watched only</Trans>
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <FilterSelect
          label={t`Sort by`}
          testId="sort"
          value={sort}
          options={LEADER_SORTS.map((value) => ({ value, label: sorts[value] }))}
          onChange={(value) => change({ sort: LEADER_SORTS.find((s) => s === value), order: undefined })}
        />
        <FilterSelect
          label={t`Order`}
          testId="order"
          value={order}
          options={[
            { value: 'desc', label: sort === 'newest' ? t`Newest first` : t`High to low` },
            { value: 'asc', label: sort === 'newest' ? t`Oldest first` : t`Low to high` },
          ]}
          onChange={(value) => change({ order: value === 'asc' ? 'asc' : 'desc' })}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen(!open)}
          className="col-span-2 h-9 rounded-lg border border-line text-sm font-medium hover:bg-sunken sm:hidden"
          data-testid="more-filters"
        >
          {narrowing > 0 ? <Trans>Filters ({narrowingText})</Trans> : <Trans>Filters</Trans>}
        </button>
        <div id={moreId} className={open ? 'contents' : 'hidden sm:contents'}>
          {thresholds.map((f) => (
            <FilterSelect
              key={f.testId}
              label={f.label}
              testId={f.testId}
              value={f.value ?? ''}
              options={[
                anyOption,
                ...withCurrent(f.presets, f.value).map((value) => ({ value, label: f.text(value) })),
              ]}
              onChange={(value) => f.set(value || undefined)}
            />
          ))}
          <FilterSelect
            label={t`Copy slots`}
            testId="has-slots"
            value={search.hasSlots ?? ''}
            options={[anyOption, { value: 'true', label: t`Free slots` }, { value: 'false', label: t`Full` }]}
            onChange={(value) => change({ hasSlots: value === 'true' || value === 'false' ? value : undefined })}
          />
          <div
            role="group"
            aria-label={t`Tags`}
            className="col-span-2 flex flex-wrap gap-2 sm:col-span-3 lg:col-span-6"
          >
            {LEADER_TAGS.map((tag) => (
              <button
                key={tag.key}
                type="button"
                aria-pressed={tags.includes(tag.key)}
                onClick={() => onSearch((current) => toggleTag(current, tag.key))}
                className="rounded-full border border-line px-3 py-1 text-xs text-muted hover:bg-sunken aria-pressed:border-brand aria-pressed:bg-brand/10 aria-pressed:text-brand"
              >
                {i18n._(tag.label)}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}
