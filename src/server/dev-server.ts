/**
 * `npm run dev`: serves on Vite's server what the production entry serves beside the app — the
 * embedded exchange and its `/ws` hub — while Vite's own HMR socket keeps working.
 */
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import type { Plugin } from 'vite'
import { loadConfig } from '#/app.config.ts'
import { openConfiguredExchange } from '../exchange/configured.ts'
import { registerInProcessExchange } from '#/exchange-client/transport.ts'
import { createExchangeMount } from './exchange-mount.ts'

export function devServer(): Plugin {
  return {
    name: 'tandem:dev-server',
    apply: 'serve',
    async configureServer(server) {
      const config = loadConfig({ ...process.env, NODE_ENV: 'development' })
      // The dev server keeps its database beside the production one's, never in it (an in-memory one stays in memory).
      const dataDir = config.database.dataDir.startsWith('memory://')
        ? config.database.dataDir
        : join(config.database.dataDir, 'dev')
      const exchange = await openConfiguredExchange(config, dataDir)
      // Vite's own HMR socket has its own path: only /ws is the hub's.
      server.httpServer?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        exchange.handleUpgrade(req, socket, head)
      })
      const mount = createExchangeMount((request) => exchange.fetch(request), true)
      registerInProcessExchange((request) => mount.fetch(request))
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost')
        if (!mount.handles(url.pathname)) return next()
        void (async () => {
          const chunks: Buffer[] = []
          for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
          const headers = new Headers()
          for (const [name, value] of Object.entries(req.headers))
            if (typeof value === 'string') headers.set(name, value)
          const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
          const response = await mount.fetch(
            new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }),
            { clientIp: req.socket.remoteAddress },
          )
          res.writeHead(response.status, Object.fromEntries(response.headers))
          res.end(Buffer.from(await response.arrayBuffer()))
        })()
      })
      server.httpServer?.on('close', () => {
        void exchange.close()
      })
    },
  }
}
