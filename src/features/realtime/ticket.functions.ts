/** A websocket login ticket for the signed-in user, asked of the exchange on the server (the browser never holds the session token). */
import { createServerFn } from '@tanstack/react-start'
import { wsTicketResponseSchema } from '../../contract/index.ts'
import { clearSessionCookies, hasSession, serverApi } from '../auth/api.server.ts'

export const getWsTicket = createServerFn({ method: 'POST' }).handler(async (): Promise<string | null> => {
  if (!hasSession()) return null
  const envelope = await serverApi()('/v2/users/ws-ticket', { method: 'POST' })
  if (envelope.code === 401) clearSessionCookies()
  const parsed = wsTicketResponseSchema.safeParse(envelope)
  return parsed.success ? parsed.data.data.ticket : null
})
