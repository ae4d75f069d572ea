/**
 * The signed-in user's copies of leaders, one copy's detail, its settings and ending it, asked of the exchange with the
 * session (server side).
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { copyCancelResponseSchema, idSchema, myCopyDetailResponseSchema } from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const getMyCopy = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/my/copies/${data.leaderId}`, myCopyDetailResponseSchema),
  )

export const cancelMyCopy = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ leaderId: idSchema, closePositions: z.boolean() })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send(
      'DELETE',
      `/copy/v1/copies/${data.leaderId}?closePositions=${String(data.closePositions)}`,
      copyCancelResponseSchema,
    ),
  )
