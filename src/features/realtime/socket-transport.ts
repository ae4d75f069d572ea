/**
 * How the socket machine reaches the hub: a WebSocket as a `fromCallback` actor. What the socket
 * says comes back to the machine as `socket.*` events; `socket.send` goes out as JSON; stopping the
 * actor closes the socket. The browser's WebSocket by default; the integration test drives Node's
 * `ws` through the same shape, and the machine's tests provide an actor of their own.
 */
import { fromCallback, type CallbackActorLogic, type CallbackLogicFunction } from 'xstate'
import { wsServerMessageSchema, type WsClientMessage, type WsServerMessage } from '#/contract/index.ts'

/** What the socket actor needs of a WebSocket: handler properties, as the browser's has. */
export interface SocketLike {
  send(data: string): void
  close(code?: number): void
  onopen: (() => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
  onerror: (() => void) | null
}

export interface SocketActorInput {
  url: string
}

/** What the socket tells the machine. */
export type SocketSignal =
  | { type: 'socket.opened' }
  | { type: 'socket.received'; message: WsServerMessage }
  | { type: 'socket.closed'; code: number }

/** What the machine asks of the socket. */
export interface SocketCommand {
  type: 'socket.send'
  message: WsClientMessage
}

export type SocketActorLogic = CallbackActorLogic<SocketCommand, SocketActorInput>

/** The protocol's normal closure: the client closed the socket on purpose (replaced, or the machine stopped). */
const NORMAL_CLOSURE = 1000

function parse(data: unknown): WsServerMessage | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const parsed = wsServerMessageSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The socket actor over sockets `createSocket` makes; its cleanup detaches and closes the socket. */
export function socketActor(createSocket: (url: string) => SocketLike): SocketActorLogic {
  const run: CallbackLogicFunction<SocketCommand, SocketSignal, SocketActorInput> = ({ input, sendBack, receive }) => {
    const socket = createSocket(input.url)
    let closed = false
    socket.onopen = () => sendBack({ type: 'socket.opened' })
    socket.onmessage = (event) => {
      const message = parse(event.data)
      if (message) sendBack({ type: 'socket.received', message })
    }
    socket.onclose = (event) => {
      closed = true
      sendBack({ type: 'socket.closed', code: event.code })
    }
    // A close always follows an error; the close is what the machine acts on.
    socket.onerror = () => undefined
    receive((command) => socket.send(JSON.stringify(command.message)))
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null
      if (!closed) socket.close(NORMAL_CLOSURE)
    }
  }
  return fromCallback(run)
}

/** The browser's WebSocket in the shape the socket actor drives (its own listeners, no globals touched). */
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

export const browserSocketActor = socketActor(browserSocket)
