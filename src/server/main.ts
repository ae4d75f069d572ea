/**
 * Production entry: `npm start` builds, then runs this file on Node 22 (types stripped natively).
 * Serves dist/client, the prerendered pages, the TanStack Start handler and `/ws`, and shuts down gracefully.
 * `--prerender` (the build's last step): renders the prerendered pages into dist/prerendered and exits.
 */
import { readFile } from 'node:fs/promises'
import { Server as HttpServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { serve, type ServerMiddleware, type ServerRequest } from 'srvx'
import { ConfigError, HTTP_LIMITS, loadConfig, publicConfig, type ServerConfig } from '#/app.config.ts'
import { openConfiguredExchange } from '../exchange/configured.ts'
import { registerInProcessExchange } from '#/exchange-client/transport.ts'
import { createExchangeMount } from './exchange-mount.ts'
import { answerClientError, baseHeaders, rejectBadPaths } from './http.ts'
import { createPageCache } from './page-cache.ts'
import {
  configFingerprint,
  inMemory,
  prerenderedPages,
  readPages,
  renderPages,
  writePages,
  type Prerendered,
} from './prerendered.ts'
import { createRenderLimiter } from './render-limit.ts'
import { loadStaticFiles, staticFiles } from './static-files.ts'
import { refuseUpgrade } from './websocket.ts'

interface StartHandler {
  fetch: (request: Request) => Promise<Response> | Response
}

function isStartModule(value: unknown): value is { default: StartHandler } {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false
  const handler: unknown = value.default
  return typeof handler === 'object' && handler !== null && 'fetch' in handler && typeof handler.fetch === 'function'
}

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/**
 * srvx logs an 'aborted' ECONNRESET stack for every request whose client hung up. That is normal
 * traffic (a closed tab, a cancelled navigation), not an error worth a stack trace.
 */
function quietClientAborts() {
  const error = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    const [first] = args
    if (first instanceof Error && first.message === 'aborted' && 'code' in first && first.code === 'ECONNRESET') return
    error(...args)
  }
}

/**
 * Renders the prerendered pages in this process (the build's were rendered under another
 * configuration). It runs once the server listens: until it is done, those pages are rendered per
 * request as any other page, and a failure leaves them so.
 */
async function renderAtStart(
  config: ServerConfig,
  buildId: string,
  fingerprint: string,
  why: string,
  render: (path: string, userAgent: string) => Promise<Response>,
): Promise<Prerendered | undefined> {
  const began = performance.now()
  try {
    const rendered = await renderPages(config.product, render)
    console.log(
      `Prerendered pages: the build's are not used (${why}); rendered ${rendered.files.size} files in ${Math.round(performance.now() - began)} ms.`,
    )
    return inMemory(rendered, buildId, fingerprint)
  } catch (error) {
    console.error('Prerendering at start failed: those pages are rendered per request.', error)
    return undefined
  }
}

async function main() {
  quietClientAborts()
  const prerenderOnly = process.argv.includes('--prerender')
  const config = readConfig()
  // Unset means production (README): say so to the libraries too, before the render bundle loads
  // them — React picks its development build (several times slower to render) otherwise.
  process.env.NODE_ENV ??= 'production'
  const root = new URL('../../dist/', import.meta.url)
  const entry: unknown = await import(new URL('server/server.js', root).href).catch(() => undefined)
  if (!isStartModule(entry)) {
    console.error('No production build in dist/. Run `npm run build` first (npm start does it for you).')
    process.exit(1)
  }
  const start = entry.default
  const files = await loadStaticFiles(fileURLToPath(new URL('client/', root)))
  let draining = false

  const buildId = (await readFile(new URL('build-id', root), 'utf8').catch(() => undefined))?.trim() || undefined
  const prerenderDir = fileURLToPath(new URL('prerendered/', root))

  // The reference exchange, embedded: over HTTP under /spotapi and /futuresapi, in-process for the app.
  // Prerendering (at build time) reads only public data: a throwaway exchange in memory, never the deployment's, on a
  // random market seed of its own (a MARKET_SEED in the build's environment is not used, so it cannot reach the pages).
  const exchange = await openConfiguredExchange(
    prerenderOnly
      ? {
          ...config,
          database: { url: undefined, dataDir: 'memory://' },
          backfillDays: 1,
          redisUrl: undefined,
          marketSeed: undefined,
        }
      : config,
  )
  const mount = createExchangeMount((request) => exchange.fetch(request), config.devPages)
  registerInProcessExchange((request) => mount.fetch(request))

  /** One page as a visitor without cookies on this kind of device gets it. */
  const renderPage = async (path: string, userAgent: string) =>
    start.fetch(new Request(config.siteUrl + path, { headers: { 'user-agent': userAgent } }))
  if (prerenderOnly) {
    if (buildId === undefined) throw new Error('No dist/build-id: run `vite build` first')
    const rendered = await renderPages(config.product, renderPage)
    await writePages(prerenderDir, rendered, buildId, configFingerprint(publicConfig(config)))
    console.log(`prerendered ${rendered.pages.length} pages (build ${buildId}) into dist/prerendered`)
    await exchange.close()
    process.exit(0)
  }
  const fingerprint = configFingerprint(publicConfig(config))
  const built = buildId === undefined ? 'no build id' : await readPages(prerenderDir, buildId, fingerprint)
  let servePrerendered: ServerMiddleware | undefined = typeof built === 'string' ? undefined : prerenderedPages(built)

  const pages = createPageCache()
  const renders = createRenderLimiter()
  /** The client's address: the first X-Forwarded-For entry behind a trusted proxy, else the socket's. */
  const addressOf = (request: ServerRequest) =>
    (config.trustProxy ? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined) ||
    request.ip ||
    'unknown'
  const isServerFn = (request: Request) => new URL(request.url).pathname.startsWith('/_serverFn/')
  const server = serve({
    port: config.port,
    hostname: config.host,
    silent: true,
    gracefulShutdown: false,
    middleware: [
      rejectBadPaths,
      baseHeaders,
      async (request, next) => {
        if (new URL(request.url).pathname !== '/healthz') return next()
        const headers = { 'cache-control': 'no-store' }
        if (draining) return Response.json({ status: 'draining' }, { status: 503, headers })
        // Items of the engine's loops that keep failing are retried each tick while the rest runs: the process still
        // serves (200), and says so, so one stuck book never takes it out of a load balancer.
        const { incidents } = await exchange.health()
        return Response.json({ status: incidents > 0 ? 'degraded' : 'ok', incidents }, { status: 200, headers })
      },
      (request, next) =>
        mount.handles(new URL(request.url).pathname)
          ? mount.fetch(request, { clientIp: config.trustProxy ? undefined : request.ip })
          : next(),
      staticFiles(files),
      (request, next) => (servePrerendered ? servePrerendered(request, next) : next()),
    ],
    fetch: (request: ServerRequest) =>
      isServerFn(request)
        ? start.fetch(request)
        : pages.serve(request, () => renders.run(addressOf(request), async () => start.fetch(request))),
    error(error) {
      // A visitor who hung up while their page was rendered (the page cache awaits the whole page) needs no log.
      if (error instanceof Error && 'code' in error && error.code === 'ECONNRESET')
        return new Response(null, { status: 499 })
      console.error('Unhandled request error:', error)
      return new Response('Internal Server Error', { status: 500 })
    },
  })
  await server.ready()
  if (typeof built === 'string' && buildId !== undefined)
    void renderAtStart(config, buildId, fingerprint, built, renderPage).then((site) => {
      if (site) servePrerendered = prerenderedPages(site)
    })

  // `/ws` is the embedded exchange's realtime hub; any other upgrade is refused.
  const nodeServer = server.node?.server
  nodeServer?.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!exchange.handleUpgrade(req, socket, head)) refuseUpgrade(socket)
  })
  nodeServer?.on('clientError', answerClientError)
  if (nodeServer instanceof HttpServer) {
    // Node closes an idle keep-alive socket after 5 s: a client reusing it at that moment reads
    // ECONNRESET. Idle sockets live longer than clients and proxies keep theirs (60 s is common).
    nodeServer.keepAliveTimeout = HTTP_LIMITS.keepAliveTimeoutMs
    nodeServer.headersTimeout = HTTP_LIMITS.keepAliveTimeoutMs + 1000
  }

  console.log(`Tandem listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`)

  const shutdown = async (signal: string) => {
    if (draining) return
    draining = true
    console.log(`${signal} received: finishing in-flight requests, then exiting.`)
    const force = setTimeout(() => {
      console.error('Shutdown grace period over: closing remaining connections.')
      void server.close(true)
    }, config.shutdownGraceMs)
    force.unref()
    await Promise.all([exchange.closeSockets(), server.close(false)])
    await exchange.close()
    clearTimeout(force)
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

await main()
