/** `/copy-trading/gemw/chain-copy/{args...}`: nothing (the wallet list) or `{chain}/{address}` (one wallet). */

export type ChainCopyTarget = { kind: 'list' } | { kind: 'wallet'; chain: string; address: string }

const CHAIN = /^[a-z][a-z0-9-]{1,19}$/i
const ADDRESS = /^[A-Za-z0-9]{16,128}$/

export function parseChainCopyPath(splat: string | undefined): ChainCopyTarget | undefined {
  const segments = (splat ?? '').split('/').filter(Boolean)
  if (segments.length === 0) return { kind: 'list' }
  const [chain, address] = segments
  if (segments.length !== 2 || !chain || !address || !CHAIN.test(chain) || !ADDRESS.test(address)) return undefined
  return { kind: 'wallet', chain: chain.toLowerCase(), address }
}
