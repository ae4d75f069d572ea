/**
 * A wallet's movements as CSV (issue 19, the assets page's export): one row each, time in UTC (ISO 8601), the kind in
 * the reader's language, the coin and the exact signed amount. Text cells are quoted, and one that a spreadsheet could
 * take for a formula (=, +, -, @ first) is defused with a leading apostrophe; amounts are exact decimals as they came.
 */
import type { WalletMovement } from '#/contract/index.ts'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export function movementsCsv(
  movements: readonly WalletMovement[],
  headers: { time: string; wallet: string; kind: string; coin: string; amount: string },
  text: { kind: (movement: WalletMovement) => string; wallet: (movement: WalletMovement) => string },
): string {
  const head = [headers.time, headers.wallet, headers.kind, headers.coin, headers.amount].map(csvText).join(',')
  const lines = movements.map((m) =>
    [
      new Date(m.time).toISOString(),
      csvText(text.wallet(m)),
      csvText(text.kind(m)),
      csvText(m.coin),
      // Validated decimal strings (signedDecimalStringSchema): written as they are, to the last digit.
      m.amount,
    ].join(','),
  )
  // A byte-order mark, so a spreadsheet reads the non-Latin labels as UTF-8.
  return `\uFEFF${[head, ...lines].join('\r\n')}\r\n`
}
