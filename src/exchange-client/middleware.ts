/**
 * The request context of every server function: the browser's half sends what only the page knows
 * (its locale and address); the server's half builds the call's exchange client once into
 * `context.exchange`. When the exchange ends the session (a 401), the browser's half loads the
 * login page with the way back, so nothing on the page goes on as if still signed in.
 */
import { isRedirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { getRequestUrl } from '@tanstack/react-start/server'
import { DEFAULT_LOCALE } from '#/app.config.ts'
import { locatePath } from '#/lib/locale.ts'
import { createExchange } from './exchange.server.ts'
import { currentPageFacts, loginHref, pageFactsSchema, type PageFacts } from './page.ts'

/** While a page renders on the server, the page is the request itself. */
function pageOfRequest(): PageFacts {
  const url = getRequestUrl()
  const { locale, prefix } = locatePath(url.pathname)
  return { locale: locale ?? DEFAULT_LOCALE, prefix, href: url.pathname + url.search, returning: true }
}

export const exchangeMiddleware = createMiddleware({ type: 'function' })
  .client(async ({ next }) => {
    const page = currentPageFacts()
    try {
      return await next({ sendContext: { page } })
    } catch (error) {
      if (page && isRedirect(error) && error.options.to === '/{-$locale}/login') {
        window.location.assign(loginHref(page))
        return new Promise<never>(() => undefined)
      }
      throw error
    }
  })
  .server(({ next, context }) => {
    const sent = pageFactsSchema.safeParse(context.page)
    return next({ context: { exchange: createExchange(sent.success ? sent.data : pageOfRequest()) } })
  })
