import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallRequest } from '../../../mcp/types.js';
import { fakeTools, LINES, rows, runSkill, sqlOf, toolErr, toolOk, type Reply } from '../shared/testing.js';
import { faultAdvice } from './skill.js';

const EQUIPMENT = rows(
  [
    'equipment_id',
    'line_id',
    'name',
    'name_en',
    'type',
    'type_zh',
    'type_en',
    'status',
    'last_maintenance',
    'next_maintenance',
  ],
  [
    ['A-PRESS-01', 'A', '1号冲压机', 'Press 1', 'PRESS', '冲压机', 'Press', 'running', '2026-11-01', '2026-12-01'],
    ['B-PRESS-01', 'B', '1号冲压机', 'Press 1', 'PRESS', '冲压机', 'Press', 'maintenance', '2026-11-11', '2026-12-11'],
    ['B-PRESS-03', 'B', '3号冲压机', 'Press 3', 'PRESS', '冲压机', 'Press', 'running', '2026-10-24', '2026-11-23'],
  ],
);

const FOUND = {
  symptom: '振动',
  indexed_orders: 3000,
  similar_count: 42,
  matches: [
    {
      order_id: 1234,
      similarity: 0.92,
      equipment_id: 'B-PRESS-03',
      line_id: 'B',
      priority: 'P2',
      title: 'B-PRESS-03 冲压机异常振动',
      symptom: '冲压机异常振动',
      root_cause: '主轴轴承磨损',
      resolution: '更换主轴轴承',
      opened_at: '2026-11-01T08:00:00',
      closed_at: '2026-11-02T14:05:00',
    },
    {
      order_id: 987,
      similarity: 0.88,
      equipment_id: 'B-PRESS-03',
      line_id: 'B',
      priority: 'P2',
      title: 'B-PRESS-03 冲压机异常振动',
      symptom: '冲压机异常振动',
      root_cause: '地脚螺栓松动',
      resolution: '紧固地脚螺栓',
      opened_at: '2026-06-01T08:00:00',
      closed_at: '2026-06-01T12:00:00',
    },
  ],
  resolutions: [
    {
      resolution: '更换主轴轴承',
      score: 3.2,
      count: 5,
      last_closed_at: '2026-11-02T14:05:00',
      order_ids: [1234, 1100, 1001, 900, 850],
    },
    {
      resolution: '紧固地脚螺栓',
      score: 2.1,
      count: 9,
      last_closed_at: '2026-06-01T12:00:00',
      order_ids: [987, 700, 650, 600, 550, 500, 450, 400],
    },
  ],
};

const NONE = {
  symptom: 'x',
  indexed_orders: 3000,
  similar_count: 0,
  matches: [],
  resolutions: [],
  note: 'no closed work order is similar',
};

function plant(search: (request: ToolCallRequest) => Reply) {
  return fakeTools((request) => {
    if (request.name === 'search_work_orders') return search(request);
    const sql = sqlOf(request);
    if (sql.includes('FROM production_lines')) return LINES;
    if (sql.includes('FROM equipment e')) return EQUIPMENT;
    if (sql.includes('SELECT order_id, closed_at FROM work_orders'))
      return rows(
        ['order_id', 'closed_at'],
        [
          [300, '2026-03-01T10:00:00'],
          [310, '2026-09-01T10:00:00'],
          [420, '2026-08-01T10:00:00'],
          [501, '2026-11-20T10:00:00'],
          [502, '2026-10-01T10:00:00'],
        ],
      );
    if (sql.includes('FROM work_orders'))
      return rows(
        ['order_id', 'priority', 'title', 'opened_at'],
        sql.includes("'B-PRESS-03'") ? [[3001, 'P1', 'B-PRESS-03 冲压机异常振动', '2026-11-25T09:12:00']] : [],
      );
    throw new Error(`unexpected call ${request.name}: ${sql}`);
  });
}

test('precedents ranked with order ids, the machine resolved and its open orders (zh)', async () => {
  const tools = plant(() => toolOk(FOUND));
  const { result } = await runSkill({
    skill: faultAdvice,
    args: { symptom: '振动', equipment: '3号冲压机', line: 'B' },
    tools,
    language: 'zh',
  });
  assert.equal(
    result.answer,
    [
      '**B-PRESS-03** 3号冲压机“振动”的维修建议：找到 42 张相似的已关闭工单。以往有效的处理办法（按次数和时间排序）：',
      '1. 更换主轴轴承——有效 5 次（最近 2026-11-02）；工单 #1234 #1100 #1001 #900 #850\n2. 紧固地脚螺栓——有效 9 次（最近 2026-06-01）；工单 #987 #700 #650 #600 #550 #500 …',
      '最相似的工单：',
      '- #1234 B-PRESS-03 冲压机异常振动（2026-11-02 关闭）原因：主轴轴承磨损；处理：更换主轴轴承\n- #987 B-PRESS-03 冲压机异常振动（2026-06-01 关闭）原因：地脚螺栓松动；处理：紧固地脚螺栓',
      'B-PRESS-03 的未关闭工单（1）：\n- #3001 [P1] B-PRESS-03 冲压机异常振动（2026-11-25 开立）',
    ].join('\n\n'),
  );
  const call = tools.calls.find((entry) => entry.name === 'search_work_orders')!;
  assert.deepEqual(call.arguments, { symptom: '振动', limit: 5, equipment_id: 'B-PRESS-03' });
});

test('English answer; an ambiguous machine searches each of its machines, merged, and says so', async () => {
  const order = (
    [id, equipment]: [id: number, equipment: string],
    resolution: string,
    [closed, similarity]: [string, number],
  ) => ({
    ...FOUND.matches[0]!,
    order_id: id,
    equipment_id: equipment,
    resolution,
    closed_at: closed,
    similarity,
  });
  const byMachine: Record<string, typeof FOUND> = {
    'A-PRESS-01': {
      ...FOUND,
      similar_count: 3,
      matches: [order([501, 'A-PRESS-01'], '更换主轴轴承', ['2026-11-20T10:00:00', 0.9])],
      resolutions: [
        {
          resolution: '更换主轴轴承',
          score: 1.5,
          count: 2,
          last_closed_at: '2026-11-20T10:00:00',
          order_ids: [501, 420],
        },
        { resolution: '紧固地脚螺栓', score: 0.4, count: 1, last_closed_at: '2026-03-01T10:00:00', order_ids: [300] },
      ],
    },
    'B-PRESS-01': {
      ...FOUND,
      similar_count: 2,
      matches: [order([502, 'B-PRESS-01'], '紧固地脚螺栓', ['2026-10-01T10:00:00', 0.95])],
      resolutions: [
        {
          resolution: '紧固地脚螺栓',
          score: 1.2,
          count: 2,
          last_closed_at: '2026-10-01T10:00:00',
          order_ids: [502, 310],
        },
      ],
    },
  };
  const tools = plant((request) => toolOk(byMachine[String(request.arguments.equipment_id)] ?? NONE));
  const { result } = await runSkill({
    skill: faultAdvice,
    args: { symptom: 'vibration', equipment: 'press 1' },
    tools,
  });
  assert.match(
    result.answer,
    new RegExp(
      [
        String.raw`^Fault advice for "vibration": 5 similar closed work orders\. Fixes that `,
        String.raw`worked, most often and most recently first:\n\n1\. 紧固地脚螺栓 — worked 3× `,
        String.raw`\(last 2026-10-01\); orders #502 #310 #300\n2\. 更换主轴轴承 — worked 2× \(last `,
        String.raw`2026-11-20\); orders #501 #420`,
      ].join(''),
    ),
  );
  assert.match(result.answer, /Most similar orders:\n\n- #502 [^\n]+\n- #501 /);
  assert.match(
    result.answer,
    /"press 1" fits several machines \(A-PRESS-01, B-PRESS-01\); the precedents below come from all of them\./,
  );
  // one search per machine, none over the whole plant (which gave other machines' fixes)
  assert.deepEqual(
    tools.calls.filter((entry) => entry.name === 'search_work_orders').map((entry) => entry.arguments),
    [
      { symptom: 'vibration', limit: 5, equipment_id: 'A-PRESS-01' },
      { symptom: 'vibration', limit: 5, equipment_id: 'B-PRESS-01' },
    ],
  );
  // nothing on those machines: widened to the plant, and said so
  const widening = plant((request) => toolOk(request.arguments.equipment_id ? NONE : FOUND));
  const widened = await runSkill({
    skill: faultAdvice,
    args: { symptom: 'oil leak', equipment: 'press 1' },
    tools: widening,
  });
  assert.match(
    widened.result.answer,
    /No similar closed order on A-PRESS-01, B-PRESS-01 themselves; these precedents come from other equipment\./,
  );
  assert.doesNotMatch(widened.result.answer, /come from all of them/);
});

test('no precedent on the machine widens to the plant; no precedent anywhere is said plainly with the SOP search suggested', async () => {
  const widening = plant((request) => toolOk(request.arguments.equipment_id ? NONE : FOUND));
  const widened = await runSkill({
    skill: faultAdvice,
    args: { symptom: 'vibration', equipment: 'B-PRESS-03' },
    tools: widening,
  });
  assert.match(
    widened.result.answer,
    /No similar closed order on B-PRESS-03 itself; these precedents come from other equipment\./,
  );
  assert.equal((widened.result.data as { widened: boolean }).widened, true);

  const nothing = await runSkill({
    skill: faultAdvice,
    args: { symptom: 'smells of burnt toast' },
    tools: plant(() => toolOk(NONE)),
  });
  assert.equal(
    nothing.result.answer,
    'No closed work order among 3000 resembles "smells of burnt toast", so there is no precedent to ' +
      'recommend (and no guess). Check the SOPs instead — e.g. ask "find the SOP for smells of burnt ' +
      'toast".',
  );
  const zh = await runSkill({
    skill: faultAdvice,
    args: { symptom: '异味' },
    tools: plant(() => toolOk(NONE)),
    language: 'zh',
  });
  assert.equal(
    zh.result.answer,
    '在 3000 张已关闭工单中没有与“异味”相似的记录，所以没有以往的处理办法可以推荐（不作猜测）。建议查阅作业指导书，例如问：“查找异味的SOP”。',
  );
});

test('an unusable symptom is an answer; a server timeout is an error the engine may retry', async () => {
  const unusable = await runSkill({
    skill: faultAdvice,
    args: { symptom: 'a' },
    tools: plant(() => toolErr('TOOL_ARGUMENTS_INVALID', 'nothing to search for in "a"')),
  });
  assert.match(unusable.result.answer, /^Cannot search for "a": describe the symptom in more specific words/);
  let calls = 0;
  const flaky = plant(() => (calls++ === 0 ? toolErr('TOOL_TIMEOUT', 'timed out') : toolOk(FOUND)));
  const { result, events } = await runSkill({
    skill: { ...faultAdvice, retry: { ...faultAdvice.retry, backoffMs: [1, 1] } },
    args: { symptom: 'vibration' },
    tools: flaky,
  });
  assert.match(result.answer, /42 similar closed work orders/);
  assert.ok(events.some((event) => event.type === 'retry'));
});
