/**
 * Issue #12 for the docs server through the real SDK client: no message over
 * the cap (list_documents of a huge folder is cut with has_more and a note,
 * and the connection survives), and special files (a FIFO) are refused
 * instead of blocking the server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_MAX_BYTES } from '../shared/message-cap.js';
import { startServer, tempDir, writeConfig } from '../shared/test-client.js';

test(
  'list_documents of 5000 files with long paths (≈ 20 MB of listing) is cut under the message cap ' +
    'with has_more and a note; the connection survives',
  async () => {
    const workspace = tempDir('docs-cap-');
    const docs = path.join(workspace.dir, 'docs');
    let deep = docs;
    for (let level = 0; level < 10; level++)
      deep = path.join(deep, `${'长目录'.repeat(10)}-${level}-${'d'.repeat(120)}`);
    mkdirSync(deep, { recursive: true });
    for (let index = 0; index < 5000; index++)
      writeFileSync(path.join(deep, `${String(index).padStart(5, '0')}-${'f'.repeat(150)}.txt`), 'x');
    writeFileSync(path.join(docs, 'press-sop.md'), '# Press SOP\ntorque 45 Nm');
    const server = await startServer({
      name: 'docs',
      configFile: writeConfig(workspace.dir, { docs: { root: docs } }),
    });
    try {
      const listed = await server.call('list_documents');
      assert.equal(listed.isError, false, listed.text.slice(0, 300));
      const bytes = Buffer.byteLength(JSON.stringify(listed.structured)) + Buffer.byteLength(listed.text);
      assert.ok(bytes < MESSAGE_MAX_BYTES, `${bytes} bytes came back`);
      assert.equal(listed.structured.has_more, true);
      assert.match(listed.structured.note, /over the \d+-byte message limit, and was cut: ask for less/);
      assert.ok(
        listed.structured.documents.length > 100 && listed.structured.documents.length < 5000,
        `${listed.structured.documents.length} entries`,
      );
      assert.match(listed.text, /message limit/);
      // the same connection still answers
      const read = await server.call('read_document', { path: 'press-sop.md' });
      assert.equal(read.isError, false, read.text);
      assert.match(read.text, /torque 45 Nm/);
    } finally {
      await server.close();
      workspace.cleanup();
    }
  },
);

test('a FIFO in the documents folder is refused at once (not a regular file) and the server keeps answering', async () => {
  const workspace = tempDir('docs-fifo-');
  const docs = path.join(workspace.dir, 'docs');
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'press-sop.md'), '# Press SOP\ntorque 45 Nm');
  execFileSync('mkfifo', [path.join(docs, 'pipe.txt')]);
  const server = await startServer({ name: 'docs', configFile: writeConfig(workspace.dir, { docs: { root: docs } }) });
  try {
    const started = Date.now();
    const read = await server.call('read_document', { path: 'pipe.txt' });
    assert.equal(read.isError, true, read.text);
    assert.match(read.text, /not a regular file/);
    assert.ok(Date.now() - started < 5000);
    const inFile = await server.call('search_in_file', { path: 'pipe.txt', keyword: 'x' });
    assert.match(inFile.text, /not a regular file/);
    const search = await server.call('search_documents', { keyword: 'torque' });
    assert.equal(search.isError, false, search.text);
    assert.equal(search.structured.matches.length, 1);
  } finally {
    await server.close();
    workspace.cleanup();
  }
});
