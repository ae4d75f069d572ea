/**
 * Global client state of §3 on TanStack Store, one store per concern. Each store that §3 or
 * ARCHITECTURE.md says is persisted keeps its value under its §3 key: local storage for most,
 * session storage for per-tab UI state, cookies for what the server renders (theme, colours,
 * language, pricing currency and tokens live in the shell state and preferences instead).
 */
import { Store } from '@tanstack/react-store'
import { COOKIES, DEFAULTS } from '#/app.config.ts'
import { writeCookie } from '#/lib/cookies.ts'

type Storage = 'local' | 'session'

interface Persisted<T> {
  key: string
  storage: Storage
  parse: (raw: string) => T | undefined
  serialize: (value: T) => string
}

function storageOf(kind: Storage): globalThis.Storage | undefined {
  if (typeof window === 'undefined') return undefined
  return kind === 'local' ? window.localStorage : window.sessionStorage
}

const loaders: Array<() => void> = []

/**
 * A store with a default. Stores render their defaults on the server and while hydrating (no
 * mismatch); `loadPersistedStores` then reads the stored values and writes every later change.
 */
export function persistedStore<T>(initial: T, persisted: Persisted<T>, onChange?: (value: T) => void): Store<T> {
  const store = new Store<T>(initial)
  loaders.push(() => {
    const storage = storageOf(persisted.storage)
    if (!storage) return
    const raw = storage.getItem(persisted.key)
    const value = raw === null ? undefined : persisted.parse(raw)
    if (value !== undefined) store.setState(() => value)
    store.subscribe(() => {
      storage.setItem(persisted.key, persisted.serialize(store.state))
      onChange?.(store.state)
    })
  })
  return store
}

let loaded = false

/** Called once the page has hydrated. */
export function loadPersistedStores() {
  if (loaded) return
  loaded = true
  for (const load of loaders) load()
}

const shownFlag = (key: string, storage: Storage) =>
  persistedStore<'show' | 'hide'>('show', {
    key,
    storage,
    parse: (raw) => (raw === 'hide' ? 'hide' : raw === 'show' ? 'show' : undefined),
    serialize: (v) => v,
  })

/** Previous leverage (default 10, local storage PREV_LEVERAGE). */
export const prevLeverageStore = persistedStore<number>(DEFAULTS.leverage, {
  key: 'PREV_LEVERAGE',
  storage: 'local',
  parse: (raw) => {
    const n = Number(raw)
    return Number.isInteger(n) && n >= 1 && n <= 200 ? n : undefined
  },
  serialize: String,
})

/** Global dialog status (default show), per tab. */
export const globalDialogStore = shownFlag('globalDialog', 'session')

/** Grids-new status (default show). */
export const gridsNewStore = shownFlag('gridsNew', 'local')

/** Market type (`selectType`): spot or futures, kept in local storage (and sent as a request header). */
export const marketTypeStore = persistedStore<'spot' | 'futures'>(
  'spot',
  {
    key: 'selectType',
    storage: 'local',
    parse: (raw) => (raw === 'spot' || raw === 'futures' ? raw : undefined),
    serialize: (v) => v,
  },
  // The server reads it from the cookie of the same name (ARCHITECTURE.md: cookie and local storage).
  (value) => writeCookie('selectType', value, COOKIES.localeMaxAgeSeconds),
)

/** A pair on a market, as the terminal's tabs keep it. */
export interface PairTab {
  biz: 'spot' | 'futures'
  pairCode: string
}

const PAIR_CODE = /^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/
const isPairTab = (value: unknown): value is PairTab =>
  typeof value === 'object' &&
  value !== null &&
  'biz' in value &&
  'pairCode' in value &&
  (value.biz === 'spot' || value.biz === 'futures') &&
  typeof value.pairCode === 'string' &&
  PAIR_CODE.test(value.pairCode)

function parseTabs(raw: string): PairTab[] | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter(isPairTab) : undefined
  } catch {
    return undefined
  }
}

/**
 * §3 tabsList: the pairs the trader keeps open as tabs above the terminal, most recent first (local storage; cleared
 * with the rest of the user's stored menu data when a session ends).
 */
export const tabsListStore = persistedStore<PairTab[]>([], {
  key: 'tabsList',
  storage: 'local',
  parse: parseTabs,
  serialize: (tabs) => JSON.stringify(tabs),
})

/** §3 menu / top info as the account menu shows it: the user's id, name and account, and their languages. */
export interface UserMenu {
  id: string
  userInfo: { nickname: string; account: string }
  availableLanguage: string[]
}

function parseUserMenu(raw: string): UserMenu | null | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (value === null) return null
    if (typeof value !== 'object' || !('id' in value) || !('userInfo' in value) || !('availableLanguage' in value))
      return undefined
    const { id, userInfo, availableLanguage } = value
    if (typeof id !== 'string' || typeof userInfo !== 'object' || userInfo === null) return undefined
    if (!('nickname' in userInfo) || !('account' in userInfo)) return undefined
    const { nickname, account } = userInfo
    if (typeof nickname !== 'string' || typeof account !== 'string' || !Array.isArray(availableLanguage))
      return undefined
    return {
      id,
      userInfo: { nickname, account },
      availableLanguage: availableLanguage.filter((l) => typeof l === 'string'),
    }
  } catch {
    return undefined
  }
}

/**
 * §3 userMenu: the signed-in user's menu info (local storage), written as the account is read and shown by the
 * account menu while the exchange does not answer; removed with the rest when a session ends.
 */
export const userMenuStore = persistedStore<UserMenu | null>(null, {
  key: 'userMenu',
  storage: 'local',
  parse: parseUserMenu,
  serialize: (menu) => JSON.stringify(menu),
})

/** In-memory state of §3 with its defaults. */
export const unreadCountStore = new Store(0)
export const calculationCurrencyStore = new Store<string>(DEFAULTS.currency)
export const totalAssetStore = new Store<{ amount: string }>({ amount: '0' })
export const menuFlagsStore = new Store({ p2p: true, futures: true })
/** The signed-in user was invited by an approved affiliate (from the account). */
export const rebateUserStore = new Store(false)
/** The invite code of the landing link, kept until registration (src/features/campaign/referral.ts). */
export const inviteNumberStore = new Store('')
/** What a visitor typed into the home page's sign-up box: the registration form starts with it. */
export const homeSignUpAccountStore = new Store('')
