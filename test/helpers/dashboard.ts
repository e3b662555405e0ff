import { TEST_KEY } from './emulator.js'

type App = { request(path: string, init?: RequestInit): Response | Promise<Response> }

/** Logs in to the dashboard with the test key; a `cookie` header value for later page requests. */
export async function dashboardCookie(app: App): Promise<string> {
  const login = await app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key: TEST_KEY }).toString(),
  })
  return login.headers.get('set-cookie')!.split(';')[0]
}

/** A dashboard page's HTML, logged in. */
export async function dashboardPage(app: App, path: string, cookie?: string): Promise<string> {
  const res = await app.request(`/_dashboard${path}`, { headers: { cookie: cookie ?? (await dashboardCookie(app)) } })
  if (res.status !== 200) throw new Error(`dashboard ${path} answered ${res.status}`)
  return res.text()
}
