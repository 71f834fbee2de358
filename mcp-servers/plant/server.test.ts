import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from '../../src/store/sqlite.js';
import { createPlantDb } from './fixture.js';
import { resolutionKey, symptomTerms } from './similar.js';
import {
  INITIALIZE,
  INITIALIZED,
  rawExchange,
  startServer,
  tempDir,
  writeConfig,
  type TestServer,
} from '../shared/test-client.js';

const NOW = '2026-11-25T10:00:00'; // a Wednesday, plant time (Asia/Shanghai)

let server: TestServer;
let workspace: ReturnType<typeof tempDir>;
let configFile: string;
let plantFile: string;
let ftsFile: string;
let plantHashBefore: string;

const hash = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

before(async () => {
  workspace = tempDir('plant-mcp-');
  plantFile = path.join(workspace.dir, 'plant.db');
  ftsFile = path.join(workspace.dir, 'state', 'workorders-fts.db');
  createPlantDb(plantFile);
  plantHashBefore = hash(plantFile);
  configFile = writeConfig(workspace.dir, {
    plant: { db: plantFile, timezone: 'Asia/Shanghai' },
    state: { db: path.join(workspace.dir, 'agent.db'), fts_db: ftsFile },
  });
  server = await startServer({ name: 'plant', configFile, now: NOW });
});
after(async () => {
  await server?.close();
  workspace?.cleanup();
});

test('symptom terms: Chinese bigrams (+ phrase), English stems, single characters only alone', () => {
  assert.deepEqual(
    symptomTerms('振动').map((term) => [term.text, term.via]),
    [['振动', 'bigram']],
  );
  assert.deepEqual(
    symptomTerms('异常振动').map((term) => term.text),
    ['异常', '常振', '振动', '异常振动'],
  );
  assert.deepEqual(
    symptomTerms('异常振动').map((term) => term.phrase === true),
    [false, false, false, true],
  );
  assert.deepEqual(
    symptomTerms('The press is VIBRATING').map((term) => [term.text, term.via]),
    [
      ['press', 'trigram'],
      ['vibrat', 'trigram'],
    ],
  );
  assert.deepEqual(
    symptomTerms('热').map((term) => [term.text, term.via]),
    [['热', 'like']],
  );
  assert.deepEqual(
    symptomTerms('热 振动').map((term) => term.text),
    ['振动'],
  );
  assert.deepEqual(symptomTerms('!! ?'), []);
  assert.equal(resolutionKey('  更换主轴轴承，加注润滑脂。 '), resolutionKey('更换主轴轴承，加注润滑脂'));
});

test('the server lists its six tools', async () => {
  const names = (await server.client.listTools()).tools.map((tool) => tool.name).sort();
  assert.deepEqual(names, [
    'get_current_oncall',
    'get_engineer',
    'get_equipment',
    'list_engineers',
    'list_open_issues',
    'search_work_orders',
  ]);
});

test('get_current_oncall: now (--now), with the engineer local date', async () => {
  const result = await server.call('get_current_oncall');
  assert.equal(result.isError, false, result.text);
  assert.equal(result.structured.at, NOW);
  assert.equal(result.structured.engineer.login, 'jcarter');
  assert.equal(result.structured.engineer.country_code, 'US');
  assert.equal(result.structured.engineer.timezone, 'America/New_York');
  assert.deepEqual(result.structured.rotation, { starts_at: '2026-11-23T00:00:00', ends_at: '2026-11-30T00:00:00' });
  // 10:00 in Shanghai is 21:00 the day before in New York
  assert.equal(result.structured.engineer_local.local_date, '2026-11-24');
  assert.equal(result.structured.engineer_local.local_time, '21:00:00');
  assert.equal(result.structured.engineer_local.utc_offset, '-05:00');
  assert.match(result.text, /John Carter \(login jcarter, engineer_id 2\), country US/);
});

test('get_current_oncall: rotation boundaries (starts inclusive, ends exclusive) and offsets', async () => {
  const cases: Array<[string, string]> = [
    ['2026-11-29T23:59:59', 'jcarter'],
    ['2026-11-30T00:00:00', 'jweber'],
    ['2026-11-30', 'jweber'],
    ['2026-11-23T00:00:00', 'jcarter'],
    ['2026-11-22T23:59:59', 'grossi'],
    ['2026-11-29T16:00:00Z', 'jweber'], // = 2026-11-30T00:00 in Shanghai
    ['2026-11-29T15:59:59+00:00', 'jcarter'],
    ['2026-11-09T00:00:00', 'li.wei'],
  ];
  for (const [at, login] of cases) {
    const result = await server.call('get_current_oncall', { at });
    assert.equal(result.isError, false, `${at}: ${result.text}`);
    assert.equal(result.structured.engineer.login, login, at);
  }
});

test('get_current_oncall: outside every rotation, or a bad time, is an actionable error', async () => {
  const late = await server.call('get_current_oncall', { at: '2026-12-07T00:00:00' });
  assert.equal(late.isError, true);
  assert.equal(late.structured.error.code, 'NOT_FOUND');
  assert.match(late.text, /no on-call rotation covers 2026-12-07T00:00:00/);
  assert.match(late.text, /rotations run from 2026-11-09T00:00:00 to 2026-12-07T00:00:00/);
  const bad = await server.call('get_current_oncall', { at: 'next tuesday' });
  assert.equal(bad.isError, true);
  assert.match(bad.text, /"next tuesday" is not a date-time/);
  assert.match(bad.text, /2026-11-25T09:30:00/);
});

test('list_open_issues: by priority then opened_at, with filters', async () => {
  const all = await server.call('list_open_issues');
  assert.equal(all.isError, false, all.text);
  assert.deepEqual(
    all.structured.issues.map((issue: { order_id: number }) => issue.order_id),
    [202, 203, 205, 201, 204],
  );
  assert.equal(all.structured.count, 5);
  assert.deepEqual(all.structured.issues[0], {
    order_id: 202,
    title: 'A-CNC-01 spindle alarm, line stopped',
    priority: 'P0',
    equipment_id: 'A-CNC-01',
    line_id: 'A',
    opened_at: '2026-11-25T06:00:00',
    assignee: { engineer_id: 2, name: 'John Carter', login: 'jcarter' },
  });
  assert.equal(all.structured.issues[4].assignee, null);
  const p1 = await server.call('list_open_issues', { priority: 'P1' });
  assert.deepEqual(
    p1.structured.issues.map((issue: { order_id: number }) => issue.order_id),
    [203, 205, 201],
  );
  assert.match(p1.text, /#203 C线 光电传感器误报/);
  const mine = await server.call('list_open_issues', { priority: 'P1', assignee_id: 2 });
  assert.deepEqual(
    mine.structured.issues.map((issue: { order_id: number }) => issue.order_id),
    [205, 201],
  );
  const asText = await server.call('list_open_issues', { assignee_id: '4' });
  assert.deepEqual(
    asText.structured.issues.map((issue: { order_id: number }) => issue.order_id),
    [203],
  );
  const nobody = await server.call('list_open_issues', { priority: 'P0', assignee_id: 4 });
  assert.equal(nobody.isError, false);
  assert.equal(nobody.structured.count, 0);
  const unknown = await server.call('list_open_issues', { assignee_id: 99 });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /no engineer with engineer_id 99/);
  const badPriority = await server.call('list_open_issues', { priority: 'P9' });
  assert.equal(badPriority.isError, true);
  assert.match(badPriority.text, /P0/);
});

test('get_engineer and list_engineers', async () => {
  const one = await server.call('get_engineer', { login: 'JWeber' });
  assert.equal(one.isError, false);
  assert.equal(one.structured.engineer.name, 'Jonas Weber');
  assert.equal(one.structured.engineer.country_code, 'DE');
  assert.equal(one.structured.open_work_orders, 0);
  assert.equal(one.structured.engineer_local.local_time, '03:00:00');
  const carter = await server.call('get_engineer', { login: '@jcarter' });
  assert.equal(carter.structured.open_work_orders, 3);
  const unknown = await server.call('get_engineer', { login: 'nobody' });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /no engineer with login "nobody"/);
  assert.match(unknown.text, /known logins: .*jcarter/);
  const all = await server.call('list_engineers');
  assert.equal(all.structured.count, 6);
  assert.deepEqual(
    all.structured.engineers.map((engineer: { country_code: string }) => engineer.country_code),
    ['CN', 'US', 'IT', 'IN', 'DE', 'JP'],
  );
});

test('get_equipment: days until due and overdue relative to the plant today', async () => {
  const all = await server.call('get_equipment');
  assert.equal(all.isError, false, all.text);
  assert.equal(all.structured.today, '2026-11-25');
  const byId = Object.fromEntries(
    all.structured.equipment.map((row: { equipment_id: string }) => [row.equipment_id, row]),
  );
  assert.equal(byId['A-PRESS-01'].days_until_due, -5);
  assert.equal(byId['A-PRESS-01'].maintenance_overdue, true);
  assert.equal(byId['A-CNC-01'].days_until_due, 0);
  assert.equal(byId['A-CNC-01'].maintenance_overdue, false);
  assert.equal(byId['B-PRESS-03'].days_until_due, 10);
  assert.equal(byId['B-OVEN-01'].days_until_due, null);
  assert.equal(byId['B-OVEN-01'].maintenance_overdue, false);
  assert.equal(all.structured.overdue_count, 1);
  assert.match(all.text, /A-PRESS-01 .* OVERDUE by 5 days/);
  const overdue = await server.call('get_equipment', { overdue_only: true });
  assert.deepEqual(
    overdue.structured.equipment.map((row: { equipment_id: string }) => row.equipment_id),
    ['A-PRESS-01'],
  );
  const lineB = await server.call('get_equipment', { line_id: 'b' });
  assert.deepEqual(
    lineB.structured.equipment.map((row: { equipment_id: string }) => row.equipment_id),
    ['B-OVEN-01', 'B-PRESS-03'],
  );
  const faults = await server.call('get_equipment', { status: 'fault' });
  assert.deepEqual(
    faults.structured.equipment.map((row: { equipment_id: string }) => row.equipment_id),
    ['B-PRESS-03'],
  );
  const one = await server.call('get_equipment', { equipment_id: 'b-press-03' });
  assert.equal(one.structured.count, 1);
  const unknown = await server.call('get_equipment', { equipment_id: 'B-PRESS-3' });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /no equipment with id "B-PRESS-3"/);
  assert.match(unknown.text, /did you mean: B-PRESS-03/);
  const badLine = await server.call('get_equipment', { line_id: 'Z' });
  assert.equal(badLine.isError, true);
  assert.match(badLine.text, /lines with equipment: A, B/);
  const badStatus = await server.call('get_equipment', { status: 'broken' });
  assert.equal(badStatus.isError, true);
  assert.match(badStatus.text, /running, idle, maintenance, fault/);
});

test('search_work_orders: a 2-character Chinese symptom (振动) and resolution ranking by count and recency', async () => {
  const result = await server.call('search_work_orders', { symptom: '振动' });
  assert.equal(result.isError, false, result.text);
  const ids = result.structured.matches.map((match: { order_id: number }) => match.order_id);
  // the Chinese orders that say 振动 first (similarity 1), newest first; the English
  // "vibrating" order 106 after them, found through the synonym table at the translation weight
  assert.deepEqual(ids, [105, 104, 103, 102, 101, 106]);
  assert.deepEqual(
    result.structured.matches.map((match: { similarity: number }) => match.similarity),
    [1, 1, 1, 1, 1, 0.5],
  );
  const [first, second, third] = result.structured.resolutions;
  // the bearing fix worked twice in the last month in Chinese and once in October in English: one fix
  // (fix-equivalence.ts: the same bilingual maintenance words), cited newest first; the bolts three times over a year ago
  assert.equal(first.resolution, '更换主轴轴承，加注润滑脂。');
  assert.equal(first.count, 3);
  assert.deepEqual(first.order_ids, [105, 104, 106]);
  assert.deepEqual(first.wordings, { zh: '更换主轴轴承，加注润滑脂。', en: 'Replaced the main shaft bearing' });
  assert.deepEqual(first.root_causes.sort(), ['Worn main shaft bearing', '主轴轴承磨损'].sort());
  assert.equal(second.resolution, '重新紧固地脚螺栓');
  assert.equal(second.count, 3);
  assert.deepEqual(second.order_ids, [103, 102, 101]);
  assert.ok(first.score > second.score);
  assert.equal(third, undefined);
  assert.deepEqual(result.structured.synonyms, [
    { concept: 'vibration', said: '振动', searched: ['振动', 'vibrat', 'shak', '抖动', '振感'] },
  ]);
  assert.match(result.structured.ranking, /0\.5\^\(age_days\/180\)/);
  assert.match(
    result.text,
    /更换主轴轴承.*worked 3× .* #105 #104 #106 \(one fix, also written: Replaced the main shaft bearing\)/,
  );
  assert.ok(!ids.includes(201), 'open orders are not precedents');
});

test('search_work_orders: longer Chinese symptoms, word order, English and a single character', async () => {
  const longer = await server.call('search_work_orders', { symptom: '冲压机异常振动' });
  assert.equal(longer.isError, false);
  const longerIds = longer.structured.matches.map((match: { order_id: number }) => match.order_id);
  assert.ok(longerIds.includes(101) && longerIds.includes(104));
  assert.ok(!longerIds.includes(107));
  assert.equal(longer.structured.resolutions[0].resolution, '更换主轴轴承，加注润滑脂。');
  const reversed = await server.call('search_work_orders', { symptom: '振动异常' });
  assert.ok(reversed.structured.matches.length >= 5, 'bigrams find 异常振动 from 振动异常');
  assert.equal(reversed.structured.matches[0].order_id, 104); // the one order that says 振动异常 literally ranks first
  const english = await server.call('search_work_orders', { symptom: 'press vibrating badly' });
  assert.equal(english.isError, false);
  // the English order first; the Chinese press-vibration orders follow (振动 through the synonym table)
  assert.equal(english.structured.matches[0].order_id, 106);
  assert.deepEqual(
    english.structured.matches.slice(1).map((match: { order_id: number }) => match.order_id),
    [105, 104, 103, 102, 101],
  );
  assert.ok(
    english.structured.matches
      .slice(1)
      .every((match: { similarity: number }) => match.similarity < english.structured.matches[0].similarity),
  );
  const englishFix = english.structured.resolutions.find(
    (group: { wordings?: { en?: string } }) => group.wordings?.en === 'Replaced the main shaft bearing',
  );
  assert.deepEqual(englishFix.order_ids, [105, 104, 106]);
  // the bearing fix, written in both languages, leads as one; the bolts last
  assert.deepEqual(
    english.structured.resolutions.map((group: { resolution: string }) => group.resolution),
    ['更换主轴轴承，加注润滑脂。', '重新紧固地脚螺栓'],
  );
  const oven = await server.call('search_work_orders', { symptom: 'OVERHEATING' });
  assert.deepEqual(
    oven.structured.matches.map((match: { order_id: number }) => match.order_id),
    [108],
  );
  const single = await server.call('search_work_orders', { symptom: '热' });
  assert.deepEqual(
    single.structured.matches.map((match: { order_id: number }) => match.order_id),
    [109],
  );
  const limited = await server.call('search_work_orders', { symptom: '振动', limit: 2 });
  assert.equal(limited.structured.matches.length, 2);
  assert.equal(limited.structured.similar_count, 6);
  assert.equal(
    limited.structured.resolutions[0].count,
    3,
    'resolutions count every similar order, not only those shown',
  );
});

test('search_work_orders: filters, no match, bad input', async () => {
  const onB = await server.call('search_work_orders', { symptom: '振动', equipment_id: 'b-press-03' });
  assert.deepEqual(onB.structured.matches.map((match: { order_id: number }) => match.order_id).sort(), [101, 103, 104]);
  const lineA = await server.call('search_work_orders', { symptom: '振动', line_id: 'A' });
  assert.deepEqual(
    lineA.structured.matches.map((match: { order_id: number }) => match.order_id),
    [105, 102, 106],
  );
  const elsewhere = await server.call('search_work_orders', { symptom: '振动', equipment_id: 'A-CNC-01' });
  assert.equal(elsewhere.isError, false);
  assert.equal(elsewhere.structured.matches.length, 0);
  assert.match(elsewhere.structured.note, /6 similar orders exist elsewhere/);
  const nothing = await server.call('search_work_orders', { symptom: '漏油' });
  assert.equal(nothing.structured.matches.length, 0);
  assert.match(nothing.text, /no closed work order is similar to "漏油"/);
  const empty = await server.call('search_work_orders', { symptom: '   ' });
  assert.equal(empty.isError, true);
  assert.match(empty.text, /symptom is empty/);
  const punctuation = await server.call('search_work_orders', { symptom: '?!' });
  assert.equal(punctuation.isError, true);
  assert.match(punctuation.text, /nothing to search for/);
  const tooMany = await server.call('search_work_orders', { symptom: '振动', limit: 51 });
  assert.equal(tooMany.isError, true);
});

test('the index lives in state.fts_db, plant.db is never written, and the index follows plant.db', async () => {
  assert.ok(existsSync(ftsFile));
  const index = openSqlite(ftsFile, { readonly: true });
  const meta = Object.fromEntries(
    (index.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((row) => [
      row.key,
      row.value,
    ]),
  );
  index.close();
  assert.equal(meta.orders, '9');
  assert.equal(meta.source, plantFile);
  assert.equal(hash(plantFile), plantHashBefore, 'plant.db unchanged');
  assert.deepEqual(
    readdirSync(workspace.dir).filter((name) => name.startsWith('plant.db')),
    ['plant.db'],
    'no journal or WAL beside plant.db',
  );
  const plantTables = openSqlite(plantFile, { readonly: true });
  const virtualTables = plantTables.prepare("SELECT name FROM sqlite_master WHERE sql LIKE '%fts5%'").all();
  plantTables.close();
  assert.deepEqual(virtualTables, []);

  // replace plant.db by another file (as a re-seed does): the next search sees the new orders
  const replacement = path.join(workspace.dir, 'plant-new.db');
  createPlantDb(replacement, [
    {
      order_id: 301,
      equipment_id: 'B-PRESS-03',
      line_id: 'B',
      priority: 'P2',
      status: 'closed',
      title: 'B-PRESS-03 液压油泄漏',
      symptom: '油缸下方漏油',
      root_cause: '密封圈老化',
      resolution: '更换油缸密封圈',
      assignee_id: 1,
      opened_at: '2026-11-20T08:00:00',
      closed_at: '2026-11-20T12:00:00',
    },
  ]);
  renameSync(replacement, plantFile);
  const after = await server.call('search_work_orders', { symptom: '漏油' });
  assert.equal(after.isError, false, after.text);
  assert.deepEqual(
    after.structured.matches.map((match: { order_id: number }) => match.order_id),
    [301],
  );
  assert.equal(after.structured.resolutions[0].resolution, '更换油缸密封圈');
  assert.equal(after.structured.indexed_orders, 10);

  // a change written in place by another connection (data_version) is picked up too
  const writer = openSqlite(plantFile);
  writer
    .prepare(
      "INSERT INTO work_orders VALUES (302, 'A-CNC-01', 'A', 'P3', 'closed', 'A-CNC-01 冷却液泄漏', '冷却液漏油'," +
        " '管接头松动', '紧固冷却管接头', 4, '2026-11-21T08:00:00', '2026-11-21T09:00:00')",
    )
    .run();
  writer.close();
  const inPlace = await server.call('search_work_orders', { symptom: '漏油' });
  assert.deepEqual(inPlace.structured.matches.map((match: { order_id: number }) => match.order_id).sort(), [301, 302]);
  // and the on-call tools read the new file too
  const oncall = await server.call('get_current_oncall');
  assert.equal(oncall.structured.engineer.login, 'jcarter');
});

test('a missing plant.db is a tool error, not a crash', async () => {
  const dir = path.join(workspace.dir, 'missing');
  const missingConfig = writeConfig(path.join(workspace.dir), {
    plant: { db: path.join(dir, 'plant.db') },
    state: { fts_db: path.join(dir, 'fts.db') },
  });
  const other = await startServer({ name: 'plant', configFile: missingConfig, now: NOW });
  try {
    for (const tool of ['get_current_oncall', 'search_work_orders']) {
      const result = await other.call(tool, { symptom: '振动' });
      assert.equal(result.isError, true);
      assert.match(result.text, /plant database .* does not exist/);
      assert.match(result.text, /airgap-agent seed/);
    }
    assert.equal(existsSync(path.join(dir, 'plant.db')), false, 'never created');
  } finally {
    await other.close();
  }
  configFile = writeConfig(workspace.dir, {
    plant: { db: plantFile, timezone: 'Asia/Shanghai' },
    state: { db: path.join(workspace.dir, 'agent.db'), fts_db: ftsFile },
  });
});

test('nothing but JSON-RPC reaches stdout', async () => {
  const exchange = await rawExchange({
    name: 'plant',
    configFile,
    now: NOW,
    messages: [
      INITIALIZE,
      INITIALIZED,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search_work_orders', arguments: { symptom: '振动' } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_current_oncall', arguments: { at: 'nonsense' } },
      },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_open_issues', arguments: {} } },
    ],
  });
  assert.equal(exchange.stdoutLines.length, 4, exchange.stderr);
  for (const line of exchange.stdoutLines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
  assert.equal(exchange.code, 0);
});
