/** The styles of the chat page's additions for issue 16 (their script: client/extras.ts). */
export const EXTRAS_CSS =
  `
.feedback { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .5rem; }
.save-report { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin-top: .3rem; }
.hand-over.suggested { border-color: var(--warn); font-weight: 600; }
.feedback-form { display: grid; gap: .3rem; width: 100%; }
.script-card { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; border: 2px ` +
  `solid var(--line); border-radius: 6px; padding: .5rem; margin: .5rem 0; background: #fff; }
.script-card.failed, .script-card.timeout { border-color: var(--warn); }
.engineer-answer { border-left: 4px solid var(--accent, #2b6cb0); }
.extra-panel pre.tried { white-space: pre-wrap; font-size: .8rem; margin: 0; max-height: 8rem; overflow: auto; }
.extra-panel input, .extra-panel textarea { width: 100%; font: inherit; font-size: .85rem; }
.extra-panel a { overflow-wrap: anywhere; }
`;
