/** The trading feature's front door: the terminal routes (/spot/{pair}, /futures/{pair}) and what other pages use. */
export { futuresTerminalRoute, spotTerminalRoute } from './terminal-route.ts'
export { FuturesTerminalPage, SpotTerminalPage } from './TerminalPage.tsx'
export { tradingQueries } from './trading.queries.ts'
export { OrdersView } from './OrdersView.tsx'
