// The embeddable checkout, served at /embed.js (spec, "Embed"): a modal that checks out through the
// storefront's JSON API, no redirect. Runs on foreign pages: everything it adds is prefixed `sstore-`,
// every value from the API is set with textContent, and it keeps no globals.
import type { ErrorBody } from '../contract/errors.js'
import type { Group } from '../contract/groups.js'
import type { CheckoutInput, CheckoutResponse, StorefrontProduct } from '../contract/storefront.js'
import { money } from '../emulator/pages/format.js'

type Attrs = Record<string, string | boolean | undefined>

const GATEWAYS = [
  ['processor', 'Card'],
  ['wallet', 'Wallet'],
  ['crypto', 'Crypto'],
]
const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
const SEED_FIELD = 'customFields.__mysteryClientSeed'
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"])'

/** An element with attributes (`class` its class name; true an empty attribute) and children, strings as text. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: (Node | string | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs))
    if (value !== undefined && value !== false) node.setAttribute(key, value === true ? '' : value)
  for (const child of children) if (child !== null) node.append(child)
  return node
}

/** The form's label of an API field (each input is named after its field), so a refusal names what the buyer sees. */
function labelOf(form: HTMLFormElement | undefined, field: string): string | undefined {
  const input = form?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field)}"]:not([type="radio"])`)
  return input?.labels?.[0]?.textContent?.replace(/ \(optional\)$/, '')
}

/** A refusal in the buyer's words: each field error under the form's own label, never an API path. */
function buyerMessage(json: Partial<ErrorBody>, status: number, form?: HTMLFormElement): string {
  const errors = json.errors ?? []
  if (errors.length)
    return errors
      .map((e) => {
        const label = labelOf(form, e.field)
        return label ? `${label}: ${e.message}.` : `Your order could not be placed: ${e.message}.`
      })
      .join(' ')
  if (status === 429 || status >= 500)
    return 'The shop could not take your order just now. Please try again in a moment.'
  if (status === 404) return 'This item is not on sale right now.'
  return json.error
    ? `${json.error.charAt(0).toUpperCase()}${json.error.slice(1)}.`
    : `Your order could not be placed (error ${status}). Please try again.`
}

/** The answer's JSON, or an Error in the buyer's words for a refusal or a shop out of reach. */
async function call<T>(url: string, body?: CheckoutInput, form?: HTMLFormElement): Promise<T> {
  const res = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
    body: body && JSON.stringify(body),
    credentials: 'omit',
  }).catch(() => {
    throw new Error('The shop could not be reached. Check your connection and try again.')
  })
  const json = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(buyerMessage(json, res.status, form))
  return json
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
  const origin = script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin
  let counter = 0
  let close = () => {}

  if (!document.querySelector('link[data-sstore-css]'))
    document.head.append(el('link', { rel: 'stylesheet', href: `${origin}/embed.css`, 'data-sstore-css': true }))

  // data-service-store: a shop slug ("demo"), a storefront URL (".../storefront/demo"), or a
  // store subdomain ("demo.shop.example", first label = slug) served by this script's emulator.
  function storefrontOf(attribute: string | null): string | null {
    const value = (attribute ?? '').trim()
    if (SLUG.test(value)) return `${origin}/storefront/${value}`
    const hasScheme = value.includes('://')
    const url = URL.parse(hasScheme ? value : `https://${value}`)
    const match = url && /\/storefront\/([a-z0-9-]+)/.exec(url.pathname)
    if (url && match) return `${hasScheme ? url.origin : origin}/storefront/${match[1]}`
    const label = url?.hostname.split('.')[0] ?? ''
    return SLUG.test(label) && !/^\d+$/.test(label) && label !== 'localhost' ? `${origin}/storefront/${label}` : null
  }

  function openModal(trigger: HTMLElement): void {
    close()
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
    // Escape closes; Tab and Shift+Tab go round the modal's own controls.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        return close()
      }
      if (event.key !== 'Tab') return
      const items = [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetWidth > 0)
      const inside = modal.contains(document.activeElement)
      if (inside && document.activeElement !== (event.shiftKey ? items[0] : items.at(-1))) return
      event.preventDefault()
      ;((inside && event.shiftKey ? items.at(-1) : items[0]) ?? modal).focus()
    }
    close = () => {
      close = () => {}
      document.removeEventListener('keydown', onKey, true)
      backdrop.remove()
      document.documentElement.classList.remove('sstore-locked')
      if (document.contains(trigger)) trigger.focus()
    }
    closeButton.addEventListener('click', () => close())
    backdrop.addEventListener('mousedown', (event) => {
      if (event.target === backdrop) close()
    })
    document.addEventListener('keydown', onKey, true)
    document.body.append(backdrop)
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
    const what = productId ? `products/${encodeURIComponent(productId)}` : `groups/${encodeURIComponent(groupId!)}`
    call<StorefrontProduct | Group>(`${base}/${what}`)
      .then((item) => {
        if (document.contains(backdrop)) renderForm(item)
      })
      .catch((error: Error) => unavailable(error.message))

    function renderForm(item: StorefrontProduct | Group): void {
      const group = groupId ? (item as Group) : null
      const product = group ? null : (item as StorefrontProduct)
      title.textContent = item.name
      if (item.description) body.append(el('p', { class: 'sstore-desc' }, [item.description]))
      if (group) {
        // A bundle's products carry no currency of their own.
        const names = group.products.map((p) => el('li', {}, [`${p.name} \u2014 ${money(p.price)}`]))
        body.append(el('ul', {}, names))
        if (group.discountPercent)
          body.append(el('p', { class: 'sstore-price' }, [`Bundle discount ${group.discountPercent}%`]))
      } else if (product) {
        const left = product.stock === null ? '' : ` \u00b7 ${product.stock} left`
        body.append(el('p', { class: 'sstore-price' }, [money(product.price, product.currency) + left]))
      }
      const max = product?.stock == null ? undefined : String(Math.max(1, product.stock))
      const quantity = el('input', { type: 'number', name: 'items.0.quantity', min: '1', max, value: '1' })
      const gateways = el('fieldset', { class: 'sstore-gateways' }, [
        el('legend', {}, ['Pay with']),
        ...GATEWAYS.map(([value, label], i) =>
          el('label', { class: 'sstore-radio' }, [
            el('input', { type: 'radio', name: `${id}-gateway`, value, checked: i === 0 }),
            ` ${label}`,
          ]),
        ),
      ])
      const email = el('input', { type: 'email', name: 'email', autocomplete: 'email', required: true })
      const name = el('input', { type: 'text', name: 'name', autocomplete: 'name' })
      const coupon = el('input', { type: 'text', name: 'couponCode', autocomplete: 'off' })
      const seed =
        product?.type === 'MysteryBox' ? el('input', { type: 'text', name: SEED_FIELD, maxlength: '64' }) : null
      const mystery = product?.mystery
      const submit = el('button', { type: 'submit', class: 'sstore-submit' }, ['Place order'])
      const form = el('form', { class: 'sstore-form' }, [
        group
          ? el('p', { class: 'sstore-hint' }, ['One bundle: every product once.'])
          : field(`${id}-qty`, 'Quantity', quantity),
        gateways,
        field(`${id}-email`, 'E-mail', email),
        field(`${id}-name`, 'Name (optional)', name),
        field(`${id}-coupon`, 'Coupon (optional)', coupon),
        seed ? field(`${id}-seed`, 'Client seed (optional)', seed, 'Your own seed for the provably fair roll.') : null,
        seed && mystery
          ? el('p', { class: 'sstore-hint' }, [`Commitment ${mystery.commitment} \u00b7 pool v${mystery.poolVersion}`])
          : null,
        submit,
      ])
      body.append(form)
      ;(group ? email : quantity).focus()

      // The browser checks the fields first (e-mail, quantity within stock); the API words any other refusal.
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        status.textContent = ''
        const qty = Number(quantity.value)
        const checked = gateways.querySelector<HTMLInputElement>('input:checked')
        const payload: CheckoutInput = {
          email: email.value.trim(),
          gateway: checked?.value ?? GATEWAYS[0][0],
          ...(group ? { groupId: group.id } : { items: [{ productId: productId ?? '', quantity: qty }] }),
          ...(name.value.trim() ? { name: name.value.trim() } : {}),
          ...(coupon.value.trim() ? { couponCode: coupon.value.trim() } : {}),
          ...(seed?.value ? { customFields: { __mysteryClientSeed: seed.value } } : {}),
        }
        submit.disabled = true
        submit.textContent = 'Placing order\u2026'
        call<CheckoutResponse>(`${base}/checkout`, payload, form)
          .then(renderDone)
          .catch((error: Error) => {
            status.textContent = error.message
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
      const link = el('a', { href: invoice, target: '_blank', rel: 'noopener', class: 'sstore-submit' }, [
        'Open your invoice',
      ])
      const done = el('button', { type: 'button', class: 'sstore-secondary' }, ['Close'])
      done.addEventListener('click', () => close())
      body.replaceChildren(
        el('p', { class: 'sstore-ok', role: 'status' }, [
          'Thank you! Your order is placed and awaits payment; the invoice shows your delivery once it is paid.',
        ]),
        el(
          'dl',
          { class: 'sstore-summary' },
          summary.flatMap(([term, value]) => [el('dt', {}, [term]), el('dd', {}, [value])]),
        ),
        link,
        done,
      )
      body.setAttribute('data-order', order.orderNumber)
      body.setAttribute('data-invoice', invoice)
      link.focus()
      trigger.dispatchEvent(
        new CustomEvent('service-store:order', { bubbles: true, detail: { order, invoiceUrl: invoice } }),
      )
    }
  }

  /** Makes every trigger on the page a button (once), opened by a click, Enter or Space. */
  function scan(): void {
    for (const node of document.querySelectorAll<HTMLElement>(
      '[data-service-store][data-service-product], [data-service-store][data-service-group]',
    )) {
      if (node.classList.contains('sstore-button')) continue
      node.classList.add('sstore-button')
      const native = node.tagName === 'BUTTON' || (node.tagName === 'A' && node.hasAttribute('href'))
      if (!native) node.setAttribute('role', 'button')
      if (!native && !node.hasAttribute('tabindex')) node.setAttribute('tabindex', '0')
      if (node.tagName === 'BUTTON' && !node.hasAttribute('type')) node.setAttribute('type', 'button')
      node.setAttribute('aria-haspopup', 'dialog')
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
  }

  const start = () => {
    scan()
    new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}

install()
