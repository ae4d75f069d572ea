import { createFileRoute, notFound } from '@tanstack/react-router'
import { findLocale, locatePath } from '../../features/i18n/locales.ts'
import { runGuards } from '../../features/routing/guards.ts'
import { AppLayout } from '../../features/shell/AppLayout.tsx'

export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: ({ params, matches, location, context }) => {
    // A first segment that is not a locale is an unmatched path, not a page.
    if (params.locale !== undefined && !findLocale(params.locale)) throw notFound()
    const { prefix, rest } = locatePath(location.pathname)
    runGuards(
      matches.flatMap((m) => m.staticData.guards ?? []),
      {
        prefix,
        rest,
        href: location.href,
        searchStr: location.searchStr,
        loggedIn: context.shell.loggedIn,
        features: context.shell.config.features,
      },
    )
  },
  component: AppLayout,
})
