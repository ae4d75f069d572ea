import { z } from 'zod/mini'
import { safeRedirectPath } from '../routing/safe-redirect.ts'

/** A return path: kept only when it is a same-origin relative path, otherwise dropped (home). */
const returnPath = z.optional(z.pipe(z.unknown(), z.transform(safeRedirectPath)))

export const loginSearchSchema = z.object({
  forwardUrl: returnPath,
  redirectUrl: returnPath,
})

export const registerSearchSchema = z.object({
  forwardUrl: returnPath,
})
