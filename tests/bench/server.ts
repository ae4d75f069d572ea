/** Starts the production server for a benchmark (building first when dist/ is missing). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'

export interface BenchServer {
  base: string
  stop: () => Promise<void>
}

/** `env` adds to or overrides the server's environment (a bench that needs more history or TRUST_PROXY). */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync('dist/server/server.js')) {
    console.log('building…')
    const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('build failed')
  }
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    // Its own exchange in memory with a week of history: starts in seconds, touches no data folder.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BENCH_BASELINE: 'on',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: 'memory://',
      EXCHANGE_BACKFILL_DAYS: '7',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
