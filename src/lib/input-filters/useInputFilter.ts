/**
 * Applies an input filter while the user types, but not during IME composition (Chinese, Japanese,
 * Korean input): the composed text is filtered once, on compositionend. The caret stays where the
 * user was typing, moved left by the characters the filter removed before it.
 */
import { useRef, type ChangeEvent, type CompositionEvent } from 'react'

export function useInputFilter(filter: (value: string) => string, onValue: (value: string) => void) {
  const composing = useRef(false)

  const apply = (input: HTMLInputElement) => {
    const raw = input.value
    const caret = input.selectionStart ?? raw.length
    const next = filter(raw)
    if (next !== raw) {
      const kept = filter(raw.slice(0, caret)).length
      input.value = next
      input.setSelectionRange(kept, kept)
    }
    onValue(next)
  }

  return {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (composing.current) onValue(event.target.value)
      else apply(event.target)
    },
    onCompositionStart: () => {
      composing.current = true
    },
    onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
      composing.current = false
      apply(event.currentTarget)
    },
  }
}
