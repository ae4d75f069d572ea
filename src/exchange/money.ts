/** The exchange's Decimal: defined beside the contract (src/contract/money.ts), shared with the app. */
export { exact, Exact, Money, toPlain } from '../contract/money.ts'
