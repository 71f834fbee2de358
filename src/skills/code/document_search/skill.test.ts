import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallRequest } from '../../../mcp/types.js';
import { fakeTools, runSkill, toolErr, toolOk } from '../shared/testing.js';
import { documentSearch, hanBigrams, queryTerms, searchWords } from './skill.js';

const LINES: Record<string, Array<{ path: string; line: number; text: string }>> = {
  冲压机: [
    { path: 'sop/SOP-PR-007-press-vibration.md', line: 3, text: '冲压机异常振动处理规程' },
    { path: 'manuals/press-JH21-250-maintenance.md', line: 10, text: '冲压机日常保养' },
  ],
  sop: [{ path: 'sop/SOP-PR-007-press-vibration.md', line: 1, text: '# SOP-PR-007' }],
  焊机: [{ path: 'manuals/legacy/welder-NB-500.txt', line: 4, text: 'NB-500 焊机 保养周期' }],
};

function docs(
  search: (keyword: string) => Array<{ path: string; line: number; text: string }> = (keyword) =>
    LINES[keyword.toLowerCase()] ?? [],
) {
  return fakeTools((request: ToolCallRequest) => {
    if (request.name === 'search_documents') {
      const keyword = String(request.arguments.keyword);
      const matches = search(keyword);
      return toolOk({
        keyword,
        filename_matches: keyword.toLowerCase() === 'sop' ? ['sop/SOP-PR-007-press-vibration.md'] : [],
        matches,
        total_matches: matches.length,
        files_searched: 31,
      });
    }
    if (request.name === 'read_document') {
      if (request.arguments.path === 'missing.md')
        return toolErr('NOT_FOUND', 'no document "missing.md" under the documents folder');
      const long = request.arguments.path === 'manuals/legacy/welder-NB-500.txt';
      return toolOk({
        path: request.arguments.path,
        encoding: long ? 'gbk' : 'utf-8',
        bytes: 100,
        total_chars: long ? 12000 : 40,
        offset: 0,
        returned_chars: long ? 8000 : 40,
        truncated: long,
        next_offset: long ? 8000 : null,
        content: long ? 'NB-500 焊机 保养周期' : '# SOP-PR-007\n冲压机异常振动处理规程',
      });
    }
    throw new Error(`unexpected tool ${request.name}`);
  });
}

test('query words: script runs and Chinese bigrams', () => {
  assert.deepEqual(queryTerms('冲压机换模SOP'), ['冲压机换模', 'sop']);
  assert.deepEqual(queryTerms('SOP die change'), ['sop', 'die', 'change']);
  assert.deepEqual(hanBigrams(['冲压机换模', 'sop']), ['冲压', '压机', '机换', '换模']);
});

test(
  'a phrase with no match is searched word by word, then by the two-character words of the Chinese ' +
    'word that matched nothing; files ranked by words matched (zh)',
  async () => {
    const tools = docs((keyword) => (keyword === '冲压' ? LINES['冲压机']! : (LINES[keyword.toLowerCase()] ?? [])));
    const { result } = await runSkill({
      skill: documentSearch,
      args: { query: '冲压机换模SOP' },
      tools,
      language: 'zh',
    });
    assert.equal(
      result.answer,
      [
        '找到 2 个与“冲压机换模SOP”相关的文档（按词搜索：冲压机换模、sop、冲压、压机、机换、换模）：',
        '- **sop/SOP-PR-007-press-vibration.md**（2 行匹配）\n  - 第 1 行：# SOP-PR-007\n  - 第 3 行：' +
          '冲压机异常振动处理规程\n- **manuals/press-JH21-250-maintenance.md**（1 行匹配）\n  - 第 10 行：冲压机日常保养',
        '要阅读其中一个，请说：“读取 sop/SOP-PR-007-press-vibration.md”。',
      ].join('\n\n'),
    );
    assert.deepEqual(
      tools.calls.map((call) => call.arguments.keyword),
      ['冲压机换模SOP', '冲压机换模', 'sop', '冲压', '压机', '机换', '换模'],
    );
    const files = (result.data as { files: Array<{ path: string; terms: string[] }> }).files;
    assert.deepEqual(files[0]?.terms.sort(), ['sop', '冲压机换模']);
  },
);

test('a direct hit in English lists every matching file', async () => {
  const { result } = await runSkill({ skill: documentSearch, args: { query: '冲压机' }, tools: docs() });
  assert.match(
    result.answer,
    new RegExp(
      [
        String.raw`^2 documents match "冲压机":\n\n- \*\*manuals\/press-JH21-250-maintenance\.md\*\* `,
        String.raw`\(1 matching line\)\n  - line 10: 冲压机日常保养\n- \*\*sop\/SOP-PR-007-press-vibration\.md\*\* `,
        String.raw`\(1 matching line\)`,
      ].join(''),
    ),
  );
  assert.match(result.answer, /To read one, say: "read manuals\/press-JH21-250-maintenance\.md"\.$/);
});

test('nothing found is said, with the number of files searched', async () => {
  const { result } = await runSkill({ skill: documentSearch, args: { query: 'die change' }, tools: docs() });
  assert.equal(
    result.answer,
    'No document in the documents folder mentions "die change" (searched 31 text files). Try another word, e.g. the machine\'s name or an SOP number.',
  );
});

test('reading a document: complete, truncated (with where to read on), or missing', async () => {
  const whole = await runSkill({
    skill: documentSearch,
    args: { query: 'x', path: 'sop/SOP-PR-007-press-vibration.md' },
    tools: docs(),
  });
  assert.equal(
    whole.result.answer,
    '**sop/SOP-PR-007-press-vibration.md** (utf-8, 40 characters, complete):\n\n# SOP-PR-007\n冲压机异常振动处理规程',
  );
  const cut = await runSkill({
    skill: documentSearch,
    args: { query: 'x', path: 'manuals/legacy/welder-NB-500.txt' },
    tools: docs(),
    language: 'zh',
  });
  assert.match(
    cut.result.answer,
    /^\*\*manuals\/legacy\/welder-NB-500\.txt\*\*（gbk，共 12000 字符）——内容较长，以下只显示第 0–8000 个字符；要继续读，请让我从第 8000 个字符接着读。\n\n```\nNB-500 焊机 保养周期\n```$/,
  );
  assert.equal((cut.result.data as { truncated: boolean }).truncated, true);
  const missing = await runSkill({
    skill: documentSearch,
    args: { query: 'press', path: 'missing.md' },
    tools: docs(),
  });
  assert.match(missing.result.answer, /^Cannot read missing\.md: no document "missing\.md" under the documents folder/);
  assert.match(
    missing.result.answer,
    /There is no such file in the documents folder\. Search for it first, e\.g\. "find press"\.$/,
  );
});

test('a missing path keeps every word of it, and the search offered uses the words of its file name', async () => {
  const tools = fakeTools((request: ToolCallRequest) =>
    toolErr('NOT_FOUND', `no document ${JSON.stringify(request.arguments.path)}`),
  );
  const en = await runSkill({
    skill: documentSearch,
    args: { query: 'manuals/does-not-exist.md', path: 'manuals/does-not-exist.md' },
    tools,
  });
  assert.equal(
    en.result.answer,
    'Cannot read manuals/does-not-exist.md: no document "manuals/does-not-exist.md"\n\nThere is no ' +
      'such file in the documents folder. Search for it first, e.g. "find does not exist".',
  );
  assert.equal((en.result.data as { error: string }).error, 'missing');
  const zh = await runSkill({
    skill: documentSearch,
    args: { query: 'manuals/冲压机_保养.md', path: 'manuals/冲压机_保养.md' },
    tools,
    language: 'zh',
  });
  assert.match(zh.result.answer, /文档目录中没有这个文件。可以先搜索，例如：“查找冲压机 保养”。$/);
  assert.equal(searchWords('', 'a/b/.md'), 'a/b/.md');
  assert.equal(searchWords('welder manual', 'x.md'), 'welder manual');
});

test('text from a CRLF file (old GBK notes) is shown with \\n line ends only, in a read and in matching lines', async () => {
  const tools = fakeTools((request: ToolCallRequest) => {
    if (request.name === 'read_document') {
      return toolOk({
        path: 'handover/2026-11-24-night.txt',
        encoding: 'gbk',
        bytes: 90,
        total_chars: 44,
        offset: 0,
        returned_chars: 44,
        truncated: false,
        next_offset: null,
        content: '交接班记录 2026-11-24 夜班\r\nB线3号冲压机振动偏大，已通知维修。\r\n扭矩扳手已校准。\r\n',
      });
    }
    return toolOk({
      keyword: request.arguments.keyword,
      filename_matches: [],
      matches: [{ path: 'handover/2026-11-24-night.txt', line: 2, text: 'B线3号冲压机振动偏大，已通知维修。\r' }],
      total_matches: 1,
      files_searched: 3,
    });
  });
  const read = await runSkill({
    skill: documentSearch,
    args: { query: 'x', path: 'handover/2026-11-24-night.txt' },
    tools,
    language: 'zh',
  });
  assert.doesNotMatch(read.result.answer, /\r/);
  assert.match(
    read.result.answer,
    /```\n交接班记录 2026-11-24 夜班\nB线3号冲压机振动偏大，已通知维修。\n扭矩扳手已校准。\n\n```$/,
  );
  const found = await runSkill({ skill: documentSearch, args: { query: '振动' }, tools, language: 'zh' });
  assert.doesNotMatch(found.result.answer, /\r/);
  assert.match(found.result.answer, /第 2 行：B线3号冲压机振动偏大，已通知维修。\n/);
});
