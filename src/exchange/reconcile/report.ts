/** What a reconciliation found: every figure that differs, the figures not yet reconciled and why, and counts. */

export interface Difference {
  /** 'leader 10000040', 'copy 17', 'position 5', 'wallet:…', 'ledger'. */
  subject: string
  /** '7d' | '30d' | '90d' | 'all', or '-' for a figure without a period. */
  period: string
  figure: string
  served: string
  recomputed: string
}

export interface Pending {
  figure: string
  reason: string
}

export interface Report {
  /** When the served figures were computed (the time everything is recomputed at), epoch ms. */
  at: number
  checked: number
  /** Figures checked per family (positions, funding, ledger, unit rows, profit shares, leader stats, series, my copies). */
  families: Record<string, number>
  differences: Difference[]
  pending: Pending[]
}

/** One line per difference, then the pending figures, then a summary line. */
export function formatReport(report: Report): string {
  const lines: string[] = []
  for (const d of report.differences)
    lines.push(`DIFF ${d.subject} ${d.period} ${d.figure}: served ${d.served}, recomputed ${d.recomputed}`)
  for (const p of report.pending) lines.push(`PENDING ${p.figure}: ${p.reason}`)
  lines.push(
    `checked: ${Object.entries(report.families)
      .map(([family, count]) => `${family} ${count}`)
      .join(', ')}`,
  )
  lines.push(
    `reconciled at ${new Date(report.at).toISOString()}: ${report.checked} figures checked, ${report.differences.length} differ, ${report.pending.length} pending`,
  )
  return lines.join('\n')
}

/** The family a compared figure belongs to, for the counts of a report. */
export function familyOf(subject: string, period: string, figure: string): string {
  if (figure.startsWith('funding ') || subject.startsWith('funding ')) return 'funding'
  if (subject.startsWith('position ')) return 'positions'
  if (figure.startsWith('unit row') || figure.startsWith('valuation row') || figure.startsWith('flow without'))
    return 'unit rows'
  if (figure.includes('profit share') || figure === 'high-water mark') return 'profit shares'
  if (figure.startsWith('my copies')) return 'my copies'
  if (figure.startsWith('series')) return 'series'
  if (period !== '-') return 'leader stats'
  return 'ledger'
}

/** Collects compared figures. */
export class Tally {
  checked = 0
  readonly families: Record<string, number> = {}
  readonly differences: Difference[] = []

  /** Records one comparison; equal decides whether they agree. */
  compare(subject: string, period: string, figure: string, served: string, recomputed: string, equal: boolean): void {
    this.checked += 1
    const family = familyOf(subject, period, figure)
    this.families[family] = (this.families[family] ?? 0) + 1
    if (!equal) this.differences.push({ subject, period, figure, served, recomputed })
  }

  add(differences: readonly Difference[], checked: number, family: string): void {
    this.checked += checked
    this.families[family] = (this.families[family] ?? 0) + checked
    this.differences.push(...differences)
  }
}
