/**
 * `npm run exchange`: the reference exchange on its own, on EXCHANGE_PORT (default 4000), at
 * `/spotapi`, `/futuresapi` and `/`. SIGTERM/SIGINT stop new connections, let in-flight requests
 * finish (up to SHUTDOWN_GRACE_MS), close the database and exit 0.
 */
import { serve, type ServerRequest } from 'srvx'
import { ConfigError, loadConfig, type ServerConfig } from '#/app.config.ts'
import { openConfiguredExchange } from './configured.ts'
import { toExchangeRequest } from './mount.ts'

const DEFAULT_PORT = 4000

function readSettings(): { config: ServerConfig; port: number } {
  try {
    const config = loadConfig(process.env)
    const raw = process.env.EXCHANGE_PORT
    const port = raw === undefined || raw === '' ? DEFAULT_PORT : Number(raw)
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new ConfigError(
        `Invalid configuration:\n  EXCHANGE_PORT=${JSON.stringify(raw)}: expected a port number 1-65535`,
      )
    }
    return { config, port }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

async function main() {
  const { config, port } = readSettings()
  const exchange = await openConfiguredExchange(config)
  const server = serve({
    port,
    hostname: config.host,
    silent: true,
    gracefulShutdown: false,
    fetch: (request: ServerRequest) => exchange.fetch(toExchangeRequest(request, request.ip)),
    error(error) {
      console.error('[exchange] request failed', error)
      return Response.json({ code: 500, data: null, msg: 'Internal error', reason: 'internal' }, { status: 500 })
    },
  })
  await server.ready()
  console.log(`Tandem reference exchange on http://localhost:${port} (/spotapi, /futuresapi, /reference)`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing in-flight requests`)
    const forced = setTimeout(() => void server.close(true), config.shutdownGraceMs)
    forced.unref()
    await server.close()
    clearTimeout(forced)
    await exchange.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

await main()
