/**
 * A number field's typing (see readNumber for the rules): the text shown is what the user typed, as long as it still
 * means the value the form holds ("0,50" stays "0,50" while the form holds 0.5); a value the form sets itself (a
 * price picked in the book, Max, a cleared field) is shown as the form wrote it. A refused keystroke leaves the
 * text as it was and names why; keys typed straight after it are refused too, so "1e3" is never read as 13.
 * IME composition (Chinese, Japanese, Korean input) is read once, on compositionend. A refusal is about the key just
 * typed: leaving the field (`settle`) clears it, so the form's own message about the value held is the one shown.
 */
import { useState, type ChangeEvent, type CompositionEvent } from 'react'
import { readNumber, type NumberRefusal } from './filters.ts'

/** Enough decimals to read any value a form sets. */
const ANY_PRECISION = 64

export function useNumberInput(value: string, decimals: number, onValue: (value: string) => void) {
  const [text, setText] = useState(value)
  const [refusal, setRefusal] = useState<NumberRefusal | undefined>()
  const [composed, setComposed] = useState<string | undefined>()
  const typed = readNumber(text, ANY_PRECISION)
  const held = readNumber(value, ANY_PRECISION)
  const follows = typed.ok && held.ok && typed.value === held.value
  const shown = composed ?? (follows ? text : value)

  const take = (raw: string) => {
    // Straight after a refusal, the next key typed at the end is refused too: the number being typed is not this one.
    if (refusal && raw.length === shown.length + 1 && raw.startsWith(shown)) return
    const read = readNumber(raw, decimals)
    if (!read.ok) return setRefusal(read.refusal)
    setRefusal(undefined)
    setText(raw)
    onValue(read.value)
  }

  return {
    refusal,
    settle: () => setRefusal(undefined),
    inputProps: {
      value: shown,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (composed !== undefined) setComposed(event.target.value)
        else take(event.target.value)
      },
      onCompositionStart: () => setComposed(shown),
      onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
        setComposed(undefined)
        take(event.currentTarget.value)
      },
    },
  }
}
