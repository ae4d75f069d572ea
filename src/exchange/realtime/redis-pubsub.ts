/**
 * The hub's pub/sub over Redis (REDIS_URL): every process publishes to Redis and subscribes to the
 * topics its own sockets watch, so any number of processes fan out the same streams. Two
 * connections, as Redis requires: one publishes, one is in subscriber mode.
 */
import { Redis } from 'ioredis'
import type { PubSub, TopicHandler } from './pubsub.ts'

/** Topics share Redis with anything else: they are namespaced. */
const PREFIX = 'tandem:ws:'

export async function createRedisPubSub(
  url: string,
  onError: (error: unknown) => void = () => undefined,
): Promise<PubSub> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  publisher.on('error', onError)
  subscriber.on('error', onError)
  await Promise.all([publisher.connect(), subscriber.connect()])
  const topics = new Map<string, Set<TopicHandler>>()
  subscriber.on('message', (channel: string, message: string) => {
    const handlers = topics.get(channel.slice(PREFIX.length))
    if (handlers) for (const handler of handlers) handler(message)
  })
  return {
    publish(topic, message) {
      publisher.publish(PREFIX + topic, message).catch(onError)
    },
    subscribe(topic, handler) {
      let handlers = topics.get(topic)
      if (!handlers) {
        topics.set(topic, (handlers = new Set()))
        subscriber.subscribe(PREFIX + topic).catch(onError)
      }
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
        if (handlers.size > 0) return
        topics.delete(topic)
        subscriber.unsubscribe(PREFIX + topic).catch(onError)
      }
    },
    async close() {
      topics.clear()
      await Promise.allSettled([publisher.quit(), subscriber.quit()])
    },
  }
}
