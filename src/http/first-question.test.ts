/**
 * Nothing starts before a question needs it (issue #17): the real service
 * (seeded plant, the shipped MCP servers, createAgent, real HTTP) has no MCP
 * child process once it is up — the router's equipment list is read on the
 * first question, not at start. That first question, naming a machine by its
 * listed name, is still routed by rule to the right equipment_id; the list is
 * read once, and read again after an import changes plant.db, so a machine
 * imported while the service runs is routed by name without a restart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ImportReport } from '../import/importer.js';
import { selfCommand } from '../runtime/self.js';
import { openSqlite } from '../store/sqlite.js';
import { childPids, processAlive } from '../../mcp-servers/query/test-support.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataNamed, readSse } from './testing/sse-client.js';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `airgap-agent ARGS… --json` for one file: its report (a rejected file exits 1, which throws here) */
async function importInItsOwnProcess(args: string[]): Promise<ImportReport> {
  const self = selfCommand([...args, '--json', '--quiet']);
  const { stdout } = await promisify(execFile)(self.command, self.args, { encoding: 'utf8' });
  return JSON.parse(stdout) as ImportReport;
}

describe('the service at start and at its first question', () => {
  let live: LiveService;
  let cookie: string;
  let admin: string;
  before(async () => {
    live = await startLiveService();
    cookie = await liveCookie(live.url, OPERATOR);
    admin = await liveCookie(live.url, ADMIN);
  });
  after(async () => live?.close());

  /** rows of the router's equipment lookup in the audit log (the query server's own rows) */
  function countLookups(): number {
    live.runtime.audit.flush();
    const db = openSqlite(path.join(live.dir, 'agent.db'), { readonly: true });
    try {
      const row = db
        .prepare("SELECT count(*) AS n FROM tool_call_log WHERE origin = 'server' AND purpose = ?")
        .get('router: learn equipment names') as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  }

  /** the lookups audited so far, once the query server's audit (flushed every 20 ms) has settled */
  async function equipmentLookups(atLeast = 0): Promise<number> {
    const deadline = Date.now() + 5000;
    while (countLookups() < atLeast && Date.now() < deadline) await delay(20);
    await delay(100);
    return countLookups();
  }

  async function ask(question: string): Promise<{ lane: string; equipment: unknown; skill: string | undefined }> {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ question }),
    });
    assert.equal(response.status, 202, await response.clone().text());
    const accepted = (await response.json()) as { task_id: string; lane: string };
    const { events } = await readSse(
      await fetch(`${live.url}/api/tasks/${accepted.task_id}/events`, {
        headers: { Cookie: cookie, Accept: 'text/event-stream' },
      }),
    );
    const started = dataNamed(events, 'skill-start');
    return { lane: accepted.lane, equipment: started.arguments.equipment, skill: dataNamed(events, 'answer').skill };
  }

  test('up and ready, with no MCP server running; the first question starts the query server and routes by name', async () => {
    const servers = live.runtime.tools.status();
    assert.equal(servers.length, 5, JSON.stringify(servers));
    for (const server of servers) assert.equal(server.pid, null, `${server.name} is running: ${server.state}`);
    const children = childPids(process.pid).filter(processAlive);
    assert.deepEqual(children, [], 'no child process before the first question');
    assert.equal(await equipmentLookups(), 0, 'the equipment list is not read at start');

    // "3号冲压机" on line B is B-PRESS-03 only by the equipment list (line A has presses 1 and 2)
    const first = await ask('B线3号冲压机现在什么状态？');
    assert.deepEqual(first, { lane: 'rules', equipment: 'B-PRESS-03', skill: 'equipment_status' });
    const query = live.runtime.tools.status().find((server) => server.name === 'query');
    assert.equal(query?.state, 'running');
    assert.ok(query?.pid && processAlive(query.pid));
    assert.equal(await equipmentLookups(1), 1);

    // the next question uses the list it has: no second lookup
    assert.equal((await ask('B线2号冲压机现在什么状态？')).equipment, 'B-PRESS-02');
    assert.equal(await equipmentLookups(1), 1);
  });

  test('a machine imported while the service runs is routed by its name, without a restart', async () => {
    const explain = async (question: string): Promise<unknown> => {
      const response = await fetch(`${live.url}/api/phrasings/explain?q=${encodeURIComponent(question)}`, {
        headers: { Cookie: admin },
      });
      assert.equal(response.status, 200, await response.clone().text());
      return ((await response.json()) as { route: { args?: { equipment?: unknown } } }).route.args?.equipment;
    };
    const question = 'B线5号冲压机现在什么状态？';
    assert.equal(await explain(question), '5号冲压机', 'not listed yet: the words as typed');
    const before = await equipmentLookups();
    const csv = path.join(live.dir, 'equipment.csv');
    writeFileSync(
      csv,
      'equipment_id,line_id,name,type,status,last_maintenance,next_maintenance\n' +
        'B-PRESS-05,B,5号冲压机,PRESS,running,2026-11-01,2026-12-01\n',
    );
    // as an admin imports: `airgap-agent import` in its own process. In this one it would block the
    // service's event loop (SQLite is synchronous, and waits for a reader's lock the same way): a wait of
    // over 5 s had the server close the keep-alive socket the next fetch then reused (ECONNRESET on CI)
    const report = await importInItsOwnProcess([
      '--config',
      path.join(live.dir, 'agent.yaml'),
      'import',
      'equipment',
      csv,
    ]);
    assert.equal(report.status, 'imported', JSON.stringify(report));
    assert.equal(await explain(question), 'B-PRESS-05');
    assert.equal(await equipmentLookups(before + 1), before + 1, 'read again once, after the import');
    assert.deepEqual(await ask(question), { lane: 'rules', equipment: 'B-PRESS-05', skill: 'equipment_status' });
    assert.equal(await equipmentLookups(before + 1), before + 1);
  });
});
