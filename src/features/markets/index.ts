/** The markets feature's front door: what routes and other features may use of it. */
export { LivePrice } from './LivePrice.tsx'
export { MarketsTable } from './MarketsTable.tsx'
export { Sparkline } from './Sparkline.tsx'
export { TickerMarquee } from './TickerMarquee.tsx'
export { marketsQueries } from './markets.queries.ts'
