/** Chain-wallet addresses as the pages show and ask for them, and the orders the wallet list offers. */
import type { LEADER_SORTS } from '#/contract/index.ts'

/** The list's sort switch: the statistics a wallet card shows. */
export const WALLET_SORTS = ['roi', 'pnl', 'winRate', 'drawdown'] as const satisfies ReadonlyArray<
  (typeof LEADER_SORTS)[number]
>
export type WalletSort = (typeof WALLET_SORTS)[number]

const HEAD = 6
const TAIL = 4

/** `0x6d9642…f65d`: the start and the end, enough to recognise a wallet; short addresses stay whole. */
export function shortAddress(address: string): string {
  return address.length <= HEAD + TAIL + 1 ? address : `${address.slice(0, HEAD)}…${address.slice(-TAIL)}`
}

/**
 * EVM addresses are case-insensitive hex and the exchange keeps them lower case; base58 ones
 * (Solana, Tron) are case-sensitive and stay as written.
 */
export function canonicalAddress(address: string): string {
  return /^0x/i.test(address) ? address.toLowerCase() : address
}

export function walletPath({ chain, address }: { chain: string; address: string }): string {
  return `/copy/v1/chain-wallets/${encodeURIComponent(chain)}/${encodeURIComponent(canonicalAddress(address))}`
}
