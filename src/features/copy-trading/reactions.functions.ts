/** Watching a lead trader and voting on them (like, dislike, or neither), with the session (server side). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { idSchema, voteResponseSchema, voteValueSchema, watchResponseSchema } from '../../contract/index.ts'
import { sendEnvelope } from './copy-api.server.ts'

export const setLeaderWatch = createServerFn({ method: 'POST' })
  .validator(z.object({ leaderId: idSchema, watching: z.boolean() }))
  .handler(({ data }) => sendEnvelope(data.watching ? 'PUT' : 'DELETE', `/copy/v1/watches/${data.leaderId}`, watchResponseSchema))

export const setLeaderVote = createServerFn({ method: 'POST' })
  .validator(z.object({ leaderId: idSchema, vote: voteValueSchema }))
  .handler(({ data }) => sendEnvelope('PUT', `/copy/v1/votes/${data.leaderId}`, voteResponseSchema, { vote: data.vote }))
