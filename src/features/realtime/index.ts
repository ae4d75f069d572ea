/** The realtime feature's front door: what routes and other features may use of it. */
export { ConnectionIndicator } from './ConnectionIndicator.tsx'
export {
  MarketStreamsProvider,
  useConnectionStatus,
  useMarketStream,
  useMarketStreams,
  useStreamListener,
} from './MarketStreams.tsx'
export type { StreamParams } from './registry.ts'
