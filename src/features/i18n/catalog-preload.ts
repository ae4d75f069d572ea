/**
 * The page's catalog in the head as a module preload: the browser fetches it beside the page's own chunks,
 * so hydration, which waits for it, does not wait on a request started only after the scripts have run.
 */
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'
import { preloadModule } from 'react-dom'
import type { LocaleCode } from '#/app.config.ts'
import { catalogAssetUrl } from './catalog-assets.server.ts'

export const preloadCatalog = createIsomorphicFn()
  // Called while the document renders: React puts the hint in the head it streams first. The nonce matches the
  // router's own tags, so the hint keeps working under a nonce-only script policy.
  .server((locale: LocaleCode) =>
    preloadModule(catalogAssetUrl(locale), { as: 'script', nonce: getGlobalStartContext()?.nonce }),
  )
  // A client-side navigation imports the catalog itself, in the root's beforeLoad.
  .client(() => undefined)
