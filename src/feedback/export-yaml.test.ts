/**
 * The feedback export read by a YAML 1.1 parser (issue 29, N22): in YAML
 * 1.1, U+2028, U+2029 and U+0085 are line breaks, so a question holding one
 * written raw broke the file for PyYAML (the parser most tools outside this
 * program use). Real feedback in a real agent.db, exported, then read back by
 * PyYAML (python3 -c, YAML 1.1) and by agent-test's own loader (YAML 1.2):
 * every question comes back exactly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAgentDb } from '../store/agent-db.js';
import { loadCaseFile } from '../agent-test/load-cases.js';
import { exportCases, FeedbackStore } from './store.js';

const QUESTIONS = [
  '产线A昨天的次品率是多少？\u2028请按班次分开',
  'line B\u2029paragraph two',
  'next line\u0085after NEL',
  'tab\there, "quotes", \\backslash and a BOM\uFEFF inside',
  'plain question about line C',
];

const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
const skip = python.status === 0 ? false : 'python3 with PyYAML (a YAML 1.1 parser) is not installed';

test('questions with U+2028, U+2029 and NEL survive the export for YAML 1.1 and 1.2 readers (N22)', { skip }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feedback-yaml-'));
  const db = openAgentDb(path.join(dir, 'agent.db'));
  try {
    const store = new FeedbackStore(db);
    for (const question of QUESTIONS) {
      const row = store.add({ question, verdict: 'wrong', givenBy: 'otto', correction: 'the rate is 1.2%' });
      store.review(row.feedback_id, { reviewer: 'ada', expectedOutput: ['1.2%'] });
    }
    const { yaml, count } = exportCases(store.list({ state: 'reviewed' }).reverse(), { timezone: 'Asia/Shanghai' });
    assert.equal(count, QUESTIONS.length);
    assert.doesNotMatch(yaml, /[\u0085\u2028\u2029]/, 'no raw YAML 1.1 line break inside a scalar');
    const file = path.join(dir, 'feedback-cases.yaml');
    writeFileSync(file, yaml);
    const read = spawnSync(
      'python3',
      [
        '-c',
        'import json, sys, yaml\n' +
          'data = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))\n' +
          'print(json.dumps([case["input"] for case in data["cases"]]))',
        file,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(read.status, 0, read.stderr);
    assert.deepEqual(JSON.parse(read.stdout), QUESTIONS);
    const loaded = loadCaseFile(file);
    assert.deepEqual(loaded.problems, []);
    assert.deepEqual(
      loaded.cases.map((entry) => entry.testCase.input),
      QUESTIONS,
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
