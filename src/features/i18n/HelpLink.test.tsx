// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE, type LocaleCode } from '#/app.config.ts'
import { HelpLink } from './HelpLink.tsx'

const route: { locale: LocaleCode; helpDeskUrl: string | undefined } = vi.hoisted(() => ({
  locale: 'ar_AE',
  helpDeskUrl: 'https://desk.example.com/chat',
}))

// The page's locale and public configuration, as the root route gives them.
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useRouteContext: () => ({
    locale: route.locale,
    shell: { config: { helpCenterUrl: 'https://help.example.com', helpDeskUrl: route.helpDeskUrl } },
  }),
}))

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

function show(locale: LocaleCode, node: ReactNode) {
  route.locale = locale
  render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

afterEach(() => {
  cleanup()
  route.helpDeskUrl = 'https://desk.example.com/chat'
  Reflect.deleteProperty(window, 'flutter_inappwebview')
})

describe('HelpLink', () => {
  it('opens the article in the page locale help language, in a new tab without a handle on the page', () => {
    show('ar_AE', <HelpLink to="marginModes" label="Learn more about margin modes" />)
    const link = screen.getByRole('link', { name: 'Learn more about margin modes (opens in a new tab)' })
    expect(link.getAttribute('href')).toBe('https://help.example.com/ar/futures/margin-modes')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('shows its text, and opens the help centre home or the help desk in the locale', () => {
    show(
      'zh_CN',
      <>
        <HelpLink to="home">Help centre</HelpLink>
        <HelpLink to="desk">Contact support</HelpLink>
      </>,
    )
    expect(screen.getByRole('link', { name: /^Help centre/ }).getAttribute('href')).toBe(
      'https://help.example.com/zh-cn',
    )
    expect(screen.getByRole('link', { name: /^Contact support/ }).getAttribute('href')).toBe(
      'https://desk.example.com/chat?lang=zh-CN',
    )
  })

  it('without a help desk, the support entry opens the help centre home', () => {
    route.helpDeskUrl = undefined
    show('ar_AE', <HelpLink to="desk">Contact support</HelpLink>)
    expect(screen.getByRole('link', { name: /^Contact support/ }).getAttribute('href')).toBe(
      'https://help.example.com/ar',
    )
  })

  it('in a browser, a click is left to the link (a new tab)', () => {
    show('en_US', <HelpLink to="fees">Fees</HelpLink>)
    expect(fireEvent.click(screen.getByRole('link', { name: /^Fees/ }))).toBe(true)
  })

  it('in a native shell, the shell opens it instead of the WebView', () => {
    const callHandler = vi.fn(() => Promise.resolve({ ok: true, result: { opened: true } }))
    Reflect.set(window, 'flutter_inappwebview', { callHandler })
    show('en_US', <HelpLink to="liquidation" label="Learn more about liquidation" />)
    const clicked = fireEvent.click(screen.getByRole('link', { name: /^Learn more about liquidation/ }))
    expect(clicked).toBe(false)
    expect(callHandler).toHaveBeenCalledWith(
      NATIVE.flutterHandler,
      expect.objectContaining({
        method: 'openExternal',
        params: { url: 'https://help.example.com/en-us/futures/liquidation' },
      }),
    )
  })
})
