// The one stylesheet of the dashboard, storefront and invoice pages, served at /_assets/pages.css.
// Kept as a string so `npm run build` (tsc only) ships it without a copy step.
export const PAGES_CSS = `
:root {
  --bg: #f6f7f9; --panel: #fff; --text: #1b1f24; --muted: #5b6470; --line: #dde1e6;
  --accent: #2952cc; --accent-text: #fff; --ok: #17803d; --ok-bg: #e5f6ea; --bad: #b42318; --bad-bg: #fdecea;
  --warn: #8a5a00; --warn-bg: #fff4d6; --focus: #f59e0b; --radius: 8px;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 3px; }
h1 { font-size: 1.6rem; margin: 0 0 .75rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
p { margin: .4rem 0 .8rem; }
code, pre, .mono { font-family: var(--mono); font-size: .85rem; }
code { background: #eef0f3; padding: .05rem .3rem; border-radius: 4px; word-break: break-all; }
pre { background: #0f172a; color: #e2e8f0; padding: .75rem; border-radius: var(--radius); overflow: auto; max-height: 28rem; white-space: pre; }
pre code { background: none; padding: 0; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: .5rem; top: .5rem; z-index: 10; background: var(--panel); padding: .5rem; }

.topbar { background: #111827; color: #f9fafb; }
.topbar .inner { max-width: 1200px; margin: 0 auto; padding: .6rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
.topbar .brand { font-weight: 700; color: #fff; text-decoration: none; margin-right: auto; }
.topbar nav { display: flex; flex-wrap: wrap; gap: .25rem; }
.topbar nav a { color: #d1d5db; text-decoration: none; padding: .3rem .55rem; border-radius: 6px; }
.topbar nav a[aria-current="page"], .topbar nav a:hover { background: #374151; color: #fff; }
.topbar form { margin: 0; }
.topbar select, .topbar button { font: inherit; }
main { max-width: 1200px; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
.narrow { max-width: 760px; }

.panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem; margin: 0 0 1rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem; display: flex; flex-direction: column; gap: .4rem; }
.panel > :first-child, .panel > .spread:first-child > :first-child { margin-top: 0; }
.card > h2 { font-size: 1.1rem; margin: 0; }
.card p { margin: 0; }
.card .button { margin-top: auto; text-align: center; }
.delivery-message { white-space: pre-wrap; overflow-wrap: anywhere; }
h4 { margin: 0; font-size: 1rem; }
.topbar .tools { display: flex; gap: .5rem; align-items: center; }
.topbar .tools + nav { flex-basis: 100%; margin: 0 -.55rem; }
.card img { width: 100%; aspect-ratio: 16/9; object-fit: cover; border-radius: 6px; background: #eef0f3; }
.card .price { font-weight: 700; }
.muted { color: var(--muted); }
.small { font-size: .85rem; }
.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.spread { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.stack > * + * { margin-top: .75rem; }
.mt { margin-top: .75rem; }
.w-16 { max-width: 16rem; }
.nowrap { white-space: nowrap; }
.row.nowrap { flex-wrap: nowrap; }

.table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); border-radius: var(--radius); background: var(--panel); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td code { word-break: normal; white-space: nowrap; }
td.url { min-width: 12rem; }
td.url code { white-space: normal; overflow-wrap: anywhere; }
th { background: #f0f2f5; font-weight: 600; white-space: nowrap; }
tr:last-child td { border-bottom: 0; }
td.num, th.num { text-align: right; white-space: nowrap; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0; }
dl.kv dt { color: var(--muted); }
dl.kv dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }

.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; background: #eef0f3; color: var(--text); white-space: nowrap; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.bad { background: var(--bad-bg); color: var(--bad); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }

label { display: block; font-weight: 600; margin: .5rem 0 .2rem; }
label.inline { display: inline-flex; gap: .35rem; align-items: center; font-weight: 400; margin: .15rem .75rem .15rem 0; }
input, select, textarea { font: inherit; padding: .45rem .55rem; border: 1px solid #b8bfc8; border-radius: 6px; background: #fff; color: var(--text); max-width: 100%; }
input[type="checkbox"], input[type="radio"] { width: auto; }
textarea { width: 100%; min-height: 5rem; font-family: var(--mono); font-size: .85rem; }
input[type="text"], input[type="email"], input[type="url"], input[type="password"], input[type="number"], select { width: 100%; }
.fields { display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); }
fieldset { border: 1px solid var(--line); border-radius: var(--radius); margin: .75rem 0; padding: .5rem .75rem; }
legend { font-weight: 600; padding: 0 .25rem; }
button, .button { font: inherit; font-weight: 600; display: inline-block; padding: .45rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-text); cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: #fff; color: var(--accent); }
button.danger { background: var(--bad); border-color: var(--bad); }
button:disabled { opacity: .6; cursor: progress; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .75rem; }
.notice { padding: .6rem .8rem; border-radius: var(--radius); margin: .5rem 0; border: 1px solid var(--line); background: #fff; }
.notice.ok { border-color: #9bd3ad; background: var(--ok-bg); }
.notice.bad { border-color: #f1a7a0; background: var(--bad-bg); }
.notice:empty { display: none; }
details > summary { cursor: pointer; font-weight: 600; padding: .25rem 0; }
.codes { width: 100%; min-height: 6rem; }
.check-list { list-style: none; padding: 0; margin: .5rem 0; }
.check-list li { display: grid; grid-template-columns: 6.5rem 1fr; gap: .5rem; padding: .35rem 0; border-top: 1px dashed var(--line); }
.check-list li:first-child { border-top: 0; }
.check-list .detail { font-family: var(--mono); font-size: .8rem; overflow-wrap: anywhere; color: var(--muted); }
.feed { list-style: none; padding: 0; margin: 0; }
.feed li { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: .5rem .75rem; margin-bottom: .5rem; }
.feed pre { margin: .4rem 0 0; max-height: 14rem; }
.hero { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; }
.hero img { width: 100%; border-radius: var(--radius); background: #eef0f3; }
.login { max-width: 420px; margin: 4rem auto; }
.announcement { background: var(--theme-accent, #f59e0b); color: #111827; text-align: center; padding: .45rem 1rem; font-weight: 600; }
.search { display: flex; gap: .5rem; align-items: center; margin: 0 0 1rem; max-width: 520px; }
.search input { flex: 1; }
.pager { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: 1rem 0; }
footer.page { max-width: 1200px; margin: 0 auto; padding: 0 1rem 2rem; color: var(--muted); font-size: .85rem; }

@media (max-width: 640px) {
  body { font-size: 15px; }
  main { padding: 1rem .75rem 2.5rem; }
  .hero { grid-template-columns: 1fr; }
  dl.kv { grid-template-columns: 1fr; gap: 0; }
  dl.kv dd { margin-bottom: .4rem; }
  .check-list li { grid-template-columns: 1fr; gap: .1rem; }
  .topbar .brand { width: 100%; }
}
`
