/**
 * A wallet's one total (issue 28: the terminal's Assets tab and the assets page showed two futures totals): what the
 * exchange counts as the wallet's worth, its coins and what its money holds in positions (margin and unrealized PnL)
 * and copy accounts, with that part itemised. The assets page and the terminal both draw it from here.
 */
import { useLingui } from '@lingui/react/macro'
import type { WalletAccount } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'

/** The wallet's total in USDT, positions and copies included ('0' before the wallet is known). */
export function walletTotalUsdt(wallet: WalletAccount | undefined): string {
  return wallet?.totalAssetUsdt ?? '0'
}

export function WalletTotal({ wallet }: { wallet: WalletAccount | undefined }) {
  const format = useNumberFormat()
  return (
    <p className="text-sm tabular-nums" dir="ltr" data-testid="wallet-total">
      ≈ {format.usdt(walletTotalUsdt(wallet))} USDT
    </p>
  )
}

/** What the futures wallet's money holds elsewhere: the user's own positions and each live copy account. */
export function WalletInUse({ wallet }: { wallet: WalletAccount }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { positions, copies } = wallet.inUse
  if (positions.usdtValue === '0' && copies.length === 0) return null
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-line pt-3 text-sm" data-testid="in-use">
      <dt className="text-muted">{t`Open positions (margin and PnL)`}</dt>
      <dd className="text-end tabular-nums" dir="ltr">
        {format.usdt(positions.usdtValue)}
      </dd>
      {copies.map(({ copyId, nickname, usdtValue }) => (
        <div key={copyId} className="contents">
          <dt className="text-muted">{t`Copy of ${nickname}`}</dt>
          <dd className="text-end tabular-nums" dir="ltr">
            {format.usdt(usdtValue)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
