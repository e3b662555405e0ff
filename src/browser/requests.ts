// The Requests page's live tail, served at /_assets/requests.js: new requests of the account from
// the session-authenticated stream (GET /_dashboard/api/emulator/requests, Server-Sent Events) are
// added on top of the table as they are answered. Everything shown is set with textContent.
import type { RequestLogEntry } from '../contract/requests.js'

/** The most rows the table keeps on the page. */
const MAX_ROWS = 500

function when(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
}

function cell(row: HTMLTableRowElement, content: string | Node, className?: string): void {
  const td = document.createElement('td')
  if (className) td.className = className
  if (content instanceof Node) td.appendChild(content)
  else td.textContent = content
  row.appendChild(td)
}

function code(text: string): HTMLElement {
  const el = document.createElement('code')
  el.textContent = text
  return el
}

function badge(status: number): HTMLElement {
  const el = document.createElement('span')
  el.className = `badge ${status < 300 ? 'ok' : status < 400 ? 'warn' : 'bad'}`
  el.textContent = String(status)
  return el
}

function rowOf(entry: RequestLogEntry, detail: string, shop: string): HTMLTableRowElement {
  const row = document.createElement('tr')
  row.setAttribute('data-request', entry.id)
  cell(row, when(entry.at), 'nowrap')
  cell(row, code(entry.method))
  const link = document.createElement('a')
  link.href = `${detail}${encodeURIComponent(entry.id)}?shop=${encodeURIComponent(shop)}`
  link.appendChild(code(entry.path + (entry.query ? `?${entry.query}` : '')))
  cell(row, link)
  cell(row, badge(entry.status))
  cell(row, `${entry.durationMs.toFixed(1)} ms`, 'num')
  cell(row, entry.reason || '', 'small')
  return row
}

function tail(status: HTMLElement): void {
  const body = document.querySelector(`#${status.getAttribute('data-rows')} tbody`)!
  const detail = status.getAttribute('data-detail')!
  const shop = status.getAttribute('data-shop')!
  const source = new EventSource(status.getAttribute('data-stream')!)
  source.onmessage = (message: MessageEvent<string>) => {
    let entry: RequestLogEntry
    try {
      entry = JSON.parse(message.data)
    } catch {
      return
    }
    if (body.querySelector(`[data-request="${entry.id}"]`)) return
    body.insertBefore(rowOf(entry, detail, shop), body.firstChild)
    while (body.children.length > MAX_ROWS) body.removeChild(body.lastChild!)
    const empty = document.getElementById('requests-empty')
    if (empty) empty.hidden = true
  }
  source.onopen = () => {
    status.textContent = 'connected'
    status.className = 'badge ok'
  }
  source.onerror = () => {
    status.textContent = 'reconnecting\u2026'
    status.className = 'badge warn'
  }
}

function init(): void {
  const status = document.getElementById('tail-status')
  if (status?.hasAttribute('data-stream')) tail(status)
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init)
else init()
