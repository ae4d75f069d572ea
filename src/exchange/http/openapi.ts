/** Building blocks of route declarations: JSON bodies, success responses and the shared refusals. */
import type { ZodType } from 'zod'
import { apiErrorSchema } from '#/contract/index.ts'

export function jsonBody<TSchema extends ZodType>(schema: TSchema, required = true) {
  return { content: { 'application/json': { schema } }, required }
}

export function okJson<TSchema extends ZodType>(schema: TSchema, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** A documented refusal: the error envelope with the reasons a call answers. */
export const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: apiErrorSchema } },
})

export const REFUSALS = {
  400: refusal("Refused input: 'invalid-input' (with data.fields), 'malformed-json', or the call's own reasons"),
  401: refusal("'unauthorized': missing, invalid, expired or revoked session token"),
  403: refusal("'forbidden'"),
  409: refusal('Conflict with stored state'),
  413: refusal("'payload-too-large': body over 64 KB"),
  415: refusal("'invalid-input': the body is not application/json"),
  429: refusal("'rate-limited': wait Retry-After seconds"),
  500: refusal("'internal'"),
} as const

/** Refusals any call can meet. */
export const COMMON_REFUSALS = {
  400: REFUSALS[400],
  413: REFUSALS[413],
  415: REFUSALS[415],
  500: REFUSALS[500],
} as const
/** …and those of calls that need a session. */
export const AUTH_REFUSALS = { ...COMMON_REFUSALS, 401: REFUSALS[401] } as const

/** Security requirement of calls that need a session. */
export const BEARER = [{ bearerAuth: [] }]

/** The success envelope `{ code: 0, data, msg: 'ok' }`. */
export function ok<TData>(data: TData): { code: 0; data: TData; msg: string } {
  return { code: 0, data, msg: 'ok' }
}
