/** The markets feature's front door: what routes and other features may use of it. */
export { LivePrice } from './LivePrice.tsx'
export { MarketsTable } from './MarketsTable.tsx'
export { MarketsView } from './MarketsView.tsx'
export { marketsSearchSchema, type MarketsSearch } from './markets.schemas.ts'
export { Sparkline } from './Sparkline.tsx'
export { TickerMarquee } from './TickerMarquee.tsx'
export { marketsQueries } from './markets.queries.ts'
