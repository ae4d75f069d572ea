import { CLIENT_LANGUAGES_PARAM } from '#/app.config.ts'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { accountQueries } from '#/features/auth/index.ts'
import { availableLanguages, parseLanguageList, resolveLocale } from '#/features/i18n/index.ts'
import { findLocale, localizedPath } from '#/lib/locale.ts'
import { runGuards } from '#/features/routing/index.ts'
import { AppLayout, siteQueries } from '#/features/shell/index.ts'

export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: async ({ params, matches, location, search, context }) => {
    // A first segment that is not a locale is an unmatched path, not a page.
    if (params.locale !== undefined && !findLocale(params.locale)) throw notFound()
    const { prefix, path: rest } = context
    const [site, state] = await Promise.all([
      context.queryClient.ensureQueryData(siteQueries.config()),
      context.shell.loggedIn ? context.queryClient.ensureQueryData(accountQueries.state()) : undefined,
    ])
    const account = state?.status === 'signed-in' ? state.account : undefined
    const clientSupported: unknown = Reflect.get(search, CLIENT_LANGUAGES_PARAM)
    const languages = availableLanguages(
      account ? parseLanguageList(account.availableLanguage) : site.whiteList,
      typeof clientSupported === 'string' ? clientSupported : undefined,
    )
    // An unprefixed (English) address takes the visitor back to the language they chose before.
    const preferred = context.shell.preferredLocale
    const wanted = !prefix && preferred && languages.includes(preferred) ? preferred : context.locale
    const shown = resolveLocale(wanted, languages)
    if (shown !== context.locale) throw redirect({ href: localizedPath(shown, rest) + location.searchStr })
    runGuards(
      matches.flatMap((m) => m.staticData.guards ?? []),
      {
        prefix,
        rest,
        href: location.href,
        searchStr: location.searchStr,
        loggedIn: state?.status === 'signed-in' || state?.status === 'unavailable',
        features: {
          futures: context.shell.config.features.futures && site.futuresMenu,
          hbtSwitch: context.shell.config.features.hbtSwitch && site.hbtSwitch,
        },
      },
    )
    return { account, languages }
  },
  component: AppLayout,
})
