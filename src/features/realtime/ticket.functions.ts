/**
 * A websocket login ticket for the signed-in user, asked of the exchange on the server (the browser never holds the
 * session token).
 */
import { createServerFn } from '@tanstack/react-start'
import { wsTicketResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'

export const getWsTicket = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<string>> => {
    if (!exchange.session.active) return { status: 'unavailable' }
    const ticket = await exchange.send('POST', '/v2/users/ws-ticket', wsTicketResponseSchema)
    return ticket.status === 'ok' ? { status: 'ok', data: ticket.data.ticket } : { status: 'unavailable' }
  })
