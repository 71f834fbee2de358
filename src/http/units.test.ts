/**
 * The parts under the routes: password hashes, accounts, the task state
 * machine, the scheduler's lanes, the SSE parser, and the `users` command.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openAgentDb } from '../store/agent-db.js';
import { isAppError } from '../errors.js';
import { Collector } from '../agent/fixtures/harness.js';
import { usersCommand } from '../cli/commands/users.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { Accounts } from './accounts.js';
import { TaskStore, TRANSITIONS, TASK_STATES, canTransition } from './task-store.js';
import { Scheduler } from './scheduler.js';
import { SseParser } from './testing/sse-client.js';
import { formatEvent } from './sse.js';

function tempDb() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'http-unit-'));
  const db = openAgentDb(path.join(dir, 'agent.db'));
  return { dir, db, close: () => (db.close(), rmSync(dir, { recursive: true, force: true })) };
}

describe('passwords and accounts', () => {
  test('scrypt hashes carry their parameters and a per-user salt; verify is exact', async () => {
    const one = await hashPassword('correct horse');
    const two = await hashPassword('correct horse');
    assert.match(one, /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.notEqual(one, two, 'salted');
    assert.equal(await verifyPassword('correct horse', one), true);
    assert.equal(await verifyPassword('correct horsE', one), false);
    assert.equal(await verifyPassword('correct horse', 'md5$abc'), false);
  });

  test('accounts: add, duplicates, bad names and short passwords refused; passwd and disable end log-ins', async () => {
    const store = tempDb();
    try {
      const accounts = new Accounts(store.db, { ttlHours: 1 });
      const user = await accounts.add({ username: 'li.wei', role: 'operator', password: 'longenough' });
      assert.equal(user.role, 'operator');
      await assert.rejects(
        accounts.add({ username: 'li.wei', role: 'admin', password: 'longenough' }),
        (error: unknown) => isAppError(error) && error.code === 'ALREADY_EXISTS',
      );
      await assert.rejects(
        accounts.add({ username: 'bad name', role: 'admin', password: 'longenough' }),
        /not a valid user name/,
      );
      await assert.rejects(accounts.add({ username: 'x', role: 'admin', password: 'short' }), /too short/);
      // a Chinese name is a name: 王芳 logs in as 王芳
      assert.equal(
        (await accounts.add({ username: '王芳', role: 'operator', password: 'longenough' })).username,
        '王芳',
      );
      assert.equal(accounts.find('王芳')?.role, 'operator');
      await assert.rejects(accounts.add({ username: '-王芳', role: 'admin', password: 'longenough' }), /not a valid/);
      accounts.setDisabled('王芳', true);
      const stored = (store.db.prepare('SELECT password_hash FROM users').get() as { password_hash: string })
        .password_hash;
      assert.doesNotMatch(stored, /longenough/);
      const login = await accounts.login('li.wei', 'longenough');
      assert.equal(accounts.authenticate(login.token)?.username, 'li.wei');
      await accounts.setPassword('li.wei', 'another-one');
      assert.equal(accounts.authenticate(login.token), undefined, 'a new password ends old tokens');
      await assert.rejects(accounts.login('li.wei', 'longenough'), /wrong user name or password/);
      const again = await accounts.login('li.wei', 'another-one');
      accounts.setDisabled('li.wei', true);
      assert.equal(accounts.authenticate(again.token), undefined);
      await assert.rejects(accounts.login('li.wei', 'another-one'), /disabled/);
      assert.equal(accounts.count(), 0);
    } finally {
      store.close();
    }
  });
});

describe('the task state machine', () => {
  test('only the listed transitions are allowed; final states allow none', () => {
    assert.deepEqual([...TRANSITIONS.pending].sort(), ['cancelled', 'failed', 'running', 'waiting_input']);
    assert.deepEqual([...TRANSITIONS.running].sort(), ['cancelled', 'failed', 'success', 'waiting_input']);
    assert.deepEqual([...TRANSITIONS.waiting_input].sort(), ['cancelled', 'failed', 'pending', 'running']);
    for (const state of ['success', 'failed', 'cancelled'] as const)
      for (const to of TASK_STATES) assert.equal(canTransition(state, to), false);
    assert.equal(canTransition('running', 'pending'), false);
    assert.equal(canTransition('waiting_input', 'success'), false, 'a waiting task is decided before it can finish');
  });

  test('the store refuses an illegal transition, keeps the row as it was, and the database CHECK holds the state names', () => {
    const store = tempDb();
    try {
      const tasks = new TaskStore(store.db);
      store.db
        .prepare("INSERT INTO sessions (session_id, created_at, last_active_at) VALUES ('s1', 'now', 'now')")
        .run();
      const task = tasks.create({ sessionId: 's1', userId: null, question: 'q', priority: 0 });
      tasks.transition(task.task_id, 'running');
      tasks.transition(task.task_id, 'success', { answer: 'a' });
      assert.throws(() => tasks.transition(task.task_id, 'running'), /is success; it cannot become running/);
      assert.equal(tasks.get(task.task_id)!.state, 'success');
      assert.equal(tasks.get(task.task_id)!.answer, 'a');
      assert.throws(() => store.db.prepare("UPDATE tasks SET state = 'paused'").run(), /CHECK constraint/);
      const orphan = tasks.create({ sessionId: 's1', userId: null, question: 'q2', priority: 5 });
      assert.equal(tasks.failOrphans('restarted'), 1);
      assert.equal(tasks.get(orphan.task_id)!.state, 'failed');
    } finally {
      store.close();
    }
  });
});

describe('the scheduler', () => {
  test('a waiting model job never blocks a rules job; priority then arrival order; full → QUEUE_FULL with a retry estimate', async () => {
    const scheduler = new Scheduler({ limits: { rules: 1, model: 1 }, max: 3 });
    const order: string[] = [];
    const gates: Record<string, () => void> = {};
    const job = (id: string, lane: 'rules' | 'model', priority = 0) => ({
      id,
      lane,
      priority,
      run: () =>
        new Promise<void>((resolve) => {
          order.push(id);
          gates[id] = resolve;
        }),
    });
    scheduler.submit(job('m1', 'model'));
    scheduler.submit(job('m2', 'model', 5));
    scheduler.submit(job('m3', 'model', 1));
    scheduler.submit(job('r1', 'rules'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['m1', 'r1'], 'the rules job started although two model jobs wait');
    assert.equal(scheduler.depth, 2);
    scheduler.submit(job('r2', 'rules'));
    assert.throws(
      () => scheduler.submit(job('m4', 'model')),
      (error: unknown) =>
        isAppError(error) && error.code === 'QUEUE_FULL' && typeof error.details?.retry_after_s === 'number',
    );
    gates.m1!();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['m1', 'r1', 'm3'], 'priority 1 before priority 5');
    assert.equal(scheduler.remove('m2'), true);
    assert.equal(scheduler.remove('m2'), false);
    gates.r1!();
    gates.m3!();
    await new Promise((resolve) => setImmediate(resolve));
    gates.r2!();
    await scheduler.idle();
  });
});

describe('SSE', () => {
  test('the parser reads what the server writes, across chunk boundaries and line-end styles, like EventSource', () => {
    const parser = new SseParser();
    const text = `retry: 2000\n\n: keep-alive\n\n${formatEvent({ id: 7, event: 'token', data: { text: 'line\nbreak 中文' } })}`;
    const events = [];
    for (const character of text) events.push(...parser.push(character));
    assert.deepEqual(events, [{ id: '7', event: 'token', data: '{"text":"line\\nbreak 中文"}' }]);
    assert.equal(parser.retry, 2000);
    assert.deepEqual(new SseParser().push('data: a\r\ndata: b\r\rid: 3\revent: x\rdata: c\r\n\r\n'), [
      { id: '', event: 'message', data: 'a\nb' },
      { id: '3', event: 'x', data: 'c' },
    ]);
  });
});

describe('airgap-agent users', () => {
  test('add (password from stdin), list, passwd, disable; errors name the fix', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'users-cli-'));
    try {
      const config = path.join(dir, 'agent.yaml');
      writeFileSync(
        config,
        JSON.stringify({
          state: { db: path.join(dir, 'agent.db') },
          log: { level: 'silent', dir: path.join(dir, 'log') },
        }),
      );
      const run = async (args: string[], stdin = '') => {
        const stdout = new Collector();
        const stderr = new Collector();
        const code = await usersCommand({
          context: { globals: { config }, args, command: 'users' },
          io: { stdin: Readable.from([stdin]), stdout, stderr },
        });
        return { code, stdout: stdout.text, stderr: stderr.text };
      };
      assert.match(
        (await run(['list'])).stdout,
        /no accounts yet; create the first admin with `airgap-agent users add NAME --role admin`/,
      );
      assert.equal(
        (await run(['add', 'boss', '--role', 'admin', '--password-stdin'], 'pass-word-1\nignored\n')).stdout,
        'added boss (admin)\n',
      );
      await assert.rejects(
        run(['add', 'boss', '--role', 'admin', '--password-stdin'], 'pass-word-1\n'),
        /already exists/,
      );
      await assert.rejects(
        run(['add', 'eve', '--role', 'root', '--password-stdin'], 'pass-word-1\n'),
        /--role must be admin or operator, not "root"/,
      );
      await assert.rejects(
        run(['add', 'eve', '--role', 'operator'], ''),
        (error: unknown) => isAppError(error) && /--password-stdin/.test(error.hint ?? ''),
      );
      await assert.rejects(run(['add', 'eve', '--role', 'operator', '--password-stdin'], 'short\n'), /too short/);
      await run(['add', 'eve', '--role', 'operator', '--password-stdin'], 'pass-word-2\n');
      const list = JSON.parse((await run(['list', '--json'])).stdout);
      assert.deepEqual(
        list.map((user: { username: string; role: string; disabled: boolean }) => [
          user.username,
          user.role,
          user.disabled,
        ]),
        [
          ['boss', 'admin', false],
          ['eve', 'operator', false],
        ],
      );
      assert.match(
        (await run(['passwd', 'eve', '--password-stdin'], 'pass-word-3\n')).stdout,
        /password of eve changed/,
      );
      assert.match((await run(['disable', 'eve'])).stdout, /eve is disabled/);
      assert.match((await run(['list'])).stdout, /eve\s+operator\s+disabled/);
      await assert.rejects(run(['passwd', 'nobody', '--password-stdin'], 'x\n'), /no user named "nobody"/);
      await assert.rejects(run(['frobnicate']), /unknown action "frobnicate"/);
      const db = openAgentDb(path.join(dir, 'agent.db'));
      const accounts = new Accounts(db, { ttlHours: 1 });
      assert.equal((await accounts.login('boss', 'pass-word-1')).user.role, 'admin');
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
