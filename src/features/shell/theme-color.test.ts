import { describe, expect, it } from 'vitest'
import { THEME_TOKENS } from '#/app.config.ts'
import { mobileHeaderBgOf, SUNKEN_MOBILE_HEADER, themeColorOf } from './theme-color.ts'

const plain = { staticData: {} }
const terminal = { staticData: { mobileHeaderBg: SUNKEN_MOBILE_HEADER } }
const deeper = { staticData: { mobileHeaderBg: { light: '#eeeeee', dark: '#111111' } } }

describe('theme-color (§2)', () => {
  it("falls back to the theme's --bg-primary1", () => {
    expect(themeColorOf([plain, plain], 'light')).toBe('#ffffff')
    expect(themeColorOf([plain], 'dark')).toBe('#212121')
    expect(mobileHeaderBgOf([plain], 'dark')).toBeUndefined()
  })

  it("follows the route's mobile header background in the current theme", () => {
    expect(themeColorOf([plain, terminal], 'light')).toBe(THEME_TOKENS.light.bgPrimary2)
    expect(themeColorOf([plain, terminal], 'dark')).toBe(THEME_TOKENS.dark.bgPrimary2)
  })

  it('the deepest route that sets one wins', () => {
    expect(themeColorOf([terminal, deeper, plain], 'dark')).toBe('#111111')
  })
})
