/** §9: every language has the widget's language code and title, and the widget ships that language. */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES, VERIFICATION_WIDGET } from '#/app.config.ts'
import { verificationWidget } from '#/lib/locale.ts'

const altchaDist = dirname(createRequire(import.meta.url).resolve('altcha'))

describe('the verification widget per language', () => {
  it('has a title and a widget language for each of the 13 locales, and no other', () => {
    expect(Object.keys(VERIFICATION_WIDGET).sort()).toEqual(LOCALES.map((l) => l.code).sort())
    const titles = new Set(Object.values(VERIFICATION_WIDGET).map((w) => w.title))
    expect(titles.size).toBe(LOCALES.length)
  })

  it.each(Object.values(VERIFICATION_WIDGET).map((w) => w.language))('ALTCHA ships the strings of %s', (language) => {
    expect(existsSync(join(altchaDist, '..', 'i18n', `${language}.js`))).toBe(true)
  })

  it('is found by locale code in any letter case; an unknown code gets English', () => {
    expect(verificationWidget('ar_AE')).toEqual({ language: 'ar', title: 'التحقق الأمني' })
    expect(verificationWidget('zh_cn').language).toBe('zh-cn')
    expect(verificationWidget('xx_XX')).toEqual(VERIFICATION_WIDGET.en_US)
  })
})
