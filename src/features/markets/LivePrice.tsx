/**
 * A price, truncated to `digits` and folded like every amount, that flashes in the up or down colour when it changes
 * (never on first render).
 */
import { useEffect, useRef, useState } from 'react'
import Decimal from 'decimal.js'
import { Amount } from '#/ui/Amount.tsx'

const FLASH_MS = 700

export function LivePrice({ value, digits }: { value: string; digits: number }) {
  const previous = useRef(value)
  const [flash, setFlash] = useState<'up' | 'down' | undefined>()
  useEffect(() => {
    if (previous.current === value) return
    const direction = new Decimal(value).gt(previous.current) ? 'up' : 'down'
    previous.current = value
    setFlash(direction)
    const timer = setTimeout(() => setFlash(undefined), FLASH_MS)
    return () => clearTimeout(timer)
  }, [value])
  const colour = flash === 'up' ? 'bg-up/15 text-up' : flash === 'down' ? 'bg-down/15 text-down' : ''
  return (
    <span data-flash={flash ?? ''} className={`rounded px-1 transition-colors ${colour}`}>
      <Amount value={value} digits={digits} />
    </span>
  )
}
