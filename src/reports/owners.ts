/**
 * Who wrote each report file of the service (agent.db `report_owners`): a
 * report belongs to its author; only they and admins may replace it. A file
 * the service did not write (a maintenance script's, one from before this
 * table) has no author here: admins only.
 */
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';

export interface ReportWriter {
  user_id: number;
  username: string;
  role: 'admin' | 'operator';
}

export class ReportOwners {
  constructor(private readonly db: SqliteDatabase) {}

  /** The author's name by file name (for the listing). */
  names(): Map<string, string> {
    const rows = this.db
      .prepare(
        'SELECT report_owners.name AS name, users.username AS username FROM report_owners JOIN users USING (user_id)',
      )
      .all() as Array<{ name: string; username: string }>;
    return new Map(rows.map((row) => [row.name, row.username]));
  }

  /**
   * Throws when `writer` may not replace the existing file `name`: an
   * operator replaces only their own.
   */
  assertMayReplace(name: string, writer: ReportWriter): void {
    if (writer.role === 'admin') return;
    const owner = this.db
      .prepare(
        'SELECT users.user_id AS user_id, users.username AS username FROM report_owners JOIN users USING (user_id) WHERE name = ?',
      )
      .get(name) as { user_id: number; username: string } | undefined;
    if (owner?.user_id === writer.user_id) return;
    throw new AppError(
      'FORBIDDEN',
      owner
        ? `report "${name}" belongs to ${owner.username}: only they or an admin may replace it`
        : `report "${name}" has no author in this service (a script's, or older): only an admin may replace it`,
      { hint: 'save yours under another name' },
    );
  }

  /** Record the writer of a file just written (a replaced file changes hands). */
  wrote(name: string, writer: ReportWriter): void {
    this.db
      .prepare(
        `INSERT INTO report_owners (name, user_id, written_at) VALUES (?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET user_id = excluded.user_id, written_at = excluded.written_at`,
      )
      .run(name, writer.user_id, now().toISOString());
  }
}
