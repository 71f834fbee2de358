/**
 * Fault advice ranked for the kind of machine asked about (issue 27, item 6): the gripper that drops parts got
 * camera fixes first, because many recent camera orders say "brightness dropped" in their root cause. Through
 * the real plant server over stdio: a fix from another kind of machine never ranks first, whichever way the
 * kind is told (the machine named, a part word, the best-matching orders).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openSqlite } from '../../src/store/sqlite.js';
import { createPlantDb, type FixtureOrder } from './fixture.js';
import { startServer, tempDir, writeConfig, type TestServer } from '../shared/test-client.js';

const NOW = '2026-11-29T10:00:00';

function closed(order: Omit<FixtureOrder, 'status' | 'priority' | 'assignee_id'>): FixtureOrder {
  return { status: 'closed', priority: 'P3', assignee_id: 4, ...order };
}

// three gripper orders on the robot, older; eight camera orders whose root cause says the light "dropped", recent
const ROBOT_ORDERS: FixtureOrder[] = [
  ['2026-08-22', 'Low air pressure', 'Fixed the air leak; pressure back to 0.6 MPa'],
  ['2026-07-01', 'Low air pressure', 'Fixed the air leak; pressure back to 0.6 MPa'],
  ['2026-09-22', 'Faulty solenoid valve', 'Replaced the solenoid valve'],
].map(([day, cause, fix], index) =>
  closed({
    order_id: 500 + index,
    equipment_id: 'C-ROBOT-01',
    line_id: 'C',
    title: 'C-ROBOT-01: Gripper drops parts',
    symptom: 'Gripper drops parts',
    root_cause: cause!,
    resolution: fix!,
    opened_at: `${day}T09:00:00`,
    closed_at: `${day}T15:00:00`,
  }),
);
const CAMERA_ORDERS: FixtureOrder[] = Array.from({ length: 8 }, (_, index) =>
  closed({
    order_id: 600 + index,
    equipment_id: 'C-CAM-01',
    line_id: 'C',
    title: 'C-CAM-01: Vision camera false rejects',
    symptom: 'Vision camera false rejects',
    root_cause: 'Aging light source, brightness dropped',
    resolution: 'Replaced the ring light and recalibrated',
    opened_at: `2026-11-${String(10 + index).padStart(2, '0')}T09:00:00`,
    closed_at: `2026-11-${String(10 + index).padStart(2, '0')}T12:00:00`,
  }),
);

let server: TestServer;
let workspace: ReturnType<typeof tempDir>;

before(async () => {
  workspace = tempDir('plant-kind-');
  const plantFile = path.join(workspace.dir, 'plant.db');
  createPlantDb(plantFile);
  const db = openSqlite(plantFile);
  db.exec(
    "INSERT INTO equipment VALUES ('C-ROBOT-01','C','1号机械臂','ROBOT','running',NULL,NULL)," +
      "('C-CAM-01','C','1号视觉相机','CAM','running',NULL,NULL)",
  );
  const insert = db.prepare(
    'INSERT INTO work_orders VALUES (@order_id, @equipment_id, @line_id, @priority, @status, @title, @symptom, ' +
      '@root_cause, @resolution, @assignee_id, @opened_at, @closed_at)',
  );
  for (const order of [...ROBOT_ORDERS, ...CAMERA_ORDERS]) insert.run(order);
  db.close();
  const configFile = writeConfig(workspace.dir, {
    plant: { db: plantFile, timezone: 'Asia/Shanghai' },
    state: { db: path.join(workspace.dir, 'agent.db'), fts_db: path.join(workspace.dir, 'fts.db') },
  });
  server = await startServer({ name: 'plant', configFile, now: NOW });
});
after(async () => {
  await server?.close();
  workspace?.cleanup();
});

interface Group {
  resolution: string;
  other_kind?: boolean;
  order_ids: number[];
}

async function search(args: Record<string, unknown>) {
  const result = await server.call('search_work_orders', args);
  assert.equal(result.isError, false, result.text);
  return result.structured as {
    kind: { type: string; source: string } | null;
    resolutions: Group[];
    matches: Array<{ order_id: number; equipment_id: string }>;
  };
}

test('a camera question keeps the camera fix first: the kind of the machine named', async () => {
  // eight recent camera orders: without the kind they would outscore the three older gripper orders below
  const camera = await search({ symptom: 'dropped', equipment_id: 'C-CAM-01' });
  assert.equal(camera.resolutions[0]!.resolution, 'Replaced the ring light and recalibrated');
  assert.deepEqual(camera.kind, { type: 'CAM', source: 'asked' });
});

test('the best-matching orders tell the kind: "dropping parts" on line C ranks the robot fixes first', async () => {
  const found = await search({ symptom: 'dropping parts', line_id: 'C' });
  assert.deepEqual(found.kind, { type: 'ROBOT', source: 'best_match' });
  assert.equal(found.resolutions[0]!.resolution, 'Fixed the air leak; pressure back to 0.6 MPa');
  assert.deepEqual(found.resolutions[0]!.order_ids, [500, 501]);
  assert.equal(found.resolutions[1]!.resolution, 'Replaced the solenoid valve');
  const ring = found.resolutions.find((group) => group.resolution.startsWith('Replaced the ring light'));
  assert.equal(ring?.other_kind, true, 'the camera fix is listed as another kind of machine');
  assert.ok(
    found.resolutions.findIndex((group) => group.other_kind) >
      found.resolutions.findIndex((group) => !group.other_kind),
  );
  // the similar orders too: the robot's first
  assert.deepEqual(
    found.matches.slice(0, 3).map((match) => match.equipment_id),
    ['C-ROBOT-01', 'C-ROBOT-01', 'C-ROBOT-01'],
  );
});

test('a part word tells the kind ("gripper"), and so does the type asked for', async () => {
  const byWord = await search({ symptom: 'gripper dropped' });
  assert.deepEqual(byWord.kind, { type: 'ROBOT', source: 'words' });
  assert.notEqual(byWord.resolutions[0]!.other_kind, true);
  const asked = await search({ symptom: 'dropped', equipment_type: 'ROBOT' });
  assert.deepEqual(asked.kind, { type: 'ROBOT', source: 'asked' });
  assert.equal(asked.resolutions[0]!.resolution, 'Fixed the air leak; pressure back to 0.6 MPa');
  assert.ok(asked.resolutions.some((group) => group.other_kind));
});

test('a fix from another kind of machine never ranks first, for every symptom and filter', async () => {
  for (const args of [
    { symptom: 'dropping parts' },
    { symptom: 'drops parts', line_id: 'C' },
    { symptom: 'brightness dropped' },
    { symptom: 'camera false rejects' },
    { symptom: 'gripper' },
    { symptom: 'dropped', equipment_id: 'C-ROBOT-01' },
  ]) {
    const found = await search(args);
    if (found.resolutions.length > 0)
      assert.notEqual(found.resolutions[0]!.other_kind, true, `${JSON.stringify(args)}: ${JSON.stringify(found.kind)}`);
  }
});
