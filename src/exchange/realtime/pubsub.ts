/**
 * The hub's pub/sub port: topics carry already-serialized messages, so a message is encoded once
 * however many sockets receive it. In-process by default; the Redis adapter lets several
 * processes fan out the same streams (REDIS_URL).
 */
export type TopicHandler = (message: string) => void

export interface PubSub {
  publish(topic: string, message: string): void
  /** Starts delivering a topic's messages to `handler`; the returned function stops it. */
  subscribe(topic: string, handler: TopicHandler): () => void
  close(): Promise<void>
}

export function createMemoryPubSub(): PubSub {
  const topics = new Map<string, Set<TopicHandler>>()
  return {
    publish(topic, message) {
      const handlers = topics.get(topic)
      if (!handlers) return
      for (const handler of handlers) handler(message)
    },
    subscribe(topic, handler) {
      let handlers = topics.get(topic)
      if (!handlers) topics.set(topic, (handlers = new Set()))
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
        if (handlers.size === 0) topics.delete(topic)
      }
    },
    close() {
      topics.clear()
      return Promise.resolve()
    },
  }
}
