import { CLIENT_LANGUAGES_PARAM } from '#/app.config.ts'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { accountQueries } from '#/features/auth/index.ts'
import { availableLanguages, clientLanguagesFor, parseLanguageList, preferredLocale } from '#/features/i18n/index.ts'
import { findLocale, localizedPath } from '#/lib/locale.ts'
import { preferencesQueries } from '#/features/preferences/index.ts'
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
    const languages = availableLanguages(
      account ? parseLanguageList(account.availableLanguage) : site.whiteList,
      clientLanguagesFor(Reflect.get(search, CLIENT_LANGUAGES_PARAM)),
    )
    // An unprefixed (English) address takes a user to the language of their account (§4), on any device, and a
    // visitor back to the one they chose before; an address with a prefix keeps it (so one redirect, never a loop).
    const saved =
      !prefix && account
        ? await context.queryClient.ensureQueryData(preferencesQueries.current(context.locale))
        : undefined
    const shown = preferredLocale({
      // Preferences the exchange did not answer are the locale's defaults, not the user's choice.
      preferred: prefix ? undefined : saved?.source === 'account' ? saved.userLanguage : context.shell.preferredLocale,
      current: context.locale,
      available: languages,
    })
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
