/** Exchange-wide switches and the visitors' language whitelist (§3 global config, §7 whiteList). */
import { createServerFn } from '@tanstack/react-start'
import { globalConfigResponseSchema, langMenuResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'
import type { LocaleCode } from '#/app.config.ts'

export interface SiteConfig {
  /** False when the exchange's global config closes a feature; missing data leaves it open. */
  futuresMenu: boolean
  hbtSwitch: boolean
  p2pMenu: boolean
  whiteList: LocaleCode[]
}

/** What the exchange does not say leaves every feature open and every language listed. */
export const OPEN_SITE: SiteConfig = { futuresMenu: true, hbtSwitch: true, p2pMenu: true, whiteList: [] }

/** Always answered: each switch the exchange does not give stays as in OPEN_SITE. */
export const getSiteConfig = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<SiteConfig>> => {
    const [config, languages] = await Promise.all([
      exchange.load('/open/global/config', globalConfigResponseSchema, { essential: false }),
      exchange.load('/open/lang/menu/show', langMenuResponseSchema, { essential: false }),
    ])
    const flags = config.status === 'ok' ? config.data : undefined
    return {
      status: 'ok',
      data: {
        futuresMenu: flags ? flags.futuresMenu !== 'false' : OPEN_SITE.futuresMenu,
        hbtSwitch: flags ? flags.Hbt_Switch !== 'false' : OPEN_SITE.hbtSwitch,
        p2pMenu: flags ? flags.p2pMenu !== 'false' : OPEN_SITE.p2pMenu,
        whiteList: languages.status === 'ok' ? languages.data.whiteList : OPEN_SITE.whiteList,
      },
    }
  })
