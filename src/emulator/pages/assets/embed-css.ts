// Styles of the embeddable checkout, served at /embed.css. Every selector is prefixed `sstore-`
// and the modal resets what a host page's CSS could leak into it. Phone width first.
export const EMBED_CSS = `
.sstore-button { cursor: pointer; }
.sstore-button:not([class*=" "]) { font: 600 15px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: .6em 1.1em; border-radius: 8px; border: 1px solid #2952cc; background: #2952cc; color: #fff; }
.sstore-button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
html.sstore-locked, html.sstore-locked body { overflow: hidden; }
.sstore-backdrop { position: fixed; inset: 0; z-index: 2147483000; background: rgba(15, 23, 42, .55); display: flex; align-items: center; justify-content: center; padding: 12px; }
.sstore-modal, .sstore-modal * { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; letter-spacing: normal; text-transform: none; }
.sstore-modal { position: relative; width: min(440px, 100%); max-height: calc(100vh - 24px); max-height: calc(100dvh - 24px); overflow: auto; background: #fff; color: #1b1f24; border-radius: 12px; padding: 20px; box-shadow: 0 20px 50px rgba(0, 0, 0, .3); font-size: 15px; line-height: 1.45; text-align: left; }
.sstore-modal:focus { outline: none; }
.sstore-modal :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.sstore-title { margin: 0 36px 8px 0; font-size: 20px; line-height: 1.25; font-weight: 700; color: inherit; }
.sstore-close { position: absolute; top: 10px; right: 10px; width: 36px; height: 36px; border: 0; border-radius: 8px; background: #eef0f3; color: #1b1f24; font-size: 22px; line-height: 1; cursor: pointer; padding: 0; }
.sstore-desc { margin: 0 0 8px; color: #5b6470; }
.sstore-price { margin: 0 0 12px; font-weight: 700; }
.sstore-list { margin: 0 0 8px; padding-left: 20px; }
.sstore-field { margin: 0 0 10px; }
.sstore-field label, .sstore-gateways legend { display: block; font-weight: 600; margin: 0 0 4px; font-size: 14px; padding: 0; }
.sstore-field input { display: block; width: 100%; font-size: 16px; padding: 9px 10px; border: 1px solid #b8bfc8; border-radius: 8px; background: #fff; color: #1b1f24; margin: 0; height: auto; }
.sstore-gateways { border: 1px solid #dde1e6; border-radius: 8px; margin: 0 0 10px; padding: 8px 10px; min-width: 0; }
.sstore-radio { display: inline-flex; align-items: center; gap: 6px; margin: 4px 14px 4px 0; font-size: 15px; cursor: pointer; }
.sstore-radio input { margin: 0; width: 18px; height: 18px; }
.sstore-hint { margin: 2px 0 8px; color: #5b6470; font-size: 13px; overflow-wrap: anywhere; }
.sstore-submit { display: inline-block; width: 100%; margin: 6px 0 0; padding: 11px 14px; font-size: 16px; font-weight: 700; border-radius: 8px; border: 1px solid #2952cc; background: #2952cc; color: #fff; cursor: pointer; text-align: center; text-decoration: none; }
.sstore-submit:disabled { opacity: .65; cursor: progress; }
.sstore-secondary { display: inline-block; width: 100%; margin: 8px 0 0; padding: 10px 14px; font-size: 15px; font-weight: 600; border-radius: 8px; border: 1px solid #b8bfc8; background: #fff; color: #1b1f24; cursor: pointer; }
.sstore-error { color: #b42318; font-size: 14px; margin-top: 8px; }
.sstore-error:empty { display: none; }
.sstore-ok { background: #e5f6ea; color: #17803d; border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
.sstore-summary { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 8px; }
.sstore-summary dt { color: #5b6470; }
.sstore-summary dd { margin: 0; overflow-wrap: anywhere; }
.sstore-actions { display: flex; flex-direction: column; }
@media (min-width: 480px) { .sstore-modal { padding: 24px; } }
`
