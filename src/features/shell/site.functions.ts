/** Exchange-wide switches and the visitors' language whitelist (§3 global config, §7 whiteList). */
import { createServerFn } from '@tanstack/react-start'
import { globalConfigResponseSchema, langMenuResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'
import type { LocaleCode } from '#/app.config.ts'
import { readGlobalConfig, type GlobalSwitches } from './global-config.ts'

/** The switches are false when the exchange's global config closes a feature; missing data leaves them open. */
export interface SiteConfig extends GlobalSwitches {
  whiteList: LocaleCode[]
}

/** What the exchange does not say leaves every feature open and every language listed. */
export const OPEN_SITE: SiteConfig = { ...readGlobalConfig(undefined), whiteList: [] }

/** Always answered: each switch the exchange does not give stays as in OPEN_SITE. */
export const getSiteConfig = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<SiteConfig>> => {
    const [config, languages] = await Promise.all([
      exchange.load('/open/global/config', globalConfigResponseSchema, { essential: false }),
      exchange.load('/open/lang/menu/show', langMenuResponseSchema, { essential: false }),
    ])
    return {
      status: 'ok',
      data: {
        ...readGlobalConfig(config.status === 'ok' ? config.data : undefined),
        whiteList: languages.status === 'ok' ? languages.data.whiteList : OPEN_SITE.whiteList,
      },
    }
  })
