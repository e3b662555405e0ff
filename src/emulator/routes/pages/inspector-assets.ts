import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { readBrowserAsset } from '../../pages/browser-assets.js'
import { CSS, JS, asset } from './index.js'

const SWAGGER_UI_FILES = { 'swagger-ui-bundle.js': JS, 'swagger-ui.css': CSS } as const
/** Swagger UI's files as `npm run build` copies them from swagger-ui-dist (a dev dependency). */
const SWAGGER_UI = new URL('../../../../dist/browser/swagger-ui/', import.meta.url)

/** Swagger UI's version, as the build recorded it. */
function swaggerUiVersion(): string {
  return (JSON.parse(readBrowserAsset('version.json', SWAGGER_UI)) as { version: string }).version
}

/** Where the reference page finds Swagger UI under /_assets: versioned, so it can be cached for good. */
export function swaggerUiAssetPath(): string {
  return `swagger-ui/${swaggerUiVersion()}`
}

/**
 * The Requests page's live tail, the API reference's start-up, and the renderer of the reference
 * (Swagger UI, served from the files the build copied: nothing is fetched from elsewhere, so the
 * reference works offline and within the pages' Content-Security-Policy). Read on first use.
 */
export function inspectorAssetRoutes(): Hono {
  const version = swaggerUiVersion()
  const loaded = new Map<string, Buffer>()
  const app = new Hono()
    .get('/_assets/reference.js', asset(readBrowserAsset('reference.js'), JS))
    .get('/_assets/reference.css', asset(readBrowserAsset('reference.css'), CSS))
  for (const [file, type] of Object.entries(SWAGGER_UI_FILES)) {
    app.get(`/_assets/swagger-ui/${version}/${file}`, (c) => {
      let body = loaded.get(file)
      if (!body) loaded.set(file, (body = readFileSync(fileURLToPath(new URL(file, SWAGGER_UI)))))
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
    })
  }
  return app
}
