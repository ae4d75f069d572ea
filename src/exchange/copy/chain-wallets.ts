/**
 * Simulated on-chain "smart money" wallets that users can copy: a chain, an address in that
 * chain's format, a label, and the strategy and pairs their simulated activity follows.
 * Addresses are hard-coded (randomly generated once, valid-looking, not known real wallets).
 */
import type { StrategyName } from './strategy-name.ts'

export interface ChainWalletProfile {
  slug: string
  chain: 'ethereum' | 'solana' | 'bsc' | 'arbitrum' | 'base' | 'tron'
  /** EVM chains: 0x + 40 lower-case hex; solana: base58, 32–44 chars; tron: T + 33 base58 chars. */
  address: string
  label: string
  strategy: StrategyName
  /** Pair codes from INSTRUMENTS. */
  pairs: string[]
  /** Starting USDT. */
  capital: string
}

export const CHAIN_WALLETS: readonly ChainWalletProfile[] = [
  {
    slug: 'eth-og-whale',
    chain: 'ethereum',
    address: '0x6d964291225f605ace427b0be40163abc612f65d',
    label: 'Smart money: ICO-era ETH whale',
    strategy: 'swing',
    pairs: ['ETH_USDT'],
    capital: '250000',
  },
  {
    slug: 'eth-link-accumulator',
    chain: 'ethereum',
    address: '0xd9e37ac1b05d7b475099b2b3e02fe0236f311874',
    label: 'Smart money: LINK accumulator',
    strategy: 'dca',
    pairs: ['LINK_USDT', 'ETH_USDT'],
    capital: '80000',
  },
  {
    slug: 'eth-mev-searcher',
    chain: 'ethereum',
    address: '0x2513ae690b93ad5d962e05a911e42b032080a5a2',
    label: 'Bot: MEV searcher',
    strategy: 'scalper',
    pairs: ['ETH_USDT'],
    capital: '120000',
  },
  {
    slug: 'eth-fund-rotator',
    chain: 'ethereum',
    address: '0xf8cee829c6131aa78a39958a8e0c60bb4de5bf0b',
    label: 'Fund wallet: majors rotator',
    strategy: 'trend',
    pairs: ['BTC_USDT', 'ETH_USDT'],
    capital: '200000',
  },
  {
    slug: 'arb-perp-ape',
    chain: 'arbitrum',
    address: '0x82181557284a539ad6183e0c38faf416dcdf2e17',
    label: 'Degen: Arbitrum perp ape',
    strategy: 'gambler',
    pairs: ['ETH_USDT'],
    capital: '15000',
  },
  {
    slug: 'arb-range-farmer',
    chain: 'arbitrum',
    address: '0xb200645b4119c5b901b2a89af690627a74b9175a',
    label: 'Smart money: Arbitrum range farmer',
    strategy: 'grid',
    pairs: ['ETH_USDT', 'LINK_USDT'],
    capital: '45000',
  },
  {
    slug: 'base-early-buyer',
    chain: 'base',
    address: '0x589c320a40c4969930e1d037a9cfb1b9dc8279f3',
    label: 'Smart money: early Base buyer',
    strategy: 'breakout',
    pairs: ['ETH_USDT', 'DOGE_USDT'],
    capital: '30000',
  },
  {
    slug: 'base-dip-hunter',
    chain: 'base',
    address: '0x26e32f6cfa79a5dc1c505b04ac2793aacd643767',
    label: 'Smart money: Base dip hunter',
    strategy: 'mean-reversion',
    pairs: ['ETH_USDT'],
    capital: '25000',
  },
  {
    slug: 'bsc-bnb-whale',
    chain: 'bsc',
    address: '0xfd857de425069978602f854d5be6163787d3939a',
    label: 'Smart money: BNB whale',
    strategy: 'trend',
    pairs: ['BNB_USDT'],
    capital: '150000',
  },
  {
    slug: 'bsc-meme-sniper',
    chain: 'bsc',
    address: '0x70aa768c377a0023f76edbce10cc7b39d4954cb6',
    label: 'Degen: BSC meme sniper',
    strategy: 'gambler',
    pairs: ['DOGE_USDT', 'BNB_USDT'],
    capital: '10000',
  },
  {
    slug: 'sol-early-whale',
    chain: 'solana',
    address: '4ktfZZCdVcbef2G7UbMeU5KDKuUgTd3sQapAsv9vTAi8',
    label: 'Smart money: early SOL whale',
    strategy: 'swing',
    pairs: ['SOL_USDT'],
    capital: '220000',
  },
  {
    slug: 'sol-momentum',
    chain: 'solana',
    address: '8VWnteL44ThX2LpDsfVayBhSogdH4YwQigUzXwxDuvur',
    label: 'Smart money: SOL momentum trader',
    strategy: 'breakout',
    pairs: ['SOL_USDT'],
    capital: '60000',
  },
  {
    slug: 'sol-validator-treasury',
    chain: 'solana',
    address: '8MAwjJSdspivB9abmiejJk3WytZ3pCoSNNwrZNRk9QVk',
    label: 'Validator treasury: steady SOL buyer',
    strategy: 'dca',
    pairs: ['SOL_USDT'],
    capital: '90000',
  },
  {
    slug: 'sol-dex-scalper',
    chain: 'solana',
    address: '2VBCgYSFmhcTZkyb4s5p9ntFejhWS5z3L8UHc8EkmPaq',
    label: 'Bot: Solana DEX scalper',
    strategy: 'scalper',
    pairs: ['SOL_USDT'],
    capital: '20000',
  },
  {
    slug: 'sol-mean-reverter',
    chain: 'solana',
    address: '78y59HowbVvWJwbhpmCgL21JDV1bZMbFrwpQJqpdzLTx',
    label: 'Smart money: SOL mean reverter',
    strategy: 'mean-reversion',
    pairs: ['SOL_USDT', 'BTC_USDT'],
    capital: '40000',
  },
  {
    slug: 'tron-trx-whale',
    chain: 'tron',
    address: 'TJfzGBrZTszUFFTVx39DW1U2NED5cfAek9',
    label: 'Smart money: TRX whale',
    strategy: 'grid',
    pairs: ['TRX_USDT'],
    capital: '180000',
  },
  {
    slug: 'tron-trend-rider',
    chain: 'tron',
    address: 'TDd6HoFbcCUt7cfoDPrFRZXjhRj7EUbsb9',
    label: 'Smart money: TRX trend rider',
    strategy: 'trend',
    pairs: ['TRX_USDT', 'BTC_USDT'],
    capital: '50000',
  },
  {
    slug: 'tron-otc-desk',
    chain: 'tron',
    address: 'TPDmoW1caYtrRCD5MHxm2B6n9VEvJWcaX4',
    label: 'OTC desk: TRX accumulator',
    strategy: 'dca',
    pairs: ['TRX_USDT'],
    capital: '120000',
  },
]
