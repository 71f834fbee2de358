/**
 * agent-test runs on a temporary agent.db; the phrasings an admin taught the
 * appliance (src/skills/router/taught.ts) are part of how it answers, so they
 * are copied from the configured agent.db first (read-only there).
 */
import { existsSync } from 'node:fs';
import { openAgentDb } from '../store/agent-db.js';
import { openSqlite } from '../store/sqlite.js';
import { copyTaughtPhrasings } from '../skills/router/taught.js';

export function seedTaughtPhrasings(fromFile: string, toFile: string): number {
  if (!existsSync(fromFile)) return 0;
  let from;
  try {
    from = openSqlite(fromFile, { readonly: true });
  } catch {
    return 0;
  }
  const to = openAgentDb(toFile);
  try {
    return copyTaughtPhrasings(from, to);
  } finally {
    from.close();
    to.close();
  }
}
