// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, render } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DateTime } from '#/ui/DateTime.tsx'

/** 2026-11-28 13:38:34 UTC, 21:38:34 in Taipei. */
const AT = Date.UTC(2026, 10, 28, 13, 38, 34)
const zone = process.env.TZ
const i18n = setupI18n({ locale: 'zh_TW', messages: { zh_TW: {} } })

beforeAll(() => {
  process.env.TZ = 'Asia/Taipei'
})
afterAll(() => {
  process.env.TZ = zone
})
afterEach(cleanup)

const page = (
  <I18nProvider i18n={i18n}>
    <DateTime at={AT} style="minute" />
  </I18nProvider>
)

describe('dates on a server-rendered page', () => {
  it('are written in UTC by the server, whatever its own zone', () => {
    expect(renderToString(page)).toContain('2026/11/28 13:38')
  })

  it('hydrate without a mismatch, then show the reader their own zone', () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(page)
    document.body.append(container)
    const errors = vi.fn()
    act(() => {
      hydrateRoot(container, page, { onRecoverableError: errors })
    })
    expect(errors).not.toHaveBeenCalled()
    expect(container.textContent).toBe('2026/11/28 21:38')
    container.remove()
  })

  it('rendered in the browser alone, are in the reader’s zone', () => {
    const { container } = render(page)
    expect(container.textContent).toBe('2026/11/28 21:38')
  })
})
