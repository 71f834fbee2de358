import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { decodeText } from './files.js';
import {
  INITIALIZE,
  INITIALIZED,
  rawExchange,
  startServer,
  tempDir,
  writeConfig,
  type TestServer,
} from '../shared/test-client.js';

let server: TestServer;
let workspace: ReturnType<typeof tempDir>;
let configFile: string;
let docs: string;
let outside: string;

const PRESS_SOP = [
  '# 冲压机保养规程 Press maintenance SOP',
  '',
  '1. 每班检查液压油位。Check the hydraulic oil level every shift.',
  '2. 主轴轴承每 500 小时加注润滑脂 (Bearing grease every 500 h).',
  '3. 发现异常振动立即停机，通知值班工程师。Stop the press on abnormal VIBRATION.',
].join('\n');
const HANDOVER_GBK = ['交接班记录 2026-11-24 夜班', 'B线3号冲压机振动偏大，已通知维修。', '扭矩扳手已校准。'].join(
  '\r\n',
);
const LONG_TEXT = Array.from(
  { length: 500 },
  (_, index) => `line ${String(index + 1).padStart(3, '0')} 质量记录 quality record ${'x'.repeat(20)}`,
).join('\n');

before(async () => {
  workspace = tempDir('docs-mcp-');
  docs = path.join(workspace.dir, 'docs');
  outside = path.join(workspace.dir, 'outside');
  mkdirSync(path.join(docs, 'sop'), { recursive: true });
  mkdirSync(path.join(docs, 'handover'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET password=hunter2 振动');
  writeFileSync(path.join(docs, 'sop', 'press-maintenance.md'), PRESS_SOP);
  writeFileSync(path.join(docs, 'handover', '2026-11-24-night.txt'), iconv.encode(HANDOVER_GBK, 'gbk'));
  writeFileSync(
    path.join(docs, 'handover', 'bom.txt'),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('带BOM的文件 torque')]),
  );
  writeFileSync(path.join(docs, 'long-record.txt'), LONG_TEXT);
  writeFileSync(path.join(docs, 'manual.pdf'), Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]));
  writeFileSync(path.join(docs, 'settings.yaml'), 'press:\n  torque_nm: 45\n');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(docs, 'leak.txt'));
  symlinkSync(outside, path.join(docs, 'leak-dir'));
  symlinkSync(path.join(docs, 'sop', 'press-maintenance.md'), path.join(docs, 'press-link.md'));
  configFile = writeConfig(workspace.dir, { docs: { root: docs } });
  server = await startServer({ name: 'docs', configFile });
});
after(async () => {
  await server?.close();
  workspace?.cleanup();
});

test('decodeText: UTF-8, UTF-8 with BOM, GBK', () => {
  assert.deepEqual(decodeText(Buffer.from('振动 vibration')), { text: '振动 vibration', encoding: 'utf-8' });
  assert.equal(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('振动')])).encoding, 'utf-8-bom');
  const gbk = decodeText(iconv.encode('冲压机振动偏大', 'gbk'));
  assert.deepEqual(gbk, { text: '冲压机振动偏大', encoding: 'gb18030' });
});

test('list_documents: recursive, readable flags, links leading outside hidden', async () => {
  const result = await server.call('list_documents');
  assert.equal(result.isError, false, result.text);
  const paths = result.structured.documents.map((entry: { path: string }) => entry.path);
  assert.deepEqual(paths, [
    'handover/2026-11-24-night.txt',
    'handover/bom.txt',
    'long-record.txt',
    'manual.pdf',
    'press-link.md',
    'settings.yaml',
    'sop/press-maintenance.md',
  ]);
  const pdf = result.structured.documents.find((entry: { path: string }) => entry.path === 'manual.pdf');
  assert.equal(pdf.readable, false);
  assert.match(pdf.reason, /not a text file/);
  assert.ok(!result.text.includes('secret'));
  const sub = await server.call('list_documents', { folder: 'handover' });
  assert.deepEqual(
    sub.structured.documents.map((entry: { path: string }) => entry.path),
    ['handover/2026-11-24-night.txt', 'handover/bom.txt'],
  );
});

test('read_document: UTF-8 and GBK decoded, encoding reported', async () => {
  const sop = await server.call('read_document', { path: 'sop/press-maintenance.md' });
  assert.equal(sop.isError, false, sop.text);
  assert.equal(sop.structured.content, PRESS_SOP);
  assert.equal(sop.structured.encoding, 'utf-8');
  assert.equal(sop.structured.truncated, false);
  assert.equal(sop.structured.next_offset, null);
  assert.match(sop.text, /complete\]/);
  const handover = await server.call('read_document', { path: 'handover/2026-11-24-night.txt' });
  assert.equal(handover.structured.encoding, 'gb18030');
  assert.equal(handover.structured.content, HANDOVER_GBK);
  assert.match(handover.text, /GBK\/GB18030 \(converted to UTF-8\)/);
  const bom = await server.call('read_document', { path: 'handover/bom.txt' });
  assert.equal(bom.structured.encoding, 'utf-8-bom');
  assert.equal(bom.structured.content, '带BOM的文件 torque');
  const windowsStyle = await server.call('read_document', { path: 'sop\\press-maintenance.md' });
  assert.equal(windowsStyle.isError, false);
  const inside = await server.call('read_document', { path: 'press-link.md' });
  assert.equal(inside.isError, false, 'a link to a file inside the folder is fine');
});

test('read_document: truncation is explicit, with the total and the next offset', async () => {
  const first = await server.call('read_document', { path: 'long-record.txt', max_chars: 1000 });
  assert.equal(first.structured.total_chars, LONG_TEXT.length);
  assert.equal(first.structured.returned_chars, 1000);
  assert.equal(first.structured.truncated, true);
  assert.equal(first.structured.next_offset, 1000);
  assert.match(
    first.text,
    new RegExp(`TRUNCATED: ${LONG_TEXT.length - 1000} more characters; call read_document with offset=1000`),
  );
  const second = await server.call('read_document', { path: 'long-record.txt', offset: 1000, max_chars: 1000 });
  assert.equal(second.structured.content, LONG_TEXT.slice(1000, 2000));
  const byDefault = await server.call('read_document', { path: 'long-record.txt' });
  assert.equal(byDefault.structured.returned_chars, 8000);
  assert.equal(byDefault.structured.truncated, true);
  const tail = await server.call('read_document', { path: 'long-record.txt', offset: LONG_TEXT.length - 10 });
  assert.equal(tail.structured.truncated, false);
  assert.equal(tail.structured.content, LONG_TEXT.slice(-10));
  const past = await server.call('read_document', { path: 'long-record.txt', offset: LONG_TEXT.length + 5 });
  assert.equal(past.isError, true);
  assert.match(past.text, new RegExp(`past the end .* \\(${LONG_TEXT.length} characters in all\\)`));
  const tooMuch = await server.call('read_document', { path: 'long-record.txt', max_chars: 50001 });
  assert.equal(tooMuch.isError, true);
});

test('confinement: .., absolute paths, symlink escapes and NUL bytes are refused', async () => {
  const attacks: Array<[string, RegExp]> = [
    ['../outside/secret.txt', /"\.\." is not allowed/],
    ['sop/../../outside/secret.txt', /"\.\." is not allowed/],
    ['..\\outside\\secret.txt', /"\.\." is not allowed/],
    [path.join(outside, 'secret.txt'), /absolute paths are not allowed/],
    ['/etc/passwd', /absolute paths are not allowed/],
    ['C:\\Windows\\win.ini', /absolute paths are not allowed/],
    ['~/.ssh/id_rsa', /absolute paths are not allowed/],
    ['leak.txt', /link that leads outside/],
    ['leak-dir/secret.txt', /link that leads outside/],
    ['sop/press-maintenance.md\0.txt', /NUL byte/],
  ];
  for (const [attack, message] of attacks) {
    for (const tool of ['read_document', 'search_in_file']) {
      const result = await server.call(tool, { path: attack, keyword: 'secret' });
      assert.equal(result.isError, true, `${tool} ${attack}`);
      assert.match(result.text, message, `${tool} ${attack}: ${result.text}`);
      assert.ok(!result.text.includes('hunter2'));
      assert.equal(result.structured.error.code, 'FORBIDDEN');
      assert.match(result.text, /How to fix/);
    }
  }
  const folderEscape = await server.call('list_documents', { folder: '../outside' });
  assert.equal(folderEscape.isError, true);
  const folderLink = await server.call('list_documents', { folder: 'leak-dir' });
  assert.equal(folderLink.isError, true);
  assert.match(folderLink.text, /outside the documents folder/);
  const search = await server.call('search_documents', { keyword: 'hunter2' });
  assert.equal(search.structured.total_matches, 0, 'files behind links leading outside are never searched');
});

test('read_document refuses non-text files and unknown paths with a reason', async () => {
  const pdf = await server.call('read_document', { path: 'manual.pdf' });
  assert.equal(pdf.isError, true);
  assert.match(pdf.text, /not a text file \(\.pdf\)/);
  const missing = await server.call('read_document', { path: 'sop/nothing.md' });
  assert.equal(missing.isError, true);
  assert.match(missing.text, /no document "sop\/nothing.md"/);
  assert.match(missing.text, /list_documents/);
  const folder = await server.call('read_document', { path: 'sop' });
  assert.equal(folder.isError, true);
  assert.match(folder.text, /is a folder/);
});

test('search_documents: Chinese and English, case-insensitive, in GBK files and file names', async () => {
  const vibration = await server.call('search_documents', { keyword: '振动' });
  assert.equal(vibration.isError, false, vibration.text);
  const hits = vibration.structured.matches.map(
    (match: { path: string; line: number }) => `${match.path}:${match.line}`,
  );
  assert.deepEqual(hits.sort(), ['handover/2026-11-24-night.txt:2', 'press-link.md:5', 'sop/press-maintenance.md:5']);
  assert.equal(
    vibration.structured.matches.find((match: { path: string }) => match.path.startsWith('handover')).text,
    'B线3号冲压机振动偏大，已通知维修。',
  );
  const english = await server.call('search_documents', { keyword: 'vibration' });
  assert.equal(english.structured.total_matches, 2);
  assert.match(english.text, /abnormal VIBRATION/);
  const names = await server.call('search_documents', { keyword: 'HANDOVER' });
  assert.deepEqual(names.structured.filename_matches, ['handover/2026-11-24-night.txt', 'handover/bom.txt']);
  const capped = await server.call('search_documents', { keyword: '质量记录', max_results: 3 });
  assert.equal(capped.structured.matches.length, 3);
  assert.equal(capped.structured.total_matches, 500);
  assert.equal(capped.structured.truncated, true);
  const words = await server.call('search_documents', { keyword: 'hydraulic 油位' });
  assert.equal(words.structured.mode, 'all_words');
  assert.ok(words.structured.total_matches >= 1);
  const none = await server.call('search_documents', { keyword: '不存在的词' });
  assert.equal(none.isError, false);
  assert.equal(none.structured.total_matches, 0);
  const empty = await server.call('search_documents', { keyword: '  ' });
  assert.equal(empty.isError, true);
  assert.match(empty.text, /keyword is empty/);
});

test('search_in_file: line numbers and counts', async () => {
  const result = await server.call('search_in_file', { path: 'handover/2026-11-24-night.txt', keyword: '扭矩' });
  assert.equal(result.isError, false);
  assert.deepEqual(result.structured.matches, [{ line: 3, text: '扭矩扳手已校准。' }]);
  assert.equal(result.structured.encoding, 'gb18030');
  const many = await server.call('search_in_file', { path: 'long-record.txt', keyword: 'LINE 1', max_results: 5 });
  // "line 100" … "line 199": case-insensitive
  assert.equal(many.structured.total_matches, 100);
  assert.equal(many.structured.matches.length, 5);
  assert.equal(many.structured.truncated, true);
  assert.equal(many.structured.matches[0].line, 100);
  assert.match(many.text, /100 lines of long-record.txt .* showing the first 5/);
  const none = await server.call('search_in_file', { path: 'settings.yaml', keyword: 'pressure' });
  assert.equal(none.structured.total_matches, 0);
  assert.match(none.text, /does not occur/);
});

test('a missing docs folder is a tool error, not a crash', async () => {
  const missingConfig = writeConfig(path.join(workspace.dir, 'outside'), {
    docs: { root: path.join(workspace.dir, 'nope') },
  });
  const other = await startServer({ name: 'docs', configFile: missingConfig });
  try {
    const result = await other.call('list_documents');
    assert.equal(result.isError, true);
    assert.match(result.text, /does not exist/);
    assert.match(result.text, /docs\.root/);
  } finally {
    await other.close();
  }
});

test('nothing but JSON-RPC reaches stdout', async () => {
  const exchange = await rawExchange({
    name: 'docs',
    configFile,
    messages: [
      INITIALIZE,
      INITIALIZED,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'read_document', arguments: { path: 'handover/2026-11-24-night.txt' } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'read_document', arguments: { path: '../outside/secret.txt' } },
      },
    ],
  });
  assert.equal(exchange.stdoutLines.length, 3, exchange.stderr);
  for (const line of exchange.stdoutLines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
  assert.equal(exchange.code, 0);
});
