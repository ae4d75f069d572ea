import { describe, expect, it } from 'vitest'
import { chainWalletQueries } from '../chain/chain-wallets.queries.ts'
import { overviewQueries } from '../home/overview.queries.ts'
import { leadQueries } from '../lead/lead.queries.ts'
import { leaderListQueries } from '../list/leader-list.queries.ts'
import { myCopiesQueries } from '../my-copies/my-copies.queries.ts'
import { myCopyQueries } from '../my-copy/my-copy.queries.ts'
import { setupQueries } from '../setup/setup.queries.ts'
import { copyQueries } from './copy.queries.ts'
import { leaderQueries } from './leader.queries.ts'

describe('copy-trading query keys', () => {
  // One root, so that refreshing after an action is one invalidation and no page's queries are left out.
  it('all start with the copy root', () => {
    const keys: readonly (readonly unknown[])[] = [
      leaderQueries.detail('1', '30d').queryKey,
      leaderQueries.stats('1', '30d').queryKey,
      leaderQueries.positions('1').queryKey,
      leaderQueries.history('1').queryKey,
      leaderQueries.followers('1').queryKey,
      leaderListQueries.list({ biz: 'futures', period: '30d', sort: 'roi', order: 'desc' }).queryKey,
      leaderListQueries.reactions().queryKey,
      overviewQueries.overview('spot').queryKey,
      myCopyQueries.detail('1').queryKey,
      myCopiesQueries.copies().queryKey,
      myCopiesQueries.history(1).queryKey,
      myCopiesQueries.profit().queryKey,
      leadQueries.summary().queryKey,
      leadQueries.requirements('futures').queryKey,
      leadQueries.settings().queryKey,
      leadQueries.followers(1).queryKey,
      leadQueries.profitShare(1).queryKey,
      leadQueries.profitShareDetails(1).queryKey,
      chainWalletQueries.list('roi', 1).queryKey,
      chainWalletQueries.detail('ethereum', '0xabc').queryKey,
      setupQueries.instruments().queryKey,
      setupQueries.availableUsdt().queryKey,
      setupQueries.whatIf('1', null).queryKey,
    ]
    for (const key of keys) expect(key.slice(0, copyQueries.all.length)).toEqual(copyQueries.all)
  })
})
