/** The assets feature's front door: what routes and other features may use of it. */
export { assetsQueries, FUTURES_WALLET, SPOT_WALLET, type WalletType } from './assets.queries.ts'
export { AssetsView } from './AssetsView.tsx'
export { WalletInUse, WalletTotal } from './WalletTotal.tsx'
