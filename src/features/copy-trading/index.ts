/**
 * The copy-trading feature's front door: what routes and other features may use of it. Code that
 * runs outside the app bundle (src/server) imports search.schemas.ts instead, the plain door: this
 * one brings React and server functions with it.
 */
export { chainCopySearchSchema, leaderListSearchSchema, leaderSearchSchema } from './search.schemas.ts'

// Leader lists: /copy-trading/futures, /copy-trading/spot.
export { futuresLeadersRoute, spotLeadersRoute } from './list/leader-list-route.ts'
export { FuturesLeadersPage, SpotLeadersPage } from './list/LeaderListPage.tsx'

// Leader pages: /copy-trading/gemw/{id}, /copy-trading/futures-trader/{id}, /copy-trading/spot-trader/{id}.
export { futuresLeaderRoute, gemwLeaderRoute, spotLeaderRoute } from './detail/leader-route.ts'
export { FuturesLeaderPage, GemwLeaderPage, SpotLeaderPage } from './detail/LeaderDetailPage.tsx'

// The routes that take one leader id in a splat: copy set-up and my copy.
export { leaderSplatParams } from './shared/leader-id-params.ts'

// Copy set-up: /copy-trading/gemw/copy-trader/{id}.
export { CopySetupView } from './setup/CopySetupView.tsx'
export { loadCopySetup } from './setup/setup-route.ts'

// My copy of a leader: /copy-trading/gemw/copy-detail/{id}.
export { MyCopyView } from './my-copy/MyCopyView.tsx'
export { loadMyCopy } from './my-copy/my-copy-route.ts'

// Copy-trading home: /copy-trading/gemw.
export { CopyHomeView } from './home/CopyHomeView.tsx'
export { overviewQueries } from './home/overview.queries.ts'
export { HomeLeaders } from './home/HomeLeaders.tsx'

// My copies: /copy-trading/my.
export { MyCopiesView } from './my-copies/MyCopiesView.tsx'
export { myCopiesQueries } from './my-copies/my-copies.queries.ts'

// Leader centre: /copy-trading/lead.
export { LeadCentreView } from './lead/LeadCentreView.tsx'
export { LeadCentreSkeleton } from './lead/LeadSkeleton.tsx'
export { leadQueries } from './lead/lead.queries.ts'

// Chain copy: /copy-trading/gemw/chain-copy, /copy-trading/gemw/chain-copy/{chain}/{address}.
export { chainCopyViewOf, loadChainCopy } from './chain/chain-copy-route.ts'
export { ChainWalletList } from './chain/ChainWalletList.tsx'
export { ChainWalletView } from './chain/ChainWalletView.tsx'

// How the figures are calculated: /copy-trading/methodology (static; the figures' tooltips link into it).
export { MethodologyView } from './methodology/MethodologyView.tsx'
