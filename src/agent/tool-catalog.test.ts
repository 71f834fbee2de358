import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ToolInfo } from '../mcp/types.js';
import { buildSystemPrompt } from './prompt.js';
import { firstSentence, ToolCatalog } from './tool-catalog.js';

/** The shipped MCP servers' tool names with one-line descriptions of what they do (the real schemas are bigger). */
const TOOLS: ToolInfo[] = [
  [
    'query',
    'query_database',
    'Read-only SQL on the plant database (quality_data, production_lines, equipment, work_orders).',
  ],
  ['query', 'describe_schema', 'Tables and columns of the plant database.'],
  ['plant', 'list_open_issues', 'Open work orders (issues) by priority, line or machine.'],
  ['plant', 'search_work_orders', 'Past work orders and their fixes for a symptom or a machine.'],
  ['plant', 'equipment_status', 'Status of machines: running, idle, fault, maintenance due.'],
  ['plant', 'get_engineer', 'An engineer by login: name, country, time zone.'],
  ['plant', 'get_current_oncall', 'The on-call engineer of a line or the plant now.'],
  ['holidays', 'is_public_holiday', 'Whether a date is a public holiday in a country.'],
  ['holidays', 'list_public_holidays', 'Public holidays of a country in a year.'],
  ['docs', 'search_documents', 'Search the SOPs, manuals and procedures.'],
  ['docs', 'read_document', 'Read one document of the docs folder.'],
  ['docs', 'list_documents', 'The documents in the docs folder.'],
  ['utils', 'calculator', 'Evaluate an arithmetic expression exactly.'],
  ['utils', 'convert_units', 'Convert between units.'],
  ['utils', 'current_datetime', 'The plant date, time and weekday now.'],
  ['utils', 'date_diff', 'Days between two dates.'],
].map(([server, name, description]) => ({
  server: server!,
  name: name!,
  description: description!,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
}));

test('a question is offered a small ranked set; every other tool stays callable and is named in the prompt', () => {
  const catalog = new ToolCatalog({
    tools: TOOLS,
    skills: [],
    question: 'Is the on-call engineer on a public holiday today?',
  });
  assert.ok(catalog.offered.length <= 6, `${catalog.offered.length} offered`);
  const offered = catalog.offered.map((entry) => entry.name);
  for (const name of ['query_database', 'get_current_oncall', 'is_public_holiday'])
    assert.ok(offered.includes(name), `${name} offered: ${offered.join(', ')}`);
  assert.equal(catalog.chatTools().length, catalog.offered.length);
  assert.ok(catalog.get('convert_units'), 'a tool that is not offered can still be called');
  assert.equal(catalog.names.length, TOOLS.length);
  const prompt = buildSystemPrompt({
    plantName: 'P',
    timezone: 'Asia/Shanghai',
    now: new Date('2026-11-29T02:00:00Z'),
    language: 'en',
    catalog,
    procedures: [],
    summary: null,
  });
  assert.match(prompt, /Also available, call by name[^\n]*convert_units\(/);
  assert.doesNotMatch(prompt, /- convert_units\(/);
});

test('Chinese questions reach the tools through plant words; no question offers everything', () => {
  const zh = new ToolCatalog({ tools: TOOLS, skills: [], question: '3号压机振动，以前是怎么修好的？' }).offered.map(
    (entry) => entry.name,
  );
  assert.ok(zh.includes('search_work_orders') && zh.includes('equipment_status'), zh.join(', '));
  assert.equal(new ToolCatalog({ tools: TOOLS, skills: [] }).offered.length, TOOLS.length);
});

test('the prompt shrinks with the ranked set (measured on the shipped tool names)', () => {
  const question = "What was line A's defect rate last Wednesday?";
  const options = {
    plantName: 'P',
    timezone: 'Asia/Shanghai',
    now: new Date('2026-11-29T02:00:00Z'),
    language: 'en' as const,
    procedures: [],
    summary: null,
  };
  const all = new ToolCatalog({ tools: TOOLS, skills: [] });
  const ranked = new ToolCatalog({ tools: TOOLS, skills: [], question });
  const size = (catalog: ToolCatalog) =>
    buildSystemPrompt({ ...options, catalog }).length + JSON.stringify(catalog.chatTools()).length;
  assert.ok(size(ranked) < size(all) * 0.75, `ranked ${size(ranked)} B vs all ${size(all)} B`);
});

test('a tool is described by its first sentence, cut at a word or clause boundary with "…" when long', () => {
  assert.equal(firstSentence('Reads a figure. Then more.', 200), 'Reads a figure.');
  assert.equal(firstSentence('查询设备状态。其余说明', 200), '查询设备状态。');
  const long = `Lists the machines of the plant with their state and maintenance dates, ${'and which machines are overdue '.repeat(8)}today.`;
  const cut = firstSentence(long, 120);
  assert.ok(cut.length <= 120, cut);
  assert.match(cut, /…$/);
  assert.ok(long.startsWith(cut.slice(0, -1)), cut);
  assert.match(cut.slice(0, -1), /\w$/, 'ends on a whole word');
  assert.ok(long.charAt(cut.length - 1) === ' ', 'the next character was a space: no word was cut');
  const zh = `列出工厂的设备、状态和保养日期，${'以及哪些设备已经逾期，'.repeat(12)}今天。`;
  const zhCut = firstSentence(zh, 60);
  assert.ok(zhCut.length <= 60 && zhCut.endsWith('…') && !zhCut.includes('，…'), zhCut);
});

test('a document question is offered search_documents and read_document, even beside several skills', () => {
  const skills = [
    'quality_metrics',
    'work_orders',
    'equipment_status_check',
    'weekly_report',
    'oncall_check_procedure',
  ].map((name) => ({
    name,
    kind: 'code' as const,
    version: '1.0.0',
    description: `The ${name.replace(/_/g, ' ')} of the plant.`,
    parameters: { type: 'object', properties: {} },
    enabled: true,
    source: `builtin:${name}`,
    needsApproval: false,
  }));
  for (const question of [
    'Where is the lockout SOP for the press?',
    '冲压机的作业指导书在哪里',
    'what does the manual say about warm-up',
  ]) {
    const offered = new ToolCatalog({ tools: TOOLS, skills, question }).offered.map((entry) => entry.name);
    assert.ok(offered.length <= 6, offered.join(', '));
    for (const name of ['search_documents', 'read_document'])
      assert.ok(offered.includes(name), `${question}: ${name} not in ${offered.join(', ')}`);
  }
});
