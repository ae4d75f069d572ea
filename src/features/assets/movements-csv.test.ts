import { describe, expect, it } from 'vitest'
import { csvText, movementsCsv } from './movements-csv.ts'

describe('movements as CSV', () => {
  it('writes one exact row per movement under translated headers, UTC times, text quoted', () => {
    const csv = movementsCsv(
      [
        {
          id: '9',
          time: Date.UTC(2026, 10, 27, 8, 5, 0),
          kind: 'deposit',
          walletType: 1,
          coin: 'USDT',
          amount: '10000',
        },
        {
          id: '10',
          time: Date.UTC(2026, 10, 27, 9, 0, 0),
          kind: 'fee',
          walletType: 3,
          coin: 'USDT',
          amount: '-0.123456789012345678',
        },
      ],
      { time: 'Time', wallet: 'Wallet', kind: 'Kind', coin: 'Coin', amount: 'Amount' },
      { kind: (m) => (m.kind === 'fee' ? 'رسوم "التداول"' : 'Deposit'), wallet: (m) => `W${m.walletType}` },
    )
    expect(csv).toBe(
      '\uFEFF"Time","Wallet","Kind","Coin","Amount"\r\n' +
        '2026-11-27T08:05:00.000Z,"W1","Deposit","USDT",10000\r\n' +
        '2026-11-27T09:00:00.000Z,"W3","رسوم ""التداول""","USDT",-0.123456789012345678\r\n',
    )
  })

  it('defuses a text cell a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
    expect(csvText('@SUM(A1)')).toBe('"\'@SUM(A1)"')
    expect(csvText('USDT')).toBe('"USDT"')
  })
})
