/**
 * The one way to link between pages. Only real routes are accepted, with their params and search
 * typed (a wrong route or a missing param is a compile error: tests/types/locale-link.typecheck.tsx);
 * the current locale prefix is kept, because the router carries the current `locale` param into
 * the next location.
 */
import { Link, type LinkComponentProps, type RegisteredRouter } from '@tanstack/react-router'

export function LocaleLink<const TTo extends string>(
  props: LinkComponentProps<'a', RegisteredRouter, string, TTo, string, ''>,
) {
  return <Link<RegisteredRouter, string, TTo, string, ''> {...props} />
}
