/** The sandbox inbox: the codes a sandbox exchange kept for one address instead of mailing them. */
import { createServerFn } from '@tanstack/react-start'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { sandboxInboxResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'

export const getSandboxInbox = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ address: z.string().check(z.minLength(1), z.maxLength(254)) })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/dev/inbox/messages?address=${encodeURIComponent(data.address)}`, sandboxInboxResponseSchema, {
      essential: false,
    }),
  )

export const sandboxInboxQueries = {
  all: ['sandbox-inbox'] as const,
  address: (address: string) =>
    queryOptions({
      queryKey: [...sandboxInboxQueries.all, address] as const,
      queryFn: () => getSandboxInbox({ data: { address } }),
    }),
}
