/** The smart-money wallets users can copy, as cards with their 30-day performance, in the order chosen. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { EmptyState } from '#/ui/EmptyState.tsx'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { Pager } from '#/ui/Pager.tsx'
import { SORT_LABELS } from './chain.texts.ts'
import { WALLET_PAGE_SIZE } from './chain-wallets.functions.ts'
import { chainWalletQueries } from './chain-wallets.queries.ts'
import { WALLET_SORTS, type WalletSort } from './wallet-address.ts'
import { WalletCard, WalletCardSkeleton } from './WalletCard.tsx'

const SKELETON_CARDS = 6
const cards = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3'

export interface ChainWalletListProps {
  sort: WalletSort
  page: number
  onSort: (sort: WalletSort) => void
  onPage: (page: number) => void
}

export function ChainWalletList({ sort, page, onSort, onPage }: ChainWalletListProps) {
  const { t, i18n } = useLingui()
  const { data, isError, isFetching, isPlaceholderData, refetch } = useQuery(chainWalletQueries.list(sort, page))
  let body
  if (isError || (data && data.status !== 'ok')) {
    body = (
      <ErrorState message={t`The wallets could not be loaded.`} onRetry={() => void refetch()} retrying={isFetching} />
    )
  } else if (!data) {
    body = (
      <ul className={cards} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <WalletCardSkeleton key={i} />
        ))}
      </ul>
    )
  } else if (data.data.list.length === 0) {
    body = (
      <EmptyState
        title={t`No wallets to show`}
        description={t`Smart-money wallets appear here as soon as the exchange lists them.`}
      />
    )
  } else {
    const wallets = data.data
    body = (
      <>
        <ul
          className={`${cards} ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={isPlaceholderData}
          data-testid="wallet-list"
        >
          {wallets.list.map((wallet) => (
            <WalletCard key={`${wallet.chain}:${wallet.address}`} wallet={wallet} />
          ))}
        </ul>
        <Pager
          page={wallets.page}
          pageSize={WALLET_PAGE_SIZE}
          total={wallets.total}
          label={t`Wallet pages`}
          busy={isPlaceholderData}
          onPage={onPage}
        />
      </>
    )
  }
  return (
    <section aria-labelledby="wallets-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="wallets-title" className="text-lg font-semibold">
            <Trans>Smart-money wallets</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Performance over the last 30 days.</Trans>
          </p>
        </div>
        <SegmentedTabs
          label={t`Sort wallets by`}
          value={sort}
          options={WALLET_SORTS.map((s) => ({ value: s, label: i18n._(SORT_LABELS[s]) }))}
          onChange={onSort}
        />
      </div>
      {body}
    </section>
  )
}
