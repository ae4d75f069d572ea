/**
 * A server function's input refused by its validator: HTTP 400 with each refused field and a
 * reason code, and a message already in the page's language. It crosses to the browser as itself
 * (a serialization adapter), so a form can show the message instead of a generic failure.
 */
import { createSerializationAdapter } from '@tanstack/react-router'
import { z } from 'zod'

export type RejectionCode = 'required' | 'too-small' | 'too-big' | 'invalid'

export interface RejectedField {
  /** The dotted path of the field in the call's input, e.g. `settings.fixedLeverage`. */
  field: string
  code: RejectionCode
}

export class InputRejected extends Error {
  readonly status = 400
  readonly reason = 'invalid-input'
  readonly fields: readonly RejectedField[]

  constructor(message: string, fields: readonly RejectedField[]) {
    super(message)
    this.name = 'InputRejected'
    this.fields = fields
  }
}

export const inputRejectedAdapter = createSerializationAdapter({
  key: 'tandem-input-rejected',
  test: (value): value is InputRejected => value instanceof InputRejected,
  toSerializable: (error) => ({
    message: error.message,
    fields: error.fields.map((f) => ({ field: f.field, code: f.code })),
  }),
  fromSerializable: (value: { message: string; fields: RejectedField[] }) =>
    new InputRejected(value.message, value.fields),
})

/** A validator's refusal, before it is put in the page's language (InputRejected). */
export class InputInvalid extends Error {
  readonly issues: z.ZodError

  constructor(issues: z.ZodError) {
    super('invalid input')
    this.issues = issues
  }
}

/**
 * A server function's validator: the schema's output, or InputInvalid. Start reports a Standard
 * Schema's failure as a plain Error carrying zod's English text; a function validator lets the
 * failure keep its fields, so the request middleware can answer 400 with them.
 */
export function validated<TSchema extends z.core.$ZodType>(
  schema: TSchema,
): (input: z.input<TSchema>) => z.output<TSchema> {
  return (input) => {
    const result = z.safeParse(schema, input)
    if (!result.success) throw new InputInvalid(result.error)
    return result.data
  }
}
