// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorPage } from './ErrorPage.tsx'
import { StatusError } from './status-error.ts'

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

/** A router whose one page throws `error` from its loader, shown by the app's ErrorPage, at `url`. */
async function showError(error: unknown, url = '/copy-trading/gemw/x?tab=1') {
  const root = createRootRoute({ component: Outlet })
  const home = createRoute({ getParentRoute: () => root, path: '/{-$locale}', component: Outlet })
  const page = createRoute({
    getParentRoute: () => home,
    path: '$',
    loader: () => {
      throw error
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([home.addChildren([page])]),
    history: createMemoryHistory({ initialEntries: [url] }),
    defaultErrorComponent: ErrorPage,
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return screen.findByTestId('error-screen')
}

describe('the generic error screen (§2)', () => {
  it("shows the error's own status message and status code", async () => {
    await showError(new StatusError(503, msg`The exchange is not answering right now. Please try again shortly.`))
    expect(screen.getByTestId('error-status').textContent).toBe('503')
    expect(screen.getByTestId('error-message').textContent).toBe(
      'The exchange is not answering right now. Please try again shortly.',
    )
  })

  it('reads the fields of an error that crossed from the server as a plain Error', async () => {
    const plain = Object.assign(new Error('Status 429'), {
      statusCode: 429,
      statusMessage: msg`You are going too fast.`,
    })
    await showError(plain)
    expect(screen.getByTestId('error-status').textContent).toBe('429')
    expect(screen.getByTestId('error-message').textContent).toBe('You are going too fast.')
  })

  it("shows the status's own message when the error brings none, never the error's text", async () => {
    await showError(Object.assign(new Error('SELECT * FROM users failed at db.ts:12'), { status: 403 }))
    expect(screen.getByTestId('error-status').textContent).toBe('403')
    expect(screen.getByTestId('error-message').textContent).toBe('Access denied')
    expect(document.body.textContent).not.toContain('SELECT')
  })

  it("a 404 without a message is the spec's 'Page Not Found: {path}'", async () => {
    await showError(Object.assign(new Error('gone'), { statusCode: 404 }))
    expect(screen.getByTestId('error-message').textContent).toBe('Page Not Found: /copy-trading/gemw/x?tab=1')
  })

  it('anything else is a 500 with a message that gives nothing away', async () => {
    await showError(new TypeError("Cannot read properties of undefined (reading 'price')"))
    expect(screen.getByTestId('error-status').textContent).toBe('500')
    expect(screen.getByTestId('error-message').textContent).toBe('Something went wrong on our side. Please try again.')
  })

  it("'Go Back Home' goes to the site root, in the reader's language", async () => {
    await showError(new Error('x'))
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/')
    cleanup()
    await showError(new Error('x'), '/zh_CN/copy-trading/gemw/x')
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/zh_CN')
  })
})
