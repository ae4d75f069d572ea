/** Watching a lead trader and voting on them (like, dislike, or neither), with the session (server side). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { idSchema, voteResponseSchema, voteValueSchema, watchResponseSchema } from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const setLeaderWatch = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema, watching: z.boolean() })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send(data.watching ? 'PUT' : 'DELETE', `/copy/v1/watches/${data.leaderId}`, watchResponseSchema),
  )

export const setLeaderVote = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema, vote: voteValueSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('PUT', `/copy/v1/votes/${data.leaderId}`, voteResponseSchema, { vote: data.vote }),
  )
