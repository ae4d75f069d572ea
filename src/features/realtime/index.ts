/** The realtime feature's front door: what routes and other features may use of it. */
export { ConnectionIndicator } from './ConnectionIndicator.tsx'
export { MarketStreamsProvider, useMarketStream } from './MarketStreams.tsx'
