import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallRequest } from '../../../mcp/types.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedTestPlant } from '../../../seed/testing.js';
import { docsServerTools, fakeTools, runSkill, toolOk } from '../shared/testing.js';
import { documentSearch } from './skill.js';
import { handoverPeople, headingFacts, nearestDates, shiftOfName, type HandoverNote } from './handover.js';

/** a docs folder: the seeder's notes, one old export whose name says neither date nor shift, and an SOP */
const FILES: Record<string, string> = {
  'handover/2026-11-17-day.md':
    '# 交接班记录 Shift handover: 2026-11-17 白班 day shift (08:00-20:00)\n\n- B线 冲压机振动',
  'handover/2026-11-17-night.txt':
    '====\r\n 交接班记录（夜班）\r\n日期：2026-11-17    班次：夜班 20:00-次日08:00\r\n  产线B：不良率 2.10%\r\n',
  'handover/2026-11-19-night.txt':
    '====\r\n 交接班记录（夜班）\r\n日期：2026-11-19    班次：夜班\r\n  各线质量稳定。\r\n',
  'handover/export-0042.txt':
    '====\r\n 交接班记录\r\n日期：2026-11-18    班次：夜班\r\n  产线B：不良率 9.80%，主要缺陷：裂纹\r\n',
  'sop/SOP-PR-007-press-vibration.md': '# 2026-11-18 revision: night shift checks',
};

function docs() {
  return fakeTools((request: ToolCallRequest) => {
    if (request.name === 'list_documents')
      return toolOk({
        folder: '',
        count: Object.keys(FILES).length,
        truncated: false,
        documents: Object.keys(FILES).map((path) => ({ path, size: 100, readable: true })),
      });
    if (request.name === 'read_document') {
      const path = String(request.arguments.path);
      const text = FILES[path];
      if (text === undefined) throw new Error(`no file ${path}`);
      const content = text.slice(0, Number(request.arguments.max_chars ?? 8000));
      return toolOk({
        path,
        encoding: path.endsWith('.txt') ? 'gb18030' : 'utf-8',
        total_chars: text.length,
        offset: 0,
        returned_chars: content.length,
        truncated: content.length < text.length,
        next_offset: null,
        content,
      });
    }
    throw new Error(`unexpected tool ${request.name}`);
  });
}

test('file names and headings give the date and shift', () => {
  assert.equal(shiftOfName('handover/2026-11-18-night.txt'), 'night');
  assert.equal(shiftOfName('handover/2026-11-18-day.md'), 'day');
  assert.equal(shiftOfName('交接/20261118_夜班.txt'), 'night');
  assert.equal(shiftOfName('handover/20261118-N.txt'), 'night');
  assert.equal(shiftOfName('handover/export-0042.txt'), undefined);
  assert.deepEqual(headingFacts('# 交接班记录 Shift handover: 2026-11-24 白班 day shift (08:00-20:00)'), {
    date: '2026-11-24',
    shift: 'day',
  });
  assert.deepEqual(headingFacts('====\r\n交接班记录（夜班）\r\n日期：2026-11-28    班次：夜班 20:00-次日08:00'), {
    date: '2026-11-28',
    shift: 'night',
  });
});

test('the nearest dates with a note of the shift, nearest first, the earlier on a tie', () => {
  const note = (date: string, shift: 'day' | 'night'): HandoverNote => ({
    path: `handover/${date}-${shift}.txt`,
    date,
    shift,
    from: 'name',
  });
  const notes = [
    note('2026-11-16', 'night'),
    note('2026-11-20', 'night'),
    note('2026-11-18', 'day'),
    note('2026-11-21', 'night'),
  ];
  assert.deepEqual(
    nearestDates(notes, '2026-11-18', 'night').map((entry) => entry.date),
    ['2026-11-16', '2026-11-20', '2026-11-21'],
  );
  assert.deepEqual(
    nearestDates(notes, '2026-11-18', undefined).map((entry) => entry.date),
    ['2026-11-16', '2026-11-20', '2026-11-21'],
  );
});

test('the note of a date and shift is quoted whole with its file named — found by its heading when the name does not say (zh)', async () => {
  const tools = docs();
  const { result } = await runSkill({
    skill: documentSearch,
    args: { query: '11月18日夜班 交接班记录', handover_date: '2026-11-18', handover_shift: 'night' },
    tools,
    language: 'zh',
  });
  assert.equal(
    result.answer,
    '2026-11-18（周三）夜班的交接班记录（1 份）：\n\n' +
      '**handover/export-0042.txt**（2026-11-18（周三） 夜班；gb18030，共 ' +
      `${FILES['handover/export-0042.txt']!.length} 字符，全文）：\n\n` +
      '```\n====\n 交接班记录\n日期：2026-11-18    班次：夜班\n  产线B：不良率 9.80%，主要缺陷：裂纹\n```',
  );
  // never a free-text search: the SOP that mentions 2026-11-18 and the night shift is not a handover note
  assert.ok(!tools.calls.some((call) => call.name === 'search_documents'));
  assert.deepEqual(
    tools.calls.filter((call) => call.name === 'read_document').map((call) => call.arguments),
    [{ path: 'handover/export-0042.txt', max_chars: 600 }, { path: 'handover/export-0042.txt' }],
  );
});

test('no note for that date and shift: said so, with the nearest dates that have one and the other shift that day (en)', async () => {
  const { result } = await runSkill({
    skill: documentSearch,
    args: { query: 'night shift handover Nov 20', handover_date: '2026-11-20', handover_shift: 'night' },
    tools: docs(),
  });
  assert.equal(
    result.answer,
    [
      'There is no handover note for the night shift of 2026-11-20 (Fri) in the documents folder (4 handover notes, 2026-11-17 – 2026-11-19).',
      'The nearest dates with a night shift note:\n- 2026-11-19 (Thu): handover/2026-11-19-night.txt\n' +
        '- 2026-11-18 (Wed): handover/export-0042.txt\n- 2026-11-17 (Tue): handover/2026-11-17-night.txt',
    ].join('\n\n'),
  );
  const sameDay = await runSkill({
    skill: documentSearch,
    args: { query: 'day shift handover Nov 19', handover_date: '2026-11-19', handover_shift: 'day' },
    tools: docs(),
  });
  assert.match(sameDay.result.answer, /^There is no handover note for the day shift of 2026-11-19 \(Thu\)/);
  assert.match(sameDay.result.answer, /- 2026-11-17 \(Tue\): handover\/2026-11-17-day\.md/);
  assert.match(sameDay.result.answer, /That day has: night shift handover\/2026-11-19-night\.txt\.$/);
});

test('a date alone quotes every shift of it; a shift alone the latest note of it, the others listed', async () => {
  const both = await runSkill({
    skill: documentSearch,
    args: { query: 'handover Nov 17', handover_date: '2026-11-17' },
    tools: docs(),
  });
  assert.match(both.result.answer, /^Handover notes for 2026-11-17 \(Tue\):\n\n\*\*handover\/2026-11-17-day\.md\*\*/);
  assert.match(
    both.result.answer,
    /\*\*handover\/2026-11-17-night\.txt\*\* \(2026-11-17 \(Tue\), night shift; gb18030/,
  );
  assert.match(both.result.answer, /\n {2}产线B：不良率 2\.10%\n```$/);
  assert.match(both.result.answer, /complete\):\n\n# 交接班记录 Shift handover: 2026-11-17 白班 day shift/);
  const latest = await runSkill({
    skill: documentSearch,
    args: { query: 'night shift handover', handover_shift: 'night' },
    tools: docs(),
  });
  assert.match(latest.result.answer, /^The latest night shift handover note is handover\/2026-11-19-night\.txt:/);
  assert.match(latest.result.answer, /Other night shift notes \(2\): 2026-11-18, 2026-11-17\./);
});

test('who handed over: the names the seeded notes give, read from the GBK files, lead the answer', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handover-who-'));
  try {
    const plant = seedTestPlant({ dir, rows: 300 });
    const root = plant.docsDir!;
    const nights = readdirSync(path.join(root, 'handover')).filter((name) => name.endsWith('-night.txt'));
    assert.ok(nights.length >= 5);
    for (const name of nights) {
      // decoded here on its own, not by the docs server
      const text = new TextDecoder('gbk').decode(readFileSync(path.join(root, 'handover', name)));
      const handing = /交班人：(\S+)/.exec(text)![1]!;
      const taking = /接班人：(\S+)/.exec(text)![1]!;
      assert.deepEqual(handoverPeople(text), { handing, taking }, name);
      const date = name.slice(0, 10);
      const { result } = await runSkill({
        skill: documentSearch,
        args: { query: 'who', handover_date: date, handover_shift: 'night', handover_who: true },
        tools: docsServerTools(root),
      });
      assert.ok(
        result.answer.startsWith(`Handed over by **${handing}**, taken over by **${taking}** (handover/${name}).`),
        result.answer.slice(0, 200),
      );
    }
    // a day note names nobody: said so, never a name from another note
    const day = readdirSync(path.join(root, 'handover')).find((name) => name.endsWith('-day.md'))!;
    const { result } = await runSkill({
      skill: documentSearch,
      args: { query: '谁交的班', handover_date: day.slice(0, 10), handover_shift: 'day', handover_who: true },
      tools: docsServerTools(root),
      language: 'zh',
    });
    assert.ok(result.answer.startsWith(`handover/${day} 没有写交班人和接班人`), result.answer.slice(0, 200));
    assert.doesNotMatch(result.answer, /交班人 \*\*/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
