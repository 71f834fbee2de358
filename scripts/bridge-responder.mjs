#!/usr/bin/env node
/**
 * A scripted responder for `airgap-agent llm bridge`: watches DIR/requests and
 * answers each new request with the next reply of a JSON file, as a person or
 * another program would (a response file written whole: temp file + rename).
 *
 *   node scripts/bridge-responder.mjs --dir DIR --replies REPLIES.json [--exit-when-done]
 *
 * REPLIES.json: an array; each item is a response as RESPONDER.md describes
 * ({"content"}, {"tool_calls"}, {"raw"}), optionally with "match": a text the
 * request's new messages must contain to take that reply (first match wins;
 * items without "match" play in order). Requests no reply fits are left alone.
 * Writes one line per answer to stderr; never touches a request twice.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, replies: { type: 'string' }, 'exit-when-done': { type: 'boolean' } },
});
if (!values.dir || !values.replies) {
  process.stderr.write('usage: bridge-responder.mjs --dir DIR --replies REPLIES.json [--exit-when-done]\n');
  process.exit(2);
}
const replies = JSON.parse(readFileSync(values.replies, 'utf8'));
if (!Array.isArray(replies)) {
  process.stderr.write(`bridge-responder: ${values.replies} must hold a JSON array of responses\n`);
  process.exit(2);
}
const requests = path.join(values.dir, 'requests');
const responses = path.join(values.dir, 'responses');
const answered = new Set();

function tick() {
  if (!existsSync(requests)) return;
  for (const name of readdirSync(requests).sort()) {
    const match = /^(\d+)\.json$/.exec(name);
    if (!match || answered.has(match[1])) continue;
    const id = match[1];
    if (existsSync(path.join(responses, `${id}.json`))) {
      answered.add(id);
      continue;
    }
    const request = JSON.parse(readFileSync(path.join(requests, name), 'utf8'));
    const seen = JSON.stringify(request.new_messages);
    const index = replies.findIndex((reply) => reply.match === undefined || seen.includes(reply.match));
    if (index < 0) continue;
    const [reply] = replies.splice(index, 1);
    const { match: _match, ...response } = reply;
    const file = path.join(responses, `${id}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(response, null, 2));
    renameSync(`${file}.tmp`, file);
    answered.add(id);
    process.stderr.write(`bridge-responder: answered ${id} (${replies.length} replies left)\n`);
  }
  if (values['exit-when-done'] && replies.length === 0) process.exit(0);
}

setInterval(tick, 50);
process.on('SIGTERM', () => process.exit(0));
