import { describe, expect, it } from 'vitest'
import { legacyRedirect } from './legacy-redirects.ts'

describe('legacy redirects (§2)', () => {
  it.each([
    // /followup/trader: futures or spot trader by query type; type and id dropped, other params kept
    ['/followup/trader', '?type=futures&id=123', '/copy-trading/futures-trader/123'],
    ['/followup/trader', '?type=spot&id=123', '/copy-trading/spot-trader/123'],
    ['/followup/trader', '?id=123', '/copy-trading/spot-trader/123'],
    ['/followup/trader', '?type=FUTURES&id=9', '/copy-trading/spot-trader/9'],
    [
      '/followup/trader',
      '?type=futures&id=7&utm_source=x&ref=abc',
      '/copy-trading/futures-trader/7?utm_source=x&ref=abc',
    ],
    ['/zh_CN/followup/trader', '?type=futures&id=5', '/zh_CN/copy-trading/futures-trader/5'],
    ['/m/followup/trader/detail', '?type=futures&id=5', '/copy-trading/futures-trader/5'],
    ['/followup/trader', '?type=futures', '/copy-trading/futures'],
    ['/followup/trader', '?type=futures&id=a%2Fb', '/copy-trading/futures-trader/a%2Fb'],
    // /followup with type
    ['/followup', '?type=futures', '/copy-trading/futures'],
    ['/followup', '?type=spot&x=1', '/copy-trading/spot?x=1'],
    ['/followup/list', '?type=spot', '/copy-trading/spot'],
    ['/ar_AE/followup', '?type=', '/ar_AE/copy-trading/spot'],
    // bare /followup
    ['/followup', '', '/copy-trading/futures'],
    ['/followup/', '?a=1', '/copy-trading/futures?a=1'],
    ['/ja_JP/followup', '', '/ja_JP/copy-trading/futures'],
    // /autosystem but not /bot-trade
    ['/autosystem', '', '/bot-trade/autosystem'],
    ['/autosystem', '?sourceType=grid', '/bot-trade/grid'],
    ['/autosystem', '?sourceType=', '/bot-trade/autosystem'],
    ['/autosystem/detail', '?sourceType=dca&k=v', '/bot-trade/dca?k=v'],
    ['/fr_FR/autosystem', '?sourceType=grid', '/fr_FR/bot-trade/grid'],
  ])('%s%s → %s', (path, search, expected) => {
    expect(legacyRedirect(path, search)).toBe(expected)
  })

  it.each([
    ['/bot-trade/autosystem', ''],
    ['/bot-trade/x/autosystem', '?sourceType=grid'],
    ['/copy-trading/gemw', '?type=futures'],
    ['/followup/other', ''],
    ['/', '?type=futures'],
  ])('leaves %s%s alone', (path, search) => {
    expect(legacyRedirect(path, search)).toBeNull()
  })

  it('matches the legacy segments case-insensitively', () => {
    expect(legacyRedirect('/FollowUp/Trader', '?type=futures&id=1')).toBe('/copy-trading/futures-trader/1')
    expect(legacyRedirect('/AutoSystem', '')).toBe('/bot-trade/autosystem')
  })
})
