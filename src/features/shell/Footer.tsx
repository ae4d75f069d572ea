import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { HelpLink, LocaleLink } from '#/features/i18n/index.ts'
import { productName } from '#/lib/product.ts'

const footerLink = 'hover:text-ink'

export function Footer() {
  const { t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  const name = productName(shell.config.product)
  const year = new Date().getUTCFullYear()
  return (
    <footer id="site-footer" className="mt-16 border-t border-line bg-sunken pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <p>
          <Trans>
            © {year} {name}. Trading crypto assets carries risk; past performance of lead traders does not guarantee
            future results.
          </Trans>
        </p>
        <nav className="flex gap-4">
          <LocaleLink to="/{-$locale}/copy-trading/gemw" className="hover:text-ink">
            <Trans>Copy trading</Trans>
          </LocaleLink>
          <LocaleLink
            to="/{-$locale}/affiliate-register/why-join-{$product}"
            params={{ product: shell.config.product }}
            className="hover:text-ink"
          >
            <Trans>Affiliate programme</Trans>
          </LocaleLink>
        </nav>
      </div>
      <nav
        aria-label={t`Help`}
        className="mx-auto flex max-w-7xl flex-wrap gap-x-4 gap-y-2 px-4 pb-8 text-sm text-muted"
        data-testid="footer-help"
      >
        <HelpLink to="home" className={footerLink}>
          <Trans>Help centre</Trans>
        </HelpLink>
        <HelpLink to="desk" className={footerLink} testId="help-desk">
          <Trans>Contact support</Trans>
        </HelpLink>
        <HelpLink to="fees" className={footerLink}>
          <Trans>Fees</Trans>
        </HelpLink>
        <HelpLink to="terms" className={footerLink}>
          <Trans>Terms of use</Trans>
        </HelpLink>
        <HelpLink to="riskDisclosure" className={footerLink}>
          <Trans>Risk disclosure</Trans>
        </HelpLink>
      </nav>
    </footer>
  )
}
