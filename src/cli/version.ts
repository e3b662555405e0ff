import { readFileSync } from 'node:fs'

/** The package's version, as `store --version` prints it. */
export function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
      .version
  } catch {
    return '0.0.0'
  }
}
