// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocaleCode } from '#/app.config.ts'
import type { Anniversary } from '#/contract/index.ts'
import { loadCatalog } from '#/features/i18n/catalogs.ts'
import { AnniversaryBanner } from './AnniversaryBanner.tsx'
import { campaignQueries } from './campaign.queries.ts'

afterEach(cleanup)

const anniversary: Anniversary = {
  showSwitch: true,
  activityId: 'anniversary-2025',
  title: 'Tandem anniversary',
  subtitle: 'Copy a leader during the celebration and share the reward pool',
  startTime: '2025-01-01T00:00:00.000Z',
  endTime: '2030-12-31T23:59:59.000Z',
  rewardPoolUsdt: '1000000',
}

async function renderBanner(locale: LocaleCode, campaign: Anniversary) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(campaignQueries.anniversary().queryKey, campaign)
  const i18n = await loadCatalog(locale)
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <AnniversaryBanner />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return screen.getByTestId('anniversary-banner')
}

describe('the campaign banner', () => {
  it("speaks the page's language: the reference exchange's campaign in French and Arabic", async () => {
    const fr = await renderBanner('fr_FR', anniversary)
    expect(fr.textContent).not.toContain('Tandem anniversary')
    expect(fr.textContent).not.toContain('Copy a leader')
    expect(fr.getAttribute('aria-label')).not.toBe('Tandem anniversary')
    cleanup()
    const ar = await renderBanner('ar_AE', anniversary)
    expect(ar.textContent).toMatch(/[\u0600-\u06FF]/)
    expect(ar.textContent).not.toContain('Copy a leader')
  })

  it('shows the text another exchange sends for a campaign Tandem does not know', async () => {
    const banner = await renderBanner('fr_FR', {
      ...anniversary,
      activityId: 'summer',
      title: 'Été',
      subtitle: 'Bonus',
    })
    expect(banner.textContent).toContain('Été')
    expect(banner.textContent).toContain('Bonus')
  })

  it('is not a link: there is no campaign page to open', async () => {
    const banner = await renderBanner('en_US', anniversary)
    expect(banner.textContent).toContain('Tandem anniversary')
    expect(banner.querySelector('a')).toBeNull()
  })
})
