/**
 * Compile-time checks of LocaleLink, run by `npm run typecheck` (tsc fails when an expected error
 * stops being an error): only real routes, with their params, are accepted.
 */
import { LocaleLink } from '#/features/i18n/LocaleLink.tsx'

export function LocaleLinkTypeChecks() {
  return (
    <>
      <LocaleLink to="/{-$locale}/copy-trading/gemw/$id" params={{ id: '42' }} />
      <LocaleLink to="/{-$locale}/login" search={{ forwardUrl: '/copy-trading/gemw' }} />
      {/* @ts-expect-error: not a route */}
      <LocaleLink to="/{-$locale}/no-such-page" />
      {/* @ts-expect-error: the required id param is missing */}
      <LocaleLink to="/{-$locale}/copy-trading/gemw/$id" />
      {/* @ts-expect-error: the param is named id, not leaderId */}
      <LocaleLink to="/{-$locale}/copy-trading/gemw/$id" params={{ leaderId: '42' }} />
    </>
  )
}
