/**
 * The leader id of a copy-trading URL, checked once, at the router (a route's `params`), with the
 * schema the exchange itself checks ids with. An id of another shape fails route validation:
 * 404 'Page Not Found: {fullPath}' (CONTRIBUTING.md), before any guard's redirect is undone or any
 * call is made.
 */
import { idSchema } from '#/contract/index.ts'
import { validationFailed } from '#/features/routing/index.ts'

function leaderIdOf(value: string | undefined): string {
  const id = idSchema.safeParse(value)
  if (!id.success) validationFailed()
  return id.data
}

/** `params` of the leader pages: …/gemw/{id}, …/futures-trader/{id}, …/spot-trader/{id}. */
export const leaderIdParams = {
  parse: ({ id }: { id: string }) => ({ id: leaderIdOf(id) }),
  stringify: ({ id }: { id: string }) => ({ id }),
}

/**
 * `params` of the splat routes that take one leader id (…/copy-trader/{id}, …/copy-detail/{id}):
 * a splat of more than one segment (`a/b`) is no id either.
 */
export const leaderSplatParams = {
  parse: ({ _splat }: { _splat?: string }) => ({ _splat: leaderIdOf(_splat) }),
  stringify: ({ _splat }: { _splat: string }) => ({ _splat }),
}
