import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, runSkill, toolErr, toolOk } from '../shared/testing.js';
import { AppError } from '../../../errors.js';
import { currentDatetime } from './skill.js';

const NOW = {
  date: '2026-11-29',
  time: '10:00:00',
  datetime: '2026-11-29T10:00:00+08:00',
  weekday: 7,
  weekday_en: 'Sunday',
  weekday_zh: '星期日',
  iso_week: 48,
  iso_week_year: 2026,
  timezone: 'Asia/Shanghai',
  utc_offset: '+08:00',
};

test('the date and time in both languages', async () => {
  const tools = fakeTools(() => toolOk(NOW));
  const zh = await runSkill({ skill: currentDatetime, args: {}, tools, language: 'zh' });
  assert.equal(zh.result.answer, '现在是 2026-11-29 10:00:00，星期日（Asia/Shanghai，UTC+08:00），ISO 周 2026-W48。');
  const en = await runSkill({ skill: currentDatetime, args: {}, tools });
  assert.equal(en.result.answer, 'It is 2026-11-29 10:00:00, Sunday (Asia/Shanghai, UTC+08:00), ISO week 2026-W48.');
});

test('a missing utils server is an error with its code', async () => {
  const tools = fakeTools(() => toolErr('TOOL_NOT_FOUND', 'no tool named current_datetime'));
  await assert.rejects(
    runSkill({ skill: currentDatetime, args: {}, tools }),
    (error: unknown) =>
      error instanceof AppError && error.code === 'TOOL_NOT_FOUND' && /airgap-agent doctor/.test(error.hint ?? ''),
  );
});
