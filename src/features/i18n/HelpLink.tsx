/**
 * A link into the help centre (an article, its home) or to the help desk, in the page's language, opened in a new tab
 * that gets no handle on this page. Inside a native shell the shell opens it (§8): a WebView would otherwise replace
 * the app with the help page.
 */
import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import type { HelpArticle } from '#/app.config.ts'
import { currentShellKind, openExternal } from '#/features/native/index.ts'
import { helpArticleUrl, helpCenterHomeUrl, helpDeskUrl } from './help-center.ts'

/** An article, the help centre's home, or the help desk (support chat). */
export type HelpTarget = HelpArticle | 'home' | 'desk'

interface HelpLinkBase {
  to: HelpTarget
  className?: string
  testId?: string
}

/** Text (children), or a small "?" whose accessible name is `label`. */
export type HelpLinkProps = HelpLinkBase &
  ({ children: ReactNode; label?: never } | { label: string; children?: never })

/** The address of a help target in the page's locale. */
export function useHelpUrl(to: HelpTarget): string {
  const { locale, shell } = useRouteContext({ from: '__root__' })
  const { helpCenterUrl } = shell.config
  if (to === 'desk') return helpDeskUrl(shell.config, locale)
  if (to === 'home') return helpCenterHomeUrl(helpCenterUrl, locale)
  return helpArticleUrl(helpCenterUrl, locale, to)
}

/** A small mark beside a label; its pointer target reaches 24 px around it (WCAG 2.5.8), without taking the room. */
const iconClass =
  "relative inline-grid size-4 shrink-0 place-items-center rounded-full border border-line text-[0.625rem] leading-none font-semibold text-muted no-underline after:absolute after:-inset-1 after:content-[''] hover:border-brand hover:text-brand"

export function HelpLink({ to, className, testId, children, label }: HelpLinkProps) {
  const href = useHelpUrl(to)
  const openInShell = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!currentShellKind()) return
    event.preventDefault()
    // A shell that cannot open it leaves the user where they are, which is all a failed open can do.
    openExternal(href, { external: true }).catch(() => undefined)
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={openInShell}
      title={label}
      className={label === undefined ? className : `${iconClass} ${className ?? ''}`}
      data-testid={testId}
      data-help={to}
    >
      {label === undefined ? (
        <>
          {children}
          <span className="sr-only">
            {' '}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </>
      ) : (
        <>
          <span aria-hidden="true">?</span>
          <span className="sr-only">
            {label} <Trans>(opens in a new tab)</Trans>
          </span>
        </>
      )}
    </a>
  )
}
