/** The server's configuration, read from the environment once (the production entry validated it at start-up). */
import { loadConfig, type ServerConfig } from '#/app.config.ts'

let cached: ServerConfig | undefined

export function serverConfig(): ServerConfig {
  cached ??= loadConfig(process.env)
  return cached
}
