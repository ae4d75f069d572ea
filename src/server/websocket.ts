/**
 * The `/ws` endpoint: until the realtime issue replaces it, a placeholder channel that greets a
 * client and echoes its JSON messages back. Upgrades on any other path are refused.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { WEBSOCKET } from '../../app.config.ts'

export interface WebSocketEndpoint {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean
  close: () => Promise<void>
}

function send(ws: WebSocket, message: Record<string, unknown>) {
  ws.send(JSON.stringify(message))
}

export function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8')
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8')
  return raw.toString('utf8')
}

function onConnection(ws: WebSocket) {
  // Protocol errors (an oversized frame, say) close this connection with their code; they must
  // never reach the process as an unhandled 'error' event.
  ws.on('error', () => ws.terminate())
  send(ws, { event: 'hello', data: { result: { server: 'tandem', ts: Date.now() } } })
  ws.on('message', (raw, isBinary) => {
    if (isBinary) {
      send(ws, { event: 'error', data: { result: { code: 'binary-unsupported' } } })
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(rawText(raw))
    } catch {
      send(ws, { event: 'error', data: { result: { code: 'malformed-json' } } })
      return
    }
    if (typeof parsed === 'object' && parsed !== null && 'event' in parsed && parsed.event === 'ping') {
      send(ws, { event: 'pong', ts: Date.now() })
      return
    }
    send(ws, { event: 'echo', data: { result: parsed } })
  })
}

export function createWebSocketEndpoint(path: string = WEBSOCKET.path): WebSocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET.maxFrameBytes })
  wss.on('connection', onConnection)
  return {
    /** Returns false when the path is not ours (the caller decides what else may upgrade). */
    handleUpgrade(req, socket, head) {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname
      if (pathname !== path) return false
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
      return true
    },
    close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down')
      return new Promise((resolve) => {
        wss.close(() => resolve())
        // Clients that do not answer the close handshake are cut off.
        setTimeout(() => {
          for (const client of wss.clients) client.terminate()
        }, 1000).unref()
      })
    },
  }
}

/** Refuses an upgrade nobody handles, so the socket does not hang. */
export function refuseUpgrade(socket: Duplex) {
  socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  socket.destroy()
}
