/** The answers of the copy-trading server functions, as the pages branch on them. */
import type { ErrorReason } from '../../contract/index.ts'

export type Loaded<T> = { status: 'ok'; data: T } | { status: 'not-found' } | { status: 'unavailable' }

/** `fields`: the dotted paths of refused fields when the reason is invalid-input. */
export type Sent<T> = { status: 'ok'; data: T } | { status: 'refused'; reason: ErrorReason | 'network'; fields: string[] }
