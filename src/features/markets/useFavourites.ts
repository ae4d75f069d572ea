/**
 * Favourite pairs (issue 19): a visitor's kept in this browser (local storage), a signed-in user's by the exchange so
 * they follow them to every device; a star toggles one at once (the change shows before the exchange answers, and
 * goes back with a message when it refuses).
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { TERMINAL } from '#/app.config.ts'
import { favouritesSchema, type Favourite } from '#/contract/index.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { notify } from '#/ui/toast.ts'
import { saveFavourites } from './markets.functions.ts'
import { marketsQueries } from './markets.queries.ts'

const KEY = TERMINAL.favouritesStorageKey
const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedList: Favourite[] = []

function readLocal(): Favourite[] {
  const raw = localStorage.getItem(KEY)
  if (raw === cachedRaw) return cachedList
  cachedRaw = raw
  try {
    const parsed = favouritesSchema.safeParse(JSON.parse(raw ?? '[]'))
    cachedList = parsed.success ? parsed.data : []
  } catch {
    cachedList = []
  }
  return cachedList
}

function writeLocal(list: Favourite[]) {
  localStorage.setItem(KEY, JSON.stringify(list))
  for (const listener of listeners) listener()
}

const EMPTY: Favourite[] = []
const same = (a: Favourite, b: Favourite) => a.biz === b.biz && a.pairCode === b.pairCode

/** The list with `item` added (first) or taken out. */
export const toggled = (list: readonly Favourite[], item: Favourite): Favourite[] =>
  list.some((f) => same(f, item)) ? list.filter((f) => !same(f, item)) : [item, ...list]

export function useFavourites(): { list: readonly Favourite[]; toggle: (item: Favourite) => void } {
  const { t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  const client = useQueryClient()
  const signedIn = shell.loggedIn
  const local = useSyncExternalStore(
    (changed) => {
      listeners.add(changed)
      window.addEventListener('storage', changed)
      return () => {
        listeners.delete(changed)
        window.removeEventListener('storage', changed)
      }
    },
    readLocal,
    () => EMPTY,
  )
  const remote = useQuery({ ...marketsQueries.favourites(), enabled: signedIn })
  const list = signedIn ? (remote.data?.status === 'ok' ? remote.data.data : EMPTY) : local
  const toggle = (item: Favourite) => {
    const next = toggled(list, item)
    if (!signedIn) return writeLocal(next)
    const key = marketsQueries.favourites().queryKey
    const before = client.getQueryData(key)
    client.setQueryData(key, loadedOk(next))
    void saveFavourites({ data: { list: next } }).then((sent) => {
      if (sent.status === 'ok') return client.setQueryData(key, loadedOk(sent.data))
      client.setQueryData(key, before)
      notify(t`Your favourites could not be saved. Try again.`, 'error')
    })
  }
  return { list, toggle }
}
