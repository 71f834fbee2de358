/**
 * Keeps the work-order index in step with plant.db: built at server start,
 * rebuilt when plant.db's change token moves (file replaced, resized,
 * touched, or a commit seen through PRAGMA data_version).
 */
import { now } from '../../src/clock.js';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';
import type { Logger } from '../../src/log/index.js';
import { buildIndex, type BuildResult } from './fts-index.js';
import type { PlantDb } from './plant-db.js';

export class WorkOrderIndex {
  private index: SqliteDatabase | undefined;
  private token: string | undefined;
  lastBuild: BuildResult | undefined;
  builds = 0;

  constructor(
    private readonly plant: PlantDb,
    private readonly target: string,
    private readonly log: Logger,
  ) {}

  /** The index, rebuilt first when plant.db changed since the last build. */
  current(): SqliteDatabase {
    const token = this.plant.changeToken();
    if (this.index && token === this.token) return this.index;
    this.rebuild(token);
    return this.index!;
  }

  private rebuild(token: string): void {
    const result = this.plant.read((plant) =>
      buildIndex({ plant, target: this.target, source: this.plant.file, token, builtAt: now().toISOString() }),
    );
    this.close();
    const index = openSqlite(this.target, { readonly: true, fileMustExist: true });
    index.pragma('query_only = ON');
    this.index = index;
    this.token = token;
    this.lastBuild = result;
    this.builds += 1;
    this.log.info({ orders: result.orders, ms: result.ms, target: this.target }, 'fts-index-built');
  }

  close(): void {
    try {
      this.index?.close();
    } catch {
      // already closed
    }
    this.index = undefined;
  }
}
