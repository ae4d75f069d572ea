/** The browser's WebSocket in the shape the socket machine drives (its own events, no globals). */
import type { SocketLike } from './socket.machine.ts'

export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url)
  const like: SocketLike = {
    send: (data) => ws.send(data),
    close: (code) => ws.close(code),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  }
  ws.addEventListener('open', () => like.onopen?.())
  ws.addEventListener('message', (event) => like.onmessage?.({ data: event.data }))
  ws.addEventListener('close', (event) => like.onclose?.({ code: event.code }))
  ws.addEventListener('error', () => like.onerror?.())
  return like
}
