/** The leader list and the caller's watches and votes, asked of the exchange on the server. */
import { createServerFn } from '@tanstack/react-start'
import { leaderListQuerySchema, leaderPageResponseSchema, myReactionsResponseSchema } from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

/** The API's own query (lead traders only: on-chain wallets have their own page). */
const listInputSchema = leaderListQuerySchema.omit({ kind: true })

export const listLeaders = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(listInputSchema))
  .handler(({ data, context: { exchange } }) => {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries(data)) if (value !== undefined) query.set(key, String(value))
    return exchange.load(`/copy/v1/leaders?${query.toString()}`, leaderPageResponseSchema)
  })

export const getMyReactions = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/copy/v1/my/reactions', myReactionsResponseSchema))
