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
    `reconciled at ${new Date(report.at).toISOString()}: ${report.checked} figures checked, ${report.differences.length} differ, ${report.pending.length} pending`,
  )
  return lines.join('\n')
}

/** Collects compared figures. */
export class Tally {
  checked = 0
  readonly differences: Difference[] = []

  /** Records one comparison; equal decides whether they agree. */
  compare(subject: string, period: string, figure: string, served: string, recomputed: string, equal: boolean): void {
    this.checked += 1
    if (!equal) this.differences.push({ subject, period, figure, served, recomputed })
  }

  add(differences: readonly Difference[], checked: number): void {
    this.checked += checked
    this.differences.push(...differences)
  }
}
