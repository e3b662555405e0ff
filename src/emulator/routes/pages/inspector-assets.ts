import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono } from 'hono'
import { readBrowserAsset } from '../../pages/browser-assets.js'
import { CSS, JS, asset } from './index.js'

const SWAGGER_UI_FILES = { 'swagger-ui-bundle.js': JS, 'swagger-ui.css': CSS } as const

/** Swagger UI as installed with the emulator (a dependency): its folder and version. */
function swaggerUiDist(): { dir: string; version: string } {
  const manifest = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  return { dir: dirname(manifest), version }
}

/** Where the reference page finds Swagger UI under /_assets: versioned, so it can be cached for good. */
export function swaggerUiAssetPath(): string {
  return `swagger-ui/${swaggerUiDist().version}`
}

/**
 * The Requests page's live tail, the API reference's start-up, and the renderer of the reference
 * (Swagger UI, served from the installed package: nothing is fetched from elsewhere, so the
 * reference works offline and within the pages' Content-Security-Policy). Read on first use.
 */
export function inspectorAssetRoutes(): Hono {
  const { dir, version } = swaggerUiDist()
  const loaded = new Map<string, Buffer>()
  const app = new Hono()
    .get('/_assets/requests.js', asset(readBrowserAsset('requests.js'), JS))
    .get('/_assets/reference.js', asset(readBrowserAsset('reference.js'), JS))
    .get('/_assets/reference.css', asset(readBrowserAsset('reference.css'), CSS))
  for (const [file, type] of Object.entries(SWAGGER_UI_FILES)) {
    app.get(`/_assets/swagger-ui/${version}/${file}`, (c) => {
      let body = loaded.get(file)
      if (!body) loaded.set(file, (body = readFileSync(join(dir, file))))
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
    })
  }
  return app
}
