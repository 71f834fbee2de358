import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromObject } from '../config/load.js';
import { notWritable, stateProblems } from './state-dirs.js';

test('a folder that can be created, one under a file, a file where a folder should be', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'state-dirs-'));
  try {
    assert.equal(notWritable(path.join(dir, 'a', 'b'), 'dir'), undefined, 'created on demand');
    writeFileSync(path.join(dir, 'file'), '');
    assert.equal(
      notWritable(path.join(dir, 'file', 'log'), 'dir'),
      `${path.join(dir, 'file')} is a file, so ${path.join(dir, 'file', 'log')} cannot be created under it`,
    );
    assert.equal(notWritable(path.join(dir, 'file'), 'dir'), `${path.join(dir, 'file')} is a file, not a folder`);
    mkdirSync(path.join(dir, 'agent.db'));
    assert.equal(
      notWritable(path.join(dir, 'agent.db'), 'file'),
      `${path.join(dir, 'agent.db')} is a folder, not a file`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('stateProblems names the config key and the fix for each place', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'state-dirs-'));
  try {
    writeFileSync(path.join(dir, 'logs'), 'not a folder');
    const config = configFromObject({ log: { dir: 'logs' } }, dir);
    const problems = stateProblems(config);
    assert.deepEqual(
      problems.map((problem) => problem.key),
      ['log.dir'],
    );
    assert.match(problems[0]!.fix, /, or set log\.dir to a place it may write$/);
    assert.deepEqual(stateProblems(configFromObject({}, dir)), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
