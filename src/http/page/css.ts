/**
 * The page's style: large type for a plant-floor monitor, high contrast, responsive down to a phone.
 * System fonts first; Chinese falls back to the appliance's own Noto Sans SC (src/http/page/fonts.ts).
 */
export const PAGE_CSS =
  `
:root {
  --bg: #ffffff; --fg: #0a0a0a; --muted: #3d3d3d; --line: #6b6b6b; --panel: #f2f4f7;
  --accent: #0040a8; --accent-fg: #ffffff; --ok: #00662b; --warn: #8a4b00; --bad: #b00020;
  --focus: #ffbf00; --code-bg: #101820; --code-fg: #f5f5f5;
  font-size: 20px;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; height: 100vh; height: 100dvh; }
body { background: var(--bg); color: var(--fg); line-height: 1.5;
  font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC",
    "Noto Sans SC", sans-serif; }
button, input, textarea { font: inherit; color: inherit; }
:focus-visible { outline: 4px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 6px #000; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; z-index: 10; background: var(--fg); color: var(--bg); padding: .5rem 1rem; }
button { white-space: nowrap; cursor: pointer; border: 2px solid var(--accent); background: var(--accent); color: var(--accent-fg);
  padding: .45rem 1.1rem; border-radius: 6px; font-weight: 600; min-height: 2.4rem; }
button:disabled { opacity: .45; cursor: not-allowed; }
button.ghost { background: transparent; color: var(--fg); border-color: var(--line); }
button.danger { background: var(--bad); border-color: var(--bad); }
button.small { padding: .15rem .6rem; min-height: 1.8rem; font-size: .85rem; }
.top { flex: none; display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .75rem; padding: .5rem 1rem;
  border-bottom: 3px solid var(--fg); background: var(--panel); }
.top h1 { font-size: 1.2rem; margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.top h1 small { font-weight: 400; color: var(--muted); font-size: .85rem; }
.spacer { flex: 1; }
.who { color: var(--muted); font-size: .9rem; }
.icon { display: none; background: transparent; color: var(--fg); border-color: var(--line); }
.login { flex: 1; overflow-y: auto; display: grid; place-items: center; padding: 2rem 1rem; }
.card { background: var(--panel); border: 2px solid var(--line); border-radius: 10px; padding: 1.5rem; width: min(28rem, 100%); display: grid; gap: .5rem; }
.card h2 { margin: 0 0 .5rem; }
input, textarea { border: 2px solid var(--line); border-radius: 6px; padding: .5rem .7rem; background: #fff; width: 100%; }
.notice { background: #fff4d6; border: 2px solid var(--warn); padding: .6rem .8rem; border-radius: 6px; }
.notice code { background: #fff; }
.error { color: var(--bad); font-weight: 600; }
.layout { flex: 1; min-height: 0; display: grid; grid-template-columns: 18rem minmax(0, 1fr); }
.sidebar { border-right: 2px solid var(--line); padding: 1rem; overflow-y: auto; background: var(--panel); }
.sidebar h2 { font-size: 1rem; margin: 1.2rem 0 .4rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.sessions, .approvals { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: .3rem; }
.sessions li, .approvals li { min-width: 0; }
.approvals code { overflow-wrap: anywhere; }
.sessions button { width: 100%; text-align: left; background: #fff; color: var(--fg); border: 2px solid var(--line); font-weight: 400; font-size: .9rem;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sessions button[aria-current="true"] { border-color: var(--accent); border-width: 3px; font-weight: 700; }
.approvals li { background: #fff; border: 2px solid var(--warn); border-radius: 6px; padding: .5rem; font-size: .85rem; display: grid; gap: .3rem; }
.approvals .row { display: flex; gap: .4rem; }
.chat { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
.messages { flex: 1; overflow-y: auto; padding: 1rem 1.25rem; display: flex; flex-direction: column; gap: 1rem; }
.welcome h2 { margin-top: 0; }
.examples { display: flex; flex-wrap: wrap; gap: .5rem; }
.examples button { background: #fff; color: var(--accent); font-weight: 500; font-size: .9rem; }
.q { align-self: flex-end; background: var(--accent); color: var(--accent-fg); padding: .5rem ` +
  `.9rem; border-radius: 10px 10px 2px 10px; max-width: 80%; white-space: pre-wrap; overflow-wrap: ` +
  `anywhere; }
.a { border: 2px solid var(--line); border-radius: 10px; padding: .75rem 1rem; background: #fff; max-width: 100%; }
.status { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; font-size: .85rem; color: var(--muted); margin-bottom: .4rem; }
.badge { border: 2px solid currentColor; border-radius: 999px; padding: 0 .55rem; font-weight: 700; }
.badge.success { color: var(--ok); } .badge.failed, .badge.cancelled { color: var(--bad); } ` +
  `.badge.running, .badge.pending { color: var(--accent); } .badge.waiting_input { color: ` +
  `var(--warn); }
.progress { list-style: none; padding: 0; margin: .2rem 0 .6rem; font-size: .9rem; color: var(--muted); }
.progress li::before { content: "▸ "; color: var(--accent); }
.tool { border: 2px solid var(--line); border-left: 8px solid var(--accent); border-radius: 6px; margin: .5rem 0; background: var(--panel); }
.tool.failed { border-left-color: var(--bad); }
.tool > summary { padding: .4rem .7rem; cursor: pointer; font-size: .9rem; display: flex; flex-wrap: wrap; gap: .6rem; align-items: baseline; }
.tool > summary b { font-family: ui-monospace, "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, "Noto Sans SC", monospace; }
.tool .meta { color: var(--muted); }
.tool .cached { background: var(--ok); color: #fff; border-radius: 4px; padding: 0 .4rem; font-weight: 700; }
.tool .body { padding: 0 .7rem .6rem; }
.tool .purpose { margin: .2rem 0 .4rem; }
pre, code { font-family: ui-monospace, "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, "Noto Sans SC", monospace; font-size: .85rem; }
pre { background: var(--code-bg); color: var(--code-fg); padding: .6rem .8rem; border-radius: ` +
  `6px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; }
:not(pre) > code { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 0 .25rem; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .4rem 0; font-size: .85rem; }
th, td { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; vertical-align: top; overflow-wrap: normal;
  white-space: nowrap; }
th { background: #dde3ea; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.answer { overflow-wrap: anywhere; }
.answer p { margin: .4rem 0; } .answer ul, .answer ol { margin: .3rem 0; padding-left: 1.4rem; }
.answer h3, .answer h4 { margin: .6rem 0 .3rem; }
.answer.streaming { white-space: pre-wrap; color: var(--muted); }
.charts { display: grid; gap: .75rem; margin-top: .6rem; }
.chart { margin: 0; border: 2px solid var(--line); border-radius: 6px; padding: .4rem; background: #fff; }
.chart svg { width: 100%; height: auto; display: block; }
.chart svg text { font-family: inherit; fill: var(--fg); }
.task-error { color: var(--bad); font-weight: 600; }
.approval-box { border: 2px dashed var(--warn); padding: .5rem .75rem; border-radius: 6px; }
.composer { border-top: 3px solid var(--fg); padding: .6rem 1rem .4rem; display: grid; grid-template-columns: 1fr auto; gap: .5rem; background: var(--panel); }
.composer textarea { resize: vertical; min-height: 3rem; max-height: 12rem; }
.composer .buttons { display: flex; flex-direction: column; gap: .4rem; }
.composer .keys { grid-column: 1 / -1; margin: 0; font-size: .8rem; color: var(--muted); }
@media (max-width: 800px) {
  :root { font-size: 18px; }
  .icon { display: inline-block; }
  .layout { grid-template-columns: 1fr; }
  .sidebar { display: none; position: fixed; inset: 3.2rem 0 0 0; z-index: 5; border-right: 0; }
  .top { gap: .4rem; padding: .4rem .5rem; }
  .top h1 small { display: none; }
  .data-status:not(.stale):not(.failed) { display: none; }
  .top button { padding: .3rem .6rem; }
  .messages { padding: .75rem .5rem; }
  .a { padding: .5rem .6rem; }
  .sidebar.open { display: block; }
  .who { display: none; }
  .q { max-width: 95%; }
  .composer { padding: .4rem .5rem; }
  .composer .keys { display: none; }
}
.data-status { margin: 0; min-width: 0; font-size: .85rem; color: var(--muted); display: flex; flex-wrap: wrap; gap: 0 .6rem; }
.data-status.stale .data-line { color: var(--warn); font-weight: 600; }
.data-failed { color: var(--bad); }
.cancelled-note { margin: .2rem 0 .5rem; font-weight: 700; color: var(--muted); }
.icon-thumb { vertical-align: -.15em; }
@media (prefers-reduced-motion: reduce) { * { scroll-behavior: auto !important; } }
`;
