// The script of the dashboard and storefront pages: forms and buttons marked `data-api` send JSON to
// the routes the API's users call (the dashboard's through its session-authenticated mirror).
// Everything shown is set with textContent, never as HTML, or comes from the page's own server.
import type { ErrorBody } from '../contract/errors.js'
import { cents } from '../emulator/money.js'
import { money } from '../emulator/pages/format.js'

type Json = Record<string, unknown>
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

const FLASH = 'store-flash'

function notice(el: Element | null, text: string, ok: boolean): void {
  if (!el) return
  el.textContent = text
  el.className = `notice ${ok ? 'ok' : 'bad'}`
}

/** Sets `a.b.0.c` in `target`; a numeric key makes an array: items.0.productId -> { items: [{ productId }] }. */
function setPath(target: Json, path: string, value: unknown): void {
  const keys = path.split('.')
  const last = keys.pop()!
  let at = target
  keys.forEach((key, i) => {
    at[key] ??= /^\d+$/.test(keys[i + 1] ?? last) ? [] : {}
    at = at[key] as Json
  })
  at[last] = value
}

/** One field's value as JSON, by its data-type; undefined leaves the field out of the body. */
function fieldValue(el: Field): unknown {
  const type = el.getAttribute('data-type')
  if (type === 'checks') {
    const checked = el.form!.querySelectorAll<HTMLInputElement>(`input[name="${el.name}"]:checked`)
    return [...checked].map((box) => box.value)
  }
  if (el.value === '') return el.hasAttribute('data-null-empty') ? null : undefined
  if (type === 'number') return Number(el.value)
  if (type === 'lines')
    return el.value
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
  if (type === 'json') {
    try {
      return JSON.parse(el.value)
    } catch (error) {
      throw new Error(`${el.name}: is not valid JSON (${(error as Error).message})`)
    }
  }
  return el.value
}

function bodyOf(form: HTMLFormElement): Json {
  const body: Json = {}
  for (const el of form.querySelectorAll<Field>('input[name], select[name], textarea[name]')) {
    if (el.disabled || el.hasAttribute('data-skip')) continue
    if (el.type === 'radio' && !(el as HTMLInputElement).checked) continue
    const value = fieldValue(el)
    if (value !== undefined) setPath(body, el.name, value)
  }
  return body
}

async function send(el: Element, body: unknown): Promise<Json | null> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const url = el.getAttribute('data-api')!
  if (url.startsWith('/_dashboard/')) {
    headers['x-dashboard-request'] = '1'
    headers['x-service-shop'] = document.body.getAttribute('data-shop') ?? ''
  }
  const res = await fetch(url, {
    method: el.getAttribute('data-method') ?? 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json: Partial<ErrorBody> & Json = await res.json().catch(() => null)
  if (res.ok) return json
  const more = (json?.errors ?? []).slice(1).map((e) => `${e.field}: ${e.message}`)
  const words = typeof json?.error === 'string' ? json.error : `request failed with status ${res.status}`
  throw new Error(more.length ? `${words} (also ${more.join('; ')})` : words)
}

/** What an action does with its answer, by `data-then`: go to a URL it holds, show a field, replace the form, or reload. */
function after(el: Element, json: Json | null, noticeEl: Element | null): void {
  const then = el.getAttribute('data-then')
  const success = el.getAttribute('data-success') ?? 'Done.'
  if (then === 'go') return location.assign(String(json?.[el.getAttribute('data-go-field')!]))
  if (then === 'show') {
    const target = document.querySelector<HTMLElement>(el.getAttribute('data-show')!)!
    target.hidden = false
    target.querySelector('[data-output]')!.textContent = String(json?.[el.getAttribute('data-show-field')!])
    return notice(noticeEl, success, true)
  }
  if (then === 'replace') {
    const done = document.createElement('p')
    done.setAttribute('role', 'status')
    notice(done, success, true)
    return el.replaceWith(done)
  }
  sessionStorage.setItem(FLASH, success)
  location.reload()
}

/** Sends an action and shows its outcome in its form's own notice, or the page's. */
function run(el: Element, body: () => unknown, button: HTMLButtonElement | null): void {
  const noticeEl = el.querySelector(':scope > .notice') ?? document.getElementById('flash')
  const question = el.getAttribute('data-confirm')
  if (question && !window.confirm(question)) return
  if (button) button.disabled = true
  notice(noticeEl, 'Working\u2026', true)
  Promise.resolve()
    .then(() => send(el, body()))
    .then((json) => after(el, json, noticeEl))
    .catch((error: Error) => notice(noticeEl, error.message, false))
    .finally(() => {
      if (button) button.disabled = false
    })
}

document.addEventListener('submit', (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-api')) return
  event.preventDefault()
  // A select marked data-sets-api picks the URL (the simulator's endpoint).
  const target = form.querySelector<HTMLSelectElement>('[data-sets-api]')
  if (target) form.setAttribute('data-api', target.value)
  run(form, () => bodyOf(form), form.querySelector('button[type="submit"]'))
})

document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-api], button[data-copy]')
  if (button?.hasAttribute('data-api')) {
    const raw = button.getAttribute('data-body')
    return run(button, () => (raw ? JSON.parse(raw) : undefined), button)
  }
  if (!button) return
  const source = document.querySelector(button.getAttribute('data-copy')!)
  const text = source instanceof HTMLTextAreaElement ? source.value : (source?.textContent ?? '')
  const label = button.textContent
  // Without a secure context there is no clipboard: the codes are selected for the user to copy.
  if (!navigator.clipboard) return (source as HTMLTextAreaElement | null)?.select?.()
  navigator.clipboard.writeText(text).then(() => {
    button.textContent = 'Copied'
    setTimeout(() => {
      button.textContent = label
    }, 1500)
  })
})

// The checkout's total follows its quantity field, rounded and formatted as the server does.
document.addEventListener('input', (event) => {
  const el = event.target as HTMLInputElement
  const out = el.id ? document.querySelector(`[data-total-of="${el.id}"]`) : null
  const quantity = Math.floor(Number(el.value))
  if (!out || !(quantity >= 1)) return
  const unitPrice = Number(out.getAttribute('data-unit-price'))
  out.textContent = money(cents(unitPrice * quantity), out.getAttribute('data-currency')!)
})

document.addEventListener('change', (event) => {
  const el = event.target as HTMLInputElement
  if (el.hasAttribute('data-autosubmit')) el.form?.submit()
  if (el.hasAttribute('data-check-all'))
    for (const box of el.closest('fieldset')!.querySelectorAll<HTMLInputElement>('input[data-type="checks"]'))
      box.checked = el.checked
})

// The live pages (Live events, Requests): each message of the stream brings the page's own rows
// again, as the server draws them (one reload at a time; messages meanwhile make one more).
function live(status: HTMLElement): void {
  const ids = status.getAttribute('data-rows')!.split(' ')
  let isLoading = false
  let isStale = false
  const reload = async (): Promise<void> => {
    isStale = true
    if (isLoading) return
    isLoading = true
    while (isStale) {
      isStale = false
      const html = await fetch(location.href)
        .then((res) => res.text())
        .catch(() => '')
      const page = new DOMParser().parseFromString(html, 'text/html')
      for (const id of ids) {
        const fresh = page.getElementById(id)
        if (fresh) document.getElementById(id)?.replaceWith(document.adoptNode(fresh))
      }
    }
    isLoading = false
  }
  const source = new EventSource(status.getAttribute('data-stream')!)
  source.onmessage = () => void reload()
  for (const kind of JSON.parse(status.getAttribute('data-kinds') ?? '[]') as string[])
    source.addEventListener(kind, () => void reload())
  const state = (text: string, tone: string) => {
    status.textContent = text
    status.className = `badge ${tone}`
  }
  source.onopen = () => state('connected', 'ok')
  source.onerror = () => state('reconnecting\u2026', 'warn')
}

function init(): void {
  const flash = sessionStorage.getItem(FLASH)
  sessionStorage.removeItem(FLASH)
  if (flash) notice(document.getElementById('flash'), flash, true)
  for (const status of document.querySelectorAll<HTMLElement>('[data-stream]')) live(status)
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init)
else init()
