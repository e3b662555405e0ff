// The little script of the dashboard and storefront pages, served at /_assets/pages.js.
// Forms and buttons marked `data-api` send JSON to the same routes the API's users call (the
// dashboard's through its session-authenticated mirror /_dashboard/api/…) and report the answer;
// `[data-copy]` copies, `[data-feed]` shows the live event stream, `[data-stream]` keeps the Requests
// page up to date. Everything shown is set with textContent, never as HTML, or comes from the page's own server.
import type { ErrorBody } from '../contract/errors.js'

type Json = Record<string, unknown>
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
/** The fields of a streamed event the feed shows. */
type FeedEvent = Partial<Record<'event' | 'kind' | 'createdAt' | 'timestamp', string>>

const FLASH = 'store-flash'
/** The most events the live feed keeps on the page. */
const FEED_MAX = 200

function notice(el: Element | null, text: string, ok: boolean): void {
  if (!el) return
  el.textContent = text
  el.className = `notice ${ok ? 'ok' : 'bad'}`
}

function setPath(target: Json, path: string, value: unknown): void {
  const keys = path.split('.')
  let at = target
  // A numeric key makes an array: items.0.productId -> { items: [{ productId }] }.
  for (let i = 0; i < keys.length - 1; i++) {
    at[keys[i]] = at[keys[i]] || (/^\d+$/.test(keys[i + 1]) ? [] : {})
    at = at[keys[i]] as Json
  }
  at[keys[keys.length - 1]] = value
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean)
}

// One field's value as JSON, by its data-type; undefined leaves the field out of the body.
function fieldValue(el: Field): unknown {
  const type = el.getAttribute('data-type') || 'text'
  const raw = el.value
  if (el instanceof HTMLInputElement && el.type === 'checkbox' && type !== 'checks') return el.checked
  if (raw === '' || raw === undefined) return el.hasAttribute('data-null-empty') ? null : undefined
  switch (type) {
    case 'number':
      return Number(raw)
    case 'lines':
      return lines(raw)
    case 'json':
      return JSON.parse(raw)
    case 'files':
      return lines(raw).map((line) => {
        const cut = line.indexOf('|')
        return cut < 0
          ? { name: line.split('/').pop() || line, url: line }
          : { name: line.slice(0, cut).trim(), url: line.slice(cut + 1).trim() }
      })
    default:
      return raw
  }
}

function bodyOf(form: HTMLFormElement): Json {
  const body: Json = {}
  const checks: Record<string, string[]> = {}
  for (const el of form.elements) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
      continue
    if (!el.name || el.disabled || el.hasAttribute('data-skip')) continue
    if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) continue
    if (el.type === 'submit' || el.type === 'button') continue
    if (el instanceof HTMLInputElement && el.getAttribute('data-type') === 'checks') {
      checks[el.name] = checks[el.name] || []
      if (el.checked) checks[el.name].push(el.value)
      continue
    }
    let value: unknown
    try {
      value = fieldValue(el)
    } catch (error) {
      throw new Error(`${el.name}: is not valid JSON (${(error as Error).message})`)
    }
    if (value !== undefined) setPath(body, el.name, value)
  }
  for (const name of Object.keys(checks)) setPath(body, name, checks[name])
  return body
}

function describe(status: number, json: Partial<ErrorBody> | null): string {
  if (json && typeof json.error === 'string') {
    const more = (json.errors || []).slice(1).map((e) => `${e.field}: ${e.message}`)
    return json.error + (more.length ? ` (also ${more.join('; ')})` : '')
  }
  return `request failed with status ${status}`
}

async function send(el: Element, body: unknown): Promise<Json | null> {
  const method = (el.getAttribute('data-method') || 'POST').toUpperCase()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const url = el.getAttribute('data-api')!
  if (url.startsWith('/_dashboard/')) {
    headers['x-dashboard-request'] = '1'
    const shop = document.body.getAttribute('data-shop')
    if (shop) headers['x-service-shop'] = shop
  }
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  })
  const text = await res.text()
  let json: Json | null = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  if (!res.ok) throw new Error(describe(res.status, json))
  return json
}

function after(el: Element, json: Json | null, noticeEl: Element | null): void {
  const then = el.getAttribute('data-then') || 'reload'
  const success = el.getAttribute('data-success') || 'Done.'
  if (then === 'go') {
    const url = json?.[el.getAttribute('data-go-field') || 'url']
    if (typeof url === 'string') {
      location.assign(url)
      return
    }
  }
  if (then === 'show') {
    const target = document.querySelector<HTMLElement>(el.getAttribute('data-show')!)
    const field = el.getAttribute('data-show-field')
    if (target) {
      target.hidden = false
      const out = target.querySelector('[data-output]') || target
      out.textContent = field ? String(json?.[field]) : JSON.stringify(json, null, 2)
    }
    notice(noticeEl, success, true)
    return
  }
  if (then === 'replace') {
    const done = document.createElement('p')
    done.className = 'notice ok'
    done.setAttribute('role', 'status')
    done.textContent = success
    el.replaceWith(done)
    if (noticeEl) noticeEl.textContent = ''
    return
  }
  try {
    sessionStorage.setItem(FLASH, success)
  } catch {
    // private mode: reload without the message
  }
  location.reload()
}

/** Where the outcome of an action shows: its form's own notice, the one it names, or the page's. */
function noticeOf(el: Element): Element | null {
  return el.querySelector(':scope > .notice') ?? document.getElementById(el.getAttribute('data-notice') || 'flash')
}

function run(el: Element, body: unknown, button: HTMLButtonElement | null): void {
  const noticeEl = noticeOf(el)
  const question = el.getAttribute('data-confirm')
  if (question && !window.confirm(question)) return
  if (button) button.disabled = true
  notice(noticeEl, 'Working\u2026', true)
  send(el, body)
    .then((json) => after(el, json, noticeEl))
    .catch((error: Error) => notice(noticeEl, error.message, false))
    .then(() => {
      if (button) button.disabled = false
    })
}

function fallbackCopy(source: Element | null): void {
  if (!(source instanceof HTMLInputElement || source instanceof HTMLTextAreaElement)) return
  source.select()
  try {
    document.execCommand('copy')
  } catch {
    // the text stays selected for the user to copy
  }
}

function copyFrom(copy: HTMLButtonElement): void {
  const source = document.querySelector(copy.getAttribute('data-copy')!)
  const value = (source as Partial<HTMLInputElement> | null)?.value
  const text = source ? (value !== undefined ? value : source.textContent) : ''
  const done = () => {
    const label = copy.textContent
    copy.textContent = 'Copied'
    setTimeout(() => {
      copy.textContent = label
    }, 1500)
  }
  if (navigator.clipboard && window.isSecureContext)
    navigator.clipboard.writeText(text ?? '').then(done, () => {
      fallbackCopy(source)
      done()
    })
  else {
    fallbackCopy(source)
    done()
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-api')) return
  event.preventDefault()
  // A select marked data-sets-api picks the URL (the simulator's endpoint).
  const target = form.querySelector<HTMLSelectElement>('[data-sets-api]')
  if (target) form.setAttribute('data-api', target.value)
  let body: Json
  try {
    body = bodyOf(form)
  } catch (error) {
    notice(noticeOf(form), (error as Error).message, false)
    return
  }
  run(form, body, form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])'))
})

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element)) return
  const button = event.target.closest<HTMLButtonElement>('button[data-api]')
  if (button && !button.form) {
    const raw = button.getAttribute('data-body')
    run(button, raw ? JSON.parse(raw) : undefined, button)
    return
  }
  const copy = event.target.closest<HTMLButtonElement>('button[data-copy]')
  if (copy) copyFrom(copy)
})

// The checkout's total follows its quantity field (unit price × quantity, rounded to cents, formatted as the server does).
document.addEventListener('input', (event) => {
  const el = event.target
  const out = el instanceof Element && el.id ? document.querySelector(`[data-total-of="${el.id}"]`) : null
  const quantity = Math.floor(Number((el as Partial<HTMLInputElement> | null)?.value))
  if (!out || !(quantity >= 1)) return
  const amount = Math.round((Number(out.getAttribute('data-unit-price')) * quantity + Number.EPSILON) * 100) / 100
  const currency = out.getAttribute('data-currency') || 'USD'
  try {
    out.textContent = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' })
      .format(amount)
      .replace(/\u00a0/g, ' ')
  } catch {
    out.textContent = `${currency} ${amount.toFixed(2)}`
  }
})

document.addEventListener('change', (event) => {
  const el = event.target
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return
  if (el.hasAttribute('data-autosubmit') && el.form) el.form.submit()
  if (el instanceof HTMLInputElement && el.hasAttribute('data-check-all')) {
    const scope = el.closest('fieldset')
    for (const box of scope?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-type="checks"]') ?? [])
      box.checked = el.checked
  }
})

/** An element holding `children` (strings become text, never HTML). */
function el(tag: string, className: string, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag)
  node.className = className
  node.append(...children)
  return node
}

/** Follows a stream of Server-Sent Events, showing its state in `status`; `show` gets each message. */
function follow(
  url: string,
  status: Element | null,
  show: (message: MessageEvent<string>) => void,
  kinds: string[] = [],
) {
  const source = new EventSource(url)
  source.onmessage = show
  for (const kind of kinds) source.addEventListener(kind, show)
  const state = (text: string, tone: string) => {
    if (status) {
      status.textContent = text
      status.className = `badge ${tone}`
    }
  }
  source.onopen = () => state('connected', 'ok')
  source.onerror = () => state('reconnecting\u2026', 'warn')
}

// The Live events page: each event goes on top of the list, as the page drew the first ones.
function feed(list: HTMLElement): void {
  const kinds: string[] = JSON.parse(list.getAttribute('data-kinds') || '[]')
  follow(
    list.getAttribute('data-feed')!,
    document.getElementById(list.getAttribute('data-status') ?? ''),
    (message) => {
      let parsed: FeedEvent | null = null
      try {
        parsed = JSON.parse(message.data)
      } catch {
        parsed = null
      }
      const kind = parsed?.event || parsed?.kind || message.type
      const meta =
        (message.lastEventId ? `#${message.lastEventId} \u00b7 ` : '') + (parsed?.createdAt || parsed?.timestamp || '')
      const li = el(
        'li',
        '',
        el('div', 'spread', el('strong', '', kind), el('span', 'muted small', meta)),
        el('pre', '', parsed ? JSON.stringify(parsed, null, 2) : message.data),
      )
      li.setAttribute('data-kind', kind)
      list.insertBefore(li, list.firstChild)
      while (list.children.length > FEED_MAX) list.lastChild!.remove()
      const empty = document.getElementById('feed-empty')
      if (empty) empty.hidden = true
    },
    kinds,
  )
}

// The Requests page's live tail: a request the stream announces brings the page's own rows again, as
// the server draws them (one reload at a time; announcements meanwhile make one more).
function tail(status: HTMLElement): void {
  const ids = [status.getAttribute('data-rows')!, 'requests-empty']
  let isLoading = false
  let isStale = false
  const reload = async (): Promise<void> => {
    isStale = true
    if (isLoading) return
    isLoading = true
    while (isStale) {
      isStale = false
      const page = await fetch(location.href, { credentials: 'same-origin' })
        .then((res) => res.text())
        .then((html) => new DOMParser().parseFromString(html, 'text/html'))
        .catch(() => null)
      for (const id of ids) {
        const fresh = page?.getElementById(id)
        if (fresh) document.getElementById(id)?.replaceWith(document.adoptNode(fresh))
      }
    }
    isLoading = false
  }
  follow(status.getAttribute('data-stream')!, status, () => void reload())
}

function init(): void {
  let flash = null
  try {
    flash = sessionStorage.getItem(FLASH)
    sessionStorage.removeItem(FLASH)
  } catch {
    flash = null
  }
  if (flash) notice(document.getElementById('flash'), flash, true)
  for (const list of document.querySelectorAll<HTMLElement>('[data-feed]')) feed(list)
  const status = document.getElementById('tail-status')
  if (status?.hasAttribute('data-stream')) tail(status)
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init)
else init()
