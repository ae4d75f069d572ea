/** The signed-in account, for the header and the session check of every page. */
import { createServerFn } from '@tanstack/react-start'
import { isSuccess } from '../../lib/http/api-client.ts'
import { clearSessionCookies, hasSession, serverApi } from './api.server.ts'

export interface AccountSummary {
  userId: string
  nickname: string
  account: string
  userSubType: number
  changeLogin: boolean
  standAloneLogin: boolean
  availableLanguage: string[]
  /** The user's own invite number, for the links they share. */
  inviteCode: string
  /** Invited by an approved affiliate, who earns a rebate on this user's fees. */
  rebateUser: boolean
}

export type AccountState =
  | { status: 'signed-out' }
  /** The exchange answered 401: the session is over and its cookies are gone. */
  | { status: 'session-ended' }
  | { status: 'unavailable' }
  | { status: 'signed-in'; account: AccountSummary }

function field(data: unknown, ...path: string[]): unknown {
  let node: unknown = data
  for (const key of path) node = typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined
  return node
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export const getAccountState = createServerFn({ method: 'GET' }).handler(async (): Promise<AccountState> => {
  if (!hasSession()) return { status: 'signed-out' }
  const api = serverApi()
  const [tops, security] = await Promise.all([
    api('/open/seckill/user/tops-info', { method: 'POST', body: {} }),
    api('/v2/users/security/config'),
  ])
  if (tops.code === 401 || security.code === 401) {
    clearSessionCookies()
    return { status: 'session-ended' }
  }
  if (!isSuccess(tops) || !isSuccess(security)) return { status: 'unavailable' }
  const languages = field(tops.data, 'availableLanguage')
  return {
    status: 'signed-in',
    account: {
      userId: text(field(tops.data, 'userInfo', 'userId')),
      nickname: text(field(tops.data, 'userInfo', 'nickname')),
      account: text(field(tops.data, 'userInfo', 'account')),
      userSubType: Number(field(security.data, 'userSubType') ?? 1),
      changeLogin: field(security.data, 'changeLogin') === true,
      standAloneLogin: field(security.data, 'standAloneLogin') === true,
      availableLanguage: Array.isArray(languages) ? languages.filter((l): l is string => typeof l === 'string') : [],
      inviteCode: text(field(tops.data, 'userInfo', 'inviteCode')),
      rebateUser: field(tops.data, 'userInfo', 'rebateUser') === true,
    },
  }
})
