/** The short Terms of Use and Privacy Policy that registration links to: what this sandbox exchange is and keeps. */
import { Trans } from '@lingui/react/macro'

export function TermsOfUse() {
  return (
    <div className="flex max-w-3xl flex-col gap-4 text-sm leading-relaxed" data-testid="terms-of-use">
      <p>
        <Trans>
          Tandem is a demonstration exchange. Its markets are simulated and its funds are test funds: they have no value
          and cannot be withdrawn.
        </Trans>
      </p>
      <p>
        <Trans>
          By creating an account you agree to use it for trying the product only, to keep your password and two-factor
          codes to yourself, and not to disrupt the service for others.
        </Trans>
      </p>
      <p>
        <Trans>
          Nothing shown here is investment advice. Past results of lead traders, simulated or not, do not promise future
          results.
        </Trans>
      </p>
    </div>
  )
}

export function PrivacyPolicy() {
  return (
    <div className="flex max-w-3xl flex-col gap-4 text-sm leading-relaxed" data-testid="privacy-policy">
      <p>
        <Trans>
          We keep what the account needs: your email or mobile number, a hash of your password (never the password
          itself), your preferences, and your sessions with the device and network they signed in from.
        </Trans>
      </p>
      <p>
        <Trans>
          Verification codes are kept only as hashes and expire within minutes. Usage statistics are collected only with
          your consent.
        </Trans>
      </p>
      <p>
        <Trans>Your data is not sold or shared. You can sign out any of your sessions from the Security page.</Trans>
      </p>
    </div>
  )
}
