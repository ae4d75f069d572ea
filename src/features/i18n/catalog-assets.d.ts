/** Written by catalog-assets-plugin.ts; imported by catalog-assets.server.ts only. */
declare module 'virtual:catalog-assets' {
  /** The address of a locale's compiled catalog as the client loads it (undefined: no such catalog). */
  export function catalogAssetUrl(locale: string): string | undefined
}
