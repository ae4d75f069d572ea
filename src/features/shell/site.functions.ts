/** Exchange-wide switches and the visitors' language whitelist (§3 global config, §7 whiteList). */
import { createServerFn } from '@tanstack/react-start'
import { isSuccess } from '../../lib/http/api-client.ts'
import { serverApi } from '../auth/api.server.ts'
import { parseLanguageList } from '../i18n/available-languages.ts'
import type { LocaleCode } from '../../../app.config.ts'

export interface SiteConfig {
  /** False when the exchange's global config closes a feature; missing data leaves it open. */
  futuresMenu: boolean
  hbtSwitch: boolean
  p2pMenu: boolean
  whiteList: LocaleCode[]
}

function flag(data: unknown, key: string): boolean {
  const value: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined
  return value !== 'false' && value !== false
}

export const getSiteConfig = createServerFn({ method: 'GET' }).handler(async (): Promise<SiteConfig> => {
  const api = serverApi()
  const [config, languages] = await Promise.all([api('/open/global/config'), api('/open/lang/menu/show')])
  const data = isSuccess(config) ? config.data : undefined
  const list: unknown = isSuccess(languages) && typeof languages.data === 'object' && languages.data !== null ? Reflect.get(languages.data, 'whiteList') : undefined
  return {
    futuresMenu: flag(data, 'futuresMenu'),
    hbtSwitch: flag(data, 'Hbt_Switch'),
    p2pMenu: flag(data, 'p2pMenu'),
    whiteList: Array.isArray(list) ? parseLanguageList(list) : [],
  }
})
