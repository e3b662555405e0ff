// The embeddable checkout, served at /embed.js (spec, "Embed"; DESIGN.md, "Storefront").
// Any element with data-service-store and data-service-product or data-service-group becomes a
// button opening a modal (product or bundle, quantity, gateway, e-mail) that checks out through the
// storefront's JSON API with fetch — no redirect — and shows the order and its invoice link.
// Runs on foreign pages: everything it adds is prefixed `sstore-`, every value from the API is set
// with textContent, and it keeps no globals but one guard.
import type { ErrorBody } from '../contract/errors.js'
import type { Group } from '../contract/groups.js'
import type { CheckoutInput, CheckoutResponse, StorefrontProduct } from '../contract/storefront.js'

/** The one global: a second copy of the script on a page rescans through the first. */
interface EmbedGuard {
  scan(root: Node): void
  close(): void
}
declare global {
  interface Window {
    __serviceStoreEmbed?: EmbedGuard
  }
}

type Attrs = Record<string, string | boolean | null | undefined>

const GATEWAYS = [
  ['processor', 'Card'],
  ['wallet', 'Wallet'],
  ['crypto', 'Crypto'],
]
const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
/** The spec's largest quantity (MAX_QUANTITY), written out: importing it would bundle zod. */
const MAX_QUANTITY = 10000
// What the checkout's API fields are called on the form, so a refusal names what the buyer sees.
const LABELS: Record<string, string> = {
  email: 'E-mail',
  name: 'Name',
  couponCode: 'Coupon',
  gateway: 'Payment method',
  groupId: 'Bundle',
  'customFields.__mysteryClientSeed': 'Client seed',
}

/** An element with attributes (`class` its class name; true an empty attribute) and children, strings as text. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (Node | string | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = String(value)
    else if (value !== undefined && value !== null && value !== false)
      node.setAttribute(key, value === true ? '' : value)
  }
  for (const child of children) if (child !== null) node.append(child)
  return node
}

function money(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount)
  } catch {
    return `${currency} ${Number(amount).toFixed(2)}`
  }
}

function fieldLabel(field: string): string | null {
  if (LABELS[field]) return LABELS[field]
  if (/^items\.\d+\.quantity$/.test(field)) return 'Quantity'
  if (/^items(\.\d+(\.productId)?)?$/.test(field)) return 'Product'
  return null
}

/** A refusal in the buyer's words: each field error under the form's own label, never an API path. */
function buyerMessage(json: Partial<ErrorBody>, status: number): string {
  const errors = json.errors ?? []
  if (errors.length) {
    return errors
      .map((e) => {
        const label = fieldLabel(e.field)
        return label ? `${label}: ${e.message}.` : `Your order could not be placed: ${e.message}.`
      })
      .join(' ')
  }
  if (status === 429 || status >= 500)
    return 'The shop could not take your order just now. Please try again in a moment.'
  return json.error
    ? `${json.error.charAt(0).toUpperCase()}${json.error.slice(1)}.`
    : `Your order could not be placed (error ${status}). Please try again.`
}

/** The answer's JSON ({} when it is not JSON), or an Error in the buyer's words for a refusal. */
async function answerOf<T>(res: Response, refusal: (body: Partial<ErrorBody>) => string): Promise<T> {
  const body = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(refusal(body))
  return body
}

function getJson<T>(url: string): Promise<T> {
  return fetch(url, { headers: { accept: 'application/json' }, credentials: 'omit' }).then((res) =>
    answerOf<T>(res, (body) =>
      res.status === 404 ? 'This item is not on sale right now.' : buyerMessage(body, res.status),
    ),
  )
}

function focusables(root: Element): HTMLElement[] {
  const candidates = root.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
  )
  return [...candidates].filter(
    (node) => node.offsetWidth > 0 || node.offsetHeight > 0 || node === document.activeElement,
  )
}

function field(id: string, label: string, input: HTMLInputElement, hint?: string): HTMLElement {
  input.id = id
  return el('div', { class: 'sstore-field' }, [
    el('label', { for: id }, [label]),
    input,
    hint ? el('p', { class: 'sstore-hint' }, [hint]) : null,
  ])
}

function install(): void {
  const script = document.currentScript
  const origin =
    script instanceof HTMLScriptElement && script.src ? new URL(script.src, location.href).origin : location.origin
  const enhanced = new WeakSet<Element>()
  let counter = 0
  let open: { backdrop: HTMLElement; trigger: HTMLElement; onKey: (event: KeyboardEvent) => void } | null = null

  if (!document.querySelector('link[data-sstore-css]')) {
    const link = el('link', { rel: 'stylesheet', href: `${origin}/embed.css`, 'data-sstore-css': true })
    ;(document.head || document.documentElement).appendChild(link)
  }

  // data-service-store: a shop slug ("demo"), a storefront URL (".../storefront/demo"), or a
  // store subdomain ("demo.shop.example", first label = slug) served by this script's emulator.
  function storefrontOf(attribute: string | null): string | null {
    const value = String(attribute || '').trim()
    if (SLUG.test(value)) return `${origin}/storefront/${value}`
    try {
      const hasScheme = value.indexOf('://') >= 0
      const url = new URL(hasScheme ? value : `https://${value}`)
      const match = /\/storefront\/([a-z0-9-]+)/.exec(url.pathname)
      if (match) return `${hasScheme ? url.origin : origin}/storefront/${match[1]}`
      const label = url.hostname.split('.')[0]
      if (SLUG.test(label) && !/^\d+$/.test(label) && url.hostname !== 'localhost')
        return `${origin}/storefront/${label}`
    } catch {
      // not a URL either: no storefront
    }
    return null
  }

  function close(): void {
    if (!open) return
    const state = open
    open = null
    document.removeEventListener('keydown', state.onKey, true)
    state.backdrop.remove()
    document.documentElement.classList.remove('sstore-locked')
    if (state.trigger && document.contains(state.trigger)) state.trigger.focus()
  }

  function openModal(trigger: HTMLElement): void {
    if (open) close()
    const base = storefrontOf(trigger.getAttribute('data-service-store'))
    const productId = trigger.getAttribute('data-service-product')
    const groupId = trigger.getAttribute('data-service-group')
    const id = `sstore-${++counter}`
    const title = el('h2', { id: `${id}-title`, class: 'sstore-title' }, ['Loading\u2026'])
    const closeButton = el('button', { type: 'button', class: 'sstore-close', 'aria-label': 'Close' }, ['\u00d7'])
    const body = el('div', { class: 'sstore-body' })
    const status = el('div', { class: 'sstore-error', role: 'alert' })
    const modal = el(
      'div',
      { class: 'sstore-modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': `${id}-title`, tabindex: '-1' },
      [closeButton, title, body, status],
    )
    const backdrop = el('div', { class: 'sstore-backdrop' }, [modal])
    const onKey = (event: KeyboardEvent) => {
      if (!open) return
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(modal)
      if (!items.length) {
        event.preventDefault()
        modal.focus()
        return
      }
      const first = items[0]
      const last = items[items.length - 1]
      if (!modal.contains(document.activeElement)) {
        event.preventDefault()
        first.focus()
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    open = { backdrop, trigger, onKey }
    closeButton.addEventListener('click', close)
    backdrop.addEventListener('mousedown', (event) => {
      if (event.target === backdrop) close()
    })
    document.addEventListener('keydown', onKey, true)
    document.body.appendChild(backdrop)
    document.documentElement.classList.add('sstore-locked')
    modal.focus()

    const unavailable = (why: string) => {
      title.textContent = 'Checkout unavailable'
      status.textContent = why
    }
    if (!base || (!productId && !groupId))
      return unavailable(
        'This button needs data-service-store (a shop) and data-service-product or data-service-group.',
      )
    const what = productId
      ? `${base}/products/${encodeURIComponent(productId)}`
      : `${base}/groups/${encodeURIComponent(groupId ?? '')}`
    getJson<StorefrontProduct | Group>(what)
      .then((item) => {
        if (open?.backdrop === backdrop) renderForm(item)
      })
      .catch((error: Error) => unavailable(error.message))

    function renderForm(item: StorefrontProduct | Group): void {
      const group = groupId ? (item as Group) : null
      const product = group ? null : (item as StorefrontProduct)
      title.textContent = item.name
      if (item.description) body.appendChild(el('p', { class: 'sstore-desc' }, [item.description]))
      if (group) {
        // A bundle's products carry no currency of their own.
        const names = (group.products ?? []).map((p) => el('li', {}, [`${p.name} \u2014 ${money(p.price)}`]))
        body.appendChild(el('ul', { class: 'sstore-list' }, names))
        if (group.discountPercent)
          body.appendChild(el('p', { class: 'sstore-price' }, [`Bundle discount ${group.discountPercent}%`]))
      } else if (product) {
        const left = product.stock === null ? '' : ` \u00b7 ${product.stock} left`
        body.appendChild(el('p', { class: 'sstore-price' }, [money(product.price, product.currency) + left]))
      }
      const stock = product?.stock
      const quantity = el('input', {
        type: 'number',
        min: '1',
        max: String(stock === null || stock === undefined ? MAX_QUANTITY : Math.max(1, stock)),
        value: '1',
        inputmode: 'numeric',
        required: true,
      })
      const gateways = el('fieldset', { class: 'sstore-gateways' }, [
        el('legend', {}, ['Pay with']),
        ...GATEWAYS.map(([value, label], i) =>
          el('label', { class: 'sstore-radio', for: `${id}-gw-${value}` }, [
            el('input', { type: 'radio', name: `${id}-gateway`, value, id: `${id}-gw-${value}`, checked: i === 0 }),
            ` ${label}`,
          ]),
        ),
      ])
      const email = el('input', { type: 'email', required: true, autocomplete: 'email' })
      const name = el('input', { type: 'text', autocomplete: 'name' })
      const coupon = el('input', { type: 'text', autocomplete: 'off' })
      const seed =
        product?.type === 'MysteryBox' ? el('input', { type: 'text', maxlength: '64', autocomplete: 'off' }) : null
      const mystery = product?.mystery
      const submit = el('button', { type: 'submit', class: 'sstore-submit' }, ['Place order'])
      const form = el('form', { class: 'sstore-form', novalidate: true }, [
        group
          ? el('p', { class: 'sstore-hint' }, ['One bundle: every product once.'])
          : field(`${id}-qty`, 'Quantity', quantity),
        gateways,
        field(`${id}-email`, 'E-mail', email),
        field(`${id}-name`, 'Name (optional)', name),
        field(`${id}-coupon`, 'Coupon (optional)', coupon),
        seed
          ? field(
              `${id}-seed`,
              'Client seed (optional)',
              seed,
              'Your own seed for the provably fair roll; a random one is used otherwise.',
            )
          : null,
        seed && mystery
          ? el('p', { class: 'sstore-hint sstore-commit' }, [
              `Commitment ${mystery.commitment} \u00b7 pool v${mystery.poolVersion}`,
            ])
          : null,
        submit,
      ])
      body.appendChild(form)
      ;(group ? email : quantity).focus()

      form.addEventListener('submit', (event) => {
        event.preventDefault()
        status.textContent = ''
        if (!email.value || !email.validity.valid) {
          status.textContent = 'Enter your e-mail address.'
          email.focus()
          return
        }
        const qty = Number(quantity.value)
        if (!group && (!Number.isInteger(qty) || qty < 1)) {
          status.textContent = 'Quantity must be a whole number of at least 1.'
          quantity.focus()
          return
        }
        const checked = gateways.querySelector<HTMLInputElement>('input:checked')
        const payload: CheckoutInput = { email: email.value.trim(), gateway: checked ? checked.value : GATEWAYS[0][0] }
        if (group) payload.groupId = groupId ?? undefined
        else payload.items = [{ productId: productId ?? '', quantity: qty }]
        if (name.value.trim()) payload.name = name.value.trim()
        if (coupon.value.trim()) payload.couponCode = coupon.value.trim()
        if (seed?.value) payload.customFields = { __mysteryClientSeed: seed.value }
        submit.disabled = true
        submit.textContent = 'Placing order\u2026'
        fetch(`${base}/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(payload),
          credentials: 'omit',
        })
          .then((res) => answerOf<CheckoutResponse>(res, (json) => buyerMessage(json, res.status)))
          .then(renderDone)
          .catch((error: Error) => {
            status.textContent =
              error instanceof TypeError
                ? 'The shop could not be reached. Check your connection and try again.'
                : error.message
            submit.disabled = false
            submit.textContent = 'Place order'
          })
      })
    }

    function renderDone({ order, invoiceUrl }: CheckoutResponse): void {
      const invoice = new URL(invoiceUrl, base!).href
      title.textContent = `Order ${order.orderNumber} placed`
      const summary = [
        ['Order', order.orderNumber],
        ['Total', money(order.total, order.currency)],
        ['Status', `${order.status} \u00b7 ${order.paymentStatus}`],
        ['E-mail', order.customerEmail],
      ]
      const link = el('a', { href: invoice, target: '_blank', rel: 'noopener', class: 'sstore-submit sstore-link' }, [
        'Open your invoice',
      ])
      const done = el('button', { type: 'button', class: 'sstore-secondary' }, ['Close'])
      done.addEventListener('click', close)
      body.textContent = ''
      body.append(
        el('p', { class: 'sstore-ok', role: 'status' }, [
          'Thank you! Your order is placed and awaits payment; the invoice shows your delivery once it is paid.',
        ]),
        el(
          'dl',
          { class: 'sstore-summary' },
          summary.flatMap(([term, value]) => [el('dt', {}, [term]), el('dd', {}, [value])]),
        ),
        el('div', { class: 'sstore-actions' }, [link, done]),
      )
      body.setAttribute('data-order', order.orderNumber)
      body.setAttribute('data-invoice', invoice)
      link.focus()
      try {
        const detail = { order, invoiceUrl: invoice }
        trigger.dispatchEvent(new CustomEvent('service-store:order', { bubbles: true, detail }))
      } catch {
        // old browsers have no CustomEvent constructor
      }
    }
  }

  function enhance(node: HTMLElement): void {
    if (enhanced.has(node)) return
    enhanced.add(node)
    const native = node.tagName === 'BUTTON' || (node.tagName === 'A' && node.hasAttribute('href'))
    if (!native) {
      node.setAttribute('role', 'button')
      if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '0')
    }
    if (node.tagName === 'BUTTON' && !node.hasAttribute('type')) node.setAttribute('type', 'button')
    node.setAttribute('aria-haspopup', 'dialog')
    node.classList.add('sstore-button')
    if (!node.textContent?.trim())
      node.textContent = node.hasAttribute('data-service-group') ? 'Buy the bundle' : 'Buy now'
    node.addEventListener('click', (event) => {
      event.preventDefault()
      openModal(node)
    })
    if (!native)
      node.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          openModal(node)
        }
      })
  }

  function scan(root: Node): void {
    const scope: ParentNode = 'querySelectorAll' in root ? (root as ParentNode) : document
    for (const node of scope.querySelectorAll<HTMLElement>('[data-service-store]')) {
      if (node.hasAttribute('data-service-product') || node.hasAttribute('data-service-group')) enhance(node)
    }
  }

  function start(): void {
    scan(document)
    if (!window.MutationObserver) return
    new MutationObserver((records) => {
      for (const record of records) {
        for (const added of record.addedNodes) {
          if (added.nodeType !== Node.ELEMENT_NODE) continue
          if ((added as Element).hasAttribute('data-service-store')) scan(added.parentNode || document)
          else scan(added)
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true })
  }
  window.__serviceStoreEmbed = { scan, close }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}

if (window.__serviceStoreEmbed) window.__serviceStoreEmbed.scan(document)
else install()
