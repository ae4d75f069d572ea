/** In `npm run dev`, serves the same `/ws` endpoint on Vite's server; Vite's own HMR socket keeps working. */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Plugin } from 'vite'
import { createWebSocketEndpoint } from './websocket.ts'

export function devWebSocket(): Plugin {
  return {
    name: 'tandem:dev-websocket',
    apply: 'serve',
    configureServer(server) {
      const endpoint = createWebSocketEndpoint()
      server.httpServer?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        endpoint.handleUpgrade(req, socket, head)
      })
      server.httpServer?.on('close', () => void endpoint.close())
    },
  }
}
