/** Values vite.config.ts defines at build time. */
interface ImportMetaEnv {
  /** A new id for every build: prerendered payloads are asked for with it (src/features/prerender). */
  readonly BUILD_ID?: string
}
