/** The theme's colours as a chart library needs them (read from the CSS tokens, so they follow theme and up/down). */

export interface ChartPalette {
  up: string
  down: string
  text: string
  line: string
  card: string
  brand: string
  /** Red whatever the up/down scheme: a loss that is not a price direction (a liquidation, a stop loss). */
  danger: string
}

export function readPalette(element: HTMLElement): ChartPalette {
  const style = getComputedStyle(element)
  const read = (name: string) => style.getPropertyValue(name).trim()
  return {
    up: read('--up'),
    down: read('--down'),
    text: read('--text-secondary'),
    line: read('--border'),
    card: read('--bg-card'),
    brand: read('--brand'),
    danger: read('--red'),
  }
}

/** `#rrggbb` with an alpha, for fills. */
export function translucent(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!match?.[1]) return hex
  const n = Number.parseInt(match[1], 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** Calls `paint` whenever the theme or the up/down scheme changes; returns the stop. */
export function onPaletteChange(paint: () => void): () => void {
  const observer = new MutationObserver(paint)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-upcolor'] })
  return () => observer.disconnect()
}
