/** Websocket upgrades nobody handles are refused, so the socket does not hang. */
import type { Duplex } from 'node:stream'

export function refuseUpgrade(socket: Duplex) {
  socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  socket.destroy()
}
