/**
 * Vite plugin: tells the server build where the client build put each locale's compiled catalog, so a
 * page's head can preload its catalog by its hashed address. Start builds the client before the server
 * with shared plugins, so the names the client bundle chose are known when the server imports
 * `virtual:catalog-assets`.
 */
import type { Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:catalog-assets'
const RESOLVED_ID = `\0${VIRTUAL_ID}`
/** Where catalogs.ts globs its catalogs from (lingui.config.ts writes them there). */
const CATALOG_PATH = /\/locales\/([A-Za-z_]+)\/messages\.po$/

export function catalogAssets(): Plugin {
  let built: Record<string, string> | undefined
  return {
    name: 'tandem:catalog-assets',
    // The map is filled by the client build and read by the server build: one plugin instance for both.
    sharedDuringBuild: true,
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      if (this.environment.mode === 'dev') {
        // The dev server serves the catalog as a module at its source path; a dynamic import asks for it with
        // ?import (the extension is not a script's), and the preload must name the same URL to be reused.
        const base = JSON.stringify(this.environment.config.base)
        return `export const catalogAssetUrl = (locale) => ${base} + 'locales/' + locale + '/messages.po?import'`
      }
      if (!built) this.error(`${VIRTUAL_ID} is read before the client build has written the catalogs`)
      return `const urls = ${JSON.stringify(built)}\nexport const catalogAssetUrl = (locale) => urls[locale]`
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return
      const urls: Record<string, string> = {}
      for (const output of Object.values(bundle)) {
        const locale = output.type === 'chunk' ? CATALOG_PATH.exec(output.facadeModuleId ?? '')?.[1] : undefined
        if (locale) urls[locale] = this.environment.config.base + output.fileName
      }
      built = urls
    },
  }
}
