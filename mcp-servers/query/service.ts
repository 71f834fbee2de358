/**
 * The query server's work, apart from the MCP wiring: guard → freshness check
 * → cache → engine check (prepare, `readonly`, plan) → executor process (or,
 * for a light query whose plan bounds its work, this process: light.ts) →
 * result, with every call audited. Results are MCP CallToolResults: refusals and
 * failures are `isError: true` with an actionable text and structuredContent
 * `{ error: { code, message, hint, … } }` (the shape of mcp-servers/shared).
 */
import { statSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '../../src/config/schema.js';
import type { QueryResult } from '../../src/mcp/types.js';
import type { Logger } from '../../src/log/index.js';
import type { AuditWriter } from '../../src/store/audit.js';
import type { SqliteDatabase, SqliteStatement } from '../../src/store/sqlite.js';
import { checkQuery, type GuardAccepted, type GuardRefusal } from './guard.js';
import { QueryExecutor, type ExecutionFailureCode, type ExecutionResult } from './executor.js';
import { RESULT_MAX_BYTES, VALUE_MAX_BYTES, type Cell } from './protocol.js';
import { readSchema, renderOverview, renderSchema, type SchemaInfo } from './schema-info.js';
import { openPlantReadOnly } from './worker.js';
import {
  LIGHT_DEMOTE_MS,
  LIGHT_ROWS,
  costlyText,
  lightShape,
  lightWork,
  shapeKey,
  type SchemaNames,
  type WorkVerdict,
} from './light.js';
import { BROAD_ROWS_PER_MS, judgePlan, type Inspection, type PlanRow } from './inspection.js';
import { DataProfile } from './profile.js';
import { runStatement, type StatementCache } from './run-statement.js';
import { archivePathFor } from '../../src/plant/archive-path.js';

export interface CallContext {
  traceId?: string | undefined;
  sessionId?: string | undefined;
}

interface CachedResult {
  sql: string;
  columns: string[];
  rows: Cell[][];
  hasMore: boolean;
  note?: string;
  /** the text a model reads, below its header line, rendered once for this SQL text (a hit only adds the header) */
  body?: string;
}

interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
  /** the archive beside plant.db (plant-archive.db): 0 when there is none */
  archiveIno: number;
  archiveSize: number;
  archiveMtimeMs: number;
}

const TEXT_MAX_CHARS = 20000;

export class QueryService {
  private db: SqliteDatabase;
  /** `PRAGMA data_version`, prepared once per connection (asked on every call) */
  private dataVersionStatement: SqliteStatement;
  private readonly cache: LRUCache<string, CachedResult> | undefined;
  readonly executor: QueryExecutor;
  private dataVersion: number;
  private identity: FileIdentity | undefined;
  private schema: SchemaInfo | undefined;
  private tables: Map<string, string[]> | undefined;
  private sizes: Map<string, number> | undefined;
  private names: SchemaNames | undefined;
  /** exact facts bounding light queries' work, measured in a worker per plant.db version */
  private readonly profile: DataProfile;
  /** shapes (light.ts: literals masked) of light queries that ran too long here: workers only, any literal */
  private readonly demoted = new LRUCache<string, true>({ max: 2000 });
  /** light queries' statements on this.db */
  private statements: StatementCache = new Map();
  private readonly inspections = new LRUCache<string, Inspection>({ max: 2000 });
  /** the guard's verdict on SQL it accepted, by exact text (the guard is pure; repeats skip the tokenizer) */
  private readonly accepted = new LRUCache<string, GuardAccepted>({ max: 2000 });

  constructor(
    private readonly options: {
      config: Config;
      audit: AuditWriter;
      log: Logger;
      /** a light query using more CPU ms than this runs in a worker from then on (default LIGHT_DEMOTE_MS; tests: -1) */
      lightDemoteMs?: number;
    },
  ) {
    const { config } = options;
    this.db = openPlantReadOnly(config.plant.db);
    this.dataVersionStatement = this.db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = this.readDataVersion();
    this.identity = this.readIdentity();
    this.cache =
      config.query.cache.ttl_s > 0
        ? new LRUCache<string, CachedResult>({
            max: config.query.cache.max_entries,
            ttl: config.query.cache.ttl_s * 1000,
          })
        : undefined;
    this.executor = new QueryExecutor({
      dbFile: config.plant.db,
      timeoutMs: config.query.timeout_ms,
      log: options.log,
      workers: config.query.workers,
      queueMax: config.query.queue_max,
      maxRssMb: config.query.worker_max_rss_mb,
    });
    this.executor.start();
    this.profile = new DataProfile({
      db: () => this.db,
      // ~100 ms for 1 M quality rows: not heavy by itself; one that runs long counts as heavy like any job
      run: (sql, background) => this.executor.run(sql, { background }),
      log: options.log,
    });
    void this.profile.warm(LIGHT_ROWS);
  }

  async queryDatabase(
    args: { sql: string; purpose: string },
    context: CallContext,
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    const started = performance.now();
    const { sql, purpose } = args;
    const audit = (fields: {
      success: boolean;
      summary: string;
      errorCode?: string | undefined;
      cached?: boolean;
    }): void => {
      this.options.audit.write({
        origin: 'server',
        server: 'query',
        tool_name: 'query_database',
        session_id: context.sessionId ?? null,
        trace_id: context.traceId ?? null,
        parameters: { sql, purpose },
        purpose,
        result_summary: fields.summary,
        duration_ms: performance.now() - started,
        success: fields.success,
        cached: fields.cached ?? false,
        error_code: fields.errorCode ?? null,
      });
    };
    const refuse = (refusal: GuardRefusal): CallToolResult => {
      audit({ success: false, summary: `${refusal.code}: ${refusal.reason}`, errorCode: refusal.code });
      return refusalResult(refusal);
    };

    if (purpose.trim().length < 3) {
      return refuse({
        code: 'PURPOSE_MISSING',
        rule: 'state the business purpose of every query (it goes to the audit log)',
        reason: 'purpose is empty',
        example: 'purpose: "line A\'s defect rate on 2025-01-15 for the shift report"',
      });
    }
    this.checkFreshness();
    let accepted = this.accepted.get(sql);
    if (!accepted) {
      const verdict = checkQuery({
        sql,
        maxRows: this.options.config.query.max_rows,
        tables: this.tablesForExamples(),
      });
      if (!verdict.ok) return refuse(verdict.error);
      accepted = verdict.value;
      this.accepted.set(sql, accepted);
    }

    const cacheKey = accepted.cacheable ? accepted.normalized : undefined;
    const hit = cacheKey !== undefined ? this.cache?.get(cacheKey) : undefined;
    if (hit) {
      // the same SQL text: the columns and the rendered text as they were; another text of the same query: its own names
      const same = hit.sql === sql;
      const columns = same ? hit.columns : (this.columnsOf(sql) ?? hit.columns);
      const result: QueryResult = {
        columns,
        rows: hit.rows,
        row_count: hit.rows.length,
        has_more: hit.hasMore,
        elapsed_ms: 0,
        cached: true,
        ...(hit.note ? { note: hit.note } : {}),
      };
      const body = same ? (hit.body ??= renderBody(result)) : renderBody(result);
      result.elapsed_ms = round(performance.now() - started);
      audit({ success: true, summary: summarize(result, accepted.offset), cached: true });
      return okResult(result, accepted, body);
    }

    // the engine's own verdict: syntax errors with SQLite's message, read-only checked after prepare, and its plan
    const inspected = await this.inspect(sql, signal);
    if (!inspected.ok) {
      const { code, message } = inspected;
      audit({ success: false, summary: `${code}: ${message}`, errorCode: code });
      return failureResult(
        code === 'SQL_ERROR'
          ? { code, message: `SQLite cannot prepare this query: ${message}`, hint: sqlErrorHint(message) }
          : { code, message, hint: failureHint(code, message), workerPid: inspected.workerPid },
      );
    }
    const inspection = inspected.inspection;
    if (!inspection.readonly) {
      return refuse({
        code: 'NOT_READ_ONLY',
        rule: 'read-only: only SELECT may run',
        reason: 'SQLite reports this statement would write',
      });
    }
    const broadMax = this.options.config.query.timeout_ms * BROAD_ROWS_PER_MS;
    if (inspection.broad.rows > broadMax) return refuse(broadRefusal(inspection.broad, broadMax));
    const light = this.lightVerdict(inspection);
    const execution =
      !signal?.aborted && light.light === true
        ? this.runHere(accepted.probeSql, inspection)
        : await this.executor.run(accepted.probeSql, {
            heavy: inspection.heavy,
            shape: inspection.shape,
            signal,
            // the deadline covers the plan read in a worker too (not the waits for a free one)
            timeoutMs: Math.max(1, this.options.config.query.timeout_ms - inspected.planMs),
          });
    if (!execution.ok) {
      audit({ success: false, summary: `${execution.code}: ${execution.message}`, errorCode: execution.code });
      return failureResult({
        code: execution.code,
        message: execution.message,
        hint: failureHint(execution.code, execution.message),
        workerPid: execution.workerPid,
      });
    }
    const cut = execution.cutAtBytes !== undefined && execution.rows.length <= accepted.limit;
    const hasMore = cut || execution.rows.length > accepted.limit;
    const rows = execution.rows.length > accepted.limit ? execution.rows.slice(0, accepted.limit) : execution.rows;
    const note = cut
      ? `the result was cut after ${rows.length} rows at ${RESULT_MAX_BYTES} bytes: fetch the rest with ` +
        `LIMIT ${Math.max(1, rows.length)} OFFSET ${accepted.offset + rows.length}, or select fewer or ` +
        `shorter columns`
      : undefined;
    const result: QueryResult = {
      columns: execution.columns,
      rows,
      row_count: rows.length,
      has_more: hasMore,
      elapsed_ms: round(performance.now() - started),
      cached: false,
      ...(note ? { note } : {}),
    };
    const body = renderBody(result);
    if (cacheKey !== undefined)
      this.cache?.set(cacheKey, { sql, columns: execution.columns, rows, hasMore, ...(note ? { note } : {}), body });
    audit({ success: true, summary: summarize(result, accepted.offset) });
    return okResult(result, accepted, body);
  }

  describeSchema(args: { table?: string | undefined }, context: CallContext): CallToolResult {
    const started = performance.now();
    this.checkFreshness();
    const schema = this.currentSchema();
    let result: CallToolResult;
    let errorCode: string | undefined;
    if (args.table !== undefined && args.table !== '') {
      const wanted = args.table.toLowerCase();
      const table = schema.tables.find((candidate) => candidate.name.toLowerCase() === wanted);
      if (!table) {
        errorCode = 'NOT_FOUND';
        const names = schema.tables.map((candidate) => candidate.name).join(', ');
        const hint = `call describe_schema with one of these tables, or without a name for an overview of them all: ${names}`;
        result = {
          isError: true,
          content: [
            {
              type: 'text',
              text: `UNKNOWN TABLE [NOT_FOUND]: there is no table "${args.table}".\nTables: ${names}\nhint: ${hint}`,
            },
          ],
          structuredContent: {
            error: {
              code: 'NOT_FOUND',
              message: `there is no table "${args.table}"`,
              hint,
              tables: schema.tables.map((candidate) => candidate.name),
            },
          },
        };
      } else {
        result = {
          content: [{ type: 'text', text: renderSchema(schema, table) }],
          structuredContent: { tables: [table], metric_definitions: schema.metric_definitions },
        };
      }
    } else {
      result = { content: [{ type: 'text', text: renderOverview(schema) }], structuredContent: { ...schema } };
    }
    this.options.audit.write({
      origin: 'server',
      server: 'query',
      tool_name: 'describe_schema',
      session_id: context.sessionId ?? null,
      trace_id: context.traceId ?? null,
      parameters: args,
      result_summary: errorCode ? `NOT_FOUND: ${args.table}` : `${schema.tables.length} tables`,
      duration_ms: performance.now() - started,
      success: errorCode === undefined,
      error_code: errorCode ?? null,
    });
    return result;
  }

  /** Audit a call that never reached a tool's normal path: bad arguments (answered by the SDK) or an unexpected error. */
  auditUnreached(options: {
    tool: string;
    parameters: unknown;
    message: string;
    context: CallContext;
    code: string;
  }): void {
    const purpose = (options.parameters as { purpose?: unknown } | undefined)?.purpose;
    this.options.audit.write({
      origin: 'server',
      server: 'query',
      tool_name: options.tool,
      session_id: options.context.sessionId ?? null,
      trace_id: options.context.traceId ?? null,
      parameters: options.parameters ?? {},
      purpose: typeof purpose === 'string' ? purpose : null,
      result_summary: options.message,
      duration_ms: 0,
      success: false,
      error_code: options.code,
    });
  }

  close(): void {
    this.executor.close();
    this.db.close();
  }

  /** Drop cached results when plant.db changed; reopen everything when the file was replaced. */
  private checkFreshness(): void {
    const identity = this.readIdentity();
    // an archive that appeared, went or was replaced is attached afresh: like a replaced plant.db
    const replaced = identity?.ino !== this.identity?.ino || identity?.archiveIno !== this.identity?.archiveIno;
    const changed =
      replaced ||
      identity?.size !== this.identity?.size ||
      identity?.mtimeMs !== this.identity?.mtimeMs ||
      identity?.archiveSize !== this.identity?.archiveSize ||
      identity?.archiveMtimeMs !== this.identity?.archiveMtimeMs;
    if (replaced) {
      this.options.log.info({ file: this.options.config.plant.db }, 'plant-db-replaced');
      try {
        const db = openPlantReadOnly(this.options.config.plant.db);
        this.db.close();
        this.db = db;
        this.statements = new Map();
        this.dataVersionStatement = db.prepare('PRAGMA data_version').pluck();
      } catch (error) {
        this.options.log.error({ err: error }, 'plant-db-reopen-failed');
      }
      this.executor.recycle();
    }
    const version = this.readDataVersion();
    if (changed || version !== this.dataVersion) {
      this.cache?.clear();
      this.schema = undefined;
      this.tables = undefined;
      this.sizes = undefined;
      this.names = undefined;
      this.inspections.clear();
      this.profile.clear();
    }
    this.identity = identity;
    this.dataVersion = version;
  }

  private readDataVersion(): number {
    return this.dataVersionStatement.get() as number;
  }

  private readIdentity(): FileIdentity | undefined {
    try {
      const stat = statSync(this.options.config.plant.db);
      const archive = statSync(archivePathFor(this.options.config.plant.db), { throwIfNoEntry: false });
      return {
        ino: stat.ino,
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        archiveIno: archive?.ino ?? 0,
        archiveSize: archive?.size ?? 0,
        archiveMtimeMs: archive?.mtimeMs ?? 0,
      };
    } catch {
      return undefined;
    }
  }

  private currentSchema(): SchemaInfo {
    this.schema ??= readSchema(this.db);
    return this.schema;
  }

  private tablesForExamples(): Map<string, string[]> | undefined {
    if (!this.tables) {
      try {
        const objects = this.db
          .prepare("SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%'")
          .all() as Array<{ name: string }>;
        const columnsOf = (name: string): string[] =>
          (this.db.pragma(`table_info("${name.replaceAll('"', '""')}")`) as Array<{ name: string }>).map(
            (column) => column.name,
          );
        this.tables = new Map(objects.map(({ name }) => [name, columnsOf(name)]));
      } catch {
        return undefined;
      }
    }
    return this.tables;
  }

  /** A light candidate whose work the data profile bounds (light.ts); a fact not yet measured is asked for. */
  private lightVerdict(inspection: Inspection): WorkVerdict {
    const candidate = inspection.light;
    if (!candidate) return { light: false, reason: 'not a light plan' };
    if (this.demoted.has(candidate.shape.key)) return { light: false, reason: 'demoted' };
    const verdict = lightWork(candidate.shape, candidate.plan, this.profile);
    if (verdict.light === undefined) void this.profile.request(candidate.needs);
    return verdict;
  }

  /**
   * A light query on the server's own connection (no process hop). One that used more than LIGHT_DEMOTE_MS of
   * CPU after all (a machine much slower than the calibration) runs in a worker from then on, with any literals.
   * CPU time, not wall time: on a loaded machine a 1 ms query can wait 100 ms for a core, and that is no reason
   * to send it away.
   */
  private runHere(probeSql: string, inspection: Inspection): ExecutionResult {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const message = runStatement(this.db, this.statements, { type: 'run', id: 0, sql: probeSql });
    const elapsedMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const limitMs = this.options.lightDemoteMs ?? LIGHT_DEMOTE_MS;
    if (cpuMs > limitMs && inspection.light) {
      this.demoted.set(inspection.light.shape.key, true);
      this.options.log.warn({ cpuMs: round(cpuMs), ms: round(elapsedMs), limitMs }, 'light-query-slow-demoted');
    }
    if (message.type === 'result')
      return { ok: true, columns: message.columns, rows: message.rows, elapsedMs, cutAtBytes: message.cutAtBytes };
    if (message.type === 'error') return { ok: false, code: message.code, message: message.message };
    return { ok: false, code: 'QUERY_FAILED', message: 'the query could not run' };
  }

  /**
   * Prepare (syntax, read-only) and read SQLite's plan: heavy work? too broad? light? Only a light-shaped text
   * (light.ts: short, one SELECT, few tables) is prepared on this thread; any other is planned in a worker, as
   * SQLite's planner alone can take seconds (a 64-table join: 2.2 s).
   */
  private async inspect(
    sql: string,
    signal: AbortSignal | undefined,
  ): Promise<
    | { ok: true; inspection: Inspection; planMs: number }
    | { ok: false; code: ExecutionFailureCode; message: string; workerPid?: number | undefined }
  > {
    const known = this.inspections.get(sql);
    if (known) return { ok: true, inspection: known, planMs: 0 };
    let planMs = 0;
    const sizes = this.tableSizes();
    const light = lightShape(sql, this.schemaNames());
    const shape = light?.key ?? shapeKey(sql);
    const costly = light === undefined && costlyText(sql, this.schemaNames());
    let plan: PlanRow[];
    if (light) {
      let statement: SqliteStatement;
      try {
        statement = this.db.prepare(sql);
      } catch (error) {
        return { ok: false, code: 'SQL_ERROR', message: error instanceof Error ? error.message : String(error) };
      }
      if (!statement.reader || !statement.readonly) {
        const inspection: Inspection = { readonly: false, heavy: false, shape, broad: { rows: 0, scans: [] } };
        this.inspections.set(sql, inspection);
        return { ok: true, inspection, planMs };
      }
      plan = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as PlanRow[];
    } else {
      const explained = await this.executor.run(`EXPLAIN QUERY PLAN ${sql}`, {
        signal,
        shape: `plan ${shape}`,
        heavy: costly,
      });
      if (!explained.ok) return explained;
      planMs = explained.elapsedMs;
      plan = explained.rows.map(([id, parent, , detail]) => ({
        id: Number(id),
        parent: Number(parent),
        detail: String(detail),
      }));
    }
    const judged = judgePlan({ sql, plan, sizes, shape: light });
    const inspection: Inspection = { readonly: true, shape, ...judged, heavy: judged.heavy || costly };
    this.inspections.set(sql, inspection);
    return { ok: true, inspection, planMs };
  }

  /** Names the light text gate checks: tables, views, attached schemas (lower-case). */
  private schemaNames(): SchemaNames {
    if (!this.names) {
      const tables = new Set<string>();
      const views = new Set<string>();
      const schemas = new Set<string>();
      try {
        for (const { name, type } of this.db
          .prepare("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view')")
          .all() as Array<{ name: string; type: string }>)
          (type === 'view' ? views : tables).add(name.toLowerCase());
        for (const { name } of this.db.pragma('database_list') as Array<{ name: string }>)
          if (name !== 'main') schemas.add(name.toLowerCase());
        schemas.add('temp');
      } catch {
        // schema unreadable: no table is known, so no plan step resolves and nothing is light
      }
      this.names = { tables, views, schemas };
    }
    return this.names;
  }

  /** Approximate row count of every table (max(rowid): a lookup, not a count), lower-case names. */
  private tableSizes(): Map<string, number> {
    if (!this.sizes) {
      const sizes = new Map<string, number>();
      try {
        const objects = this.db
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
          .all() as Array<{ name: string }>;
        for (const { name } of objects) {
          let rows = Number.POSITIVE_INFINITY;
          try {
            rows = Number(
              (
                this.db.prepare(`SELECT max(rowid) AS n FROM "${name.replaceAll('"', '""')}"`).get() as {
                  n: number | null;
                }
              ).n ?? 0,
            );
          } catch {
            // WITHOUT ROWID or virtual: size unknown
          }
          sizes.set(name.toLowerCase(), rows);
        }
      } catch {
        // schema unreadable: the plan check is skipped, the executor's limits still hold
      }
      this.sizes = sizes;
    }
    return this.sizes;
  }

  /** The column names of a statement, prepared here only when its text is light-shaped (bounded planning). */
  private columnsOf(sql: string): string[] | undefined {
    if (!lightShape(sql, this.schemaNames())) return undefined;
    try {
      return this.db
        .prepare(sql)
        .columns()
        .map((column) => column.name);
    } catch {
      return undefined;
    }
  }
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

function summarize(result: QueryResult, offset: number): string {
  return (
    `${result.row_count} rows${offset ? ` from offset ${offset}` : ''}` +
    `${result.has_more ? ', more available' : ''}${result.cached ? ', cached' : ''}; columns: ` +
    `${result.columns.join(', ')}`
  );
}

/** The text under the header: the note, the column names and one line per row, cut at TEXT_MAX_CHARS (the rows stay whole in structuredContent). */
function renderBody(result: QueryResult): string {
  const lines = [...(result.note ? [`note: ${result.note}`] : []), result.columns.join(' | ')];
  let size = 0;
  for (const row of result.rows) {
    const line = row.map((cell) => (cell === null ? 'NULL' : String(cell))).join(' | ');
    size += line.length;
    if (size > TEXT_MAX_CHARS) {
      lines.push(
        `… (text cut at ${TEXT_MAX_CHARS} characters; all ${result.row_count} rows are in the structured result)`,
      );
      break;
    }
    lines.push(line);
  }
  return lines.join('\n');
}

function okResult(result: QueryResult, accepted: { limit: number; offset: number }, body: string): CallToolResult {
  const header = `${result.row_count} row${result.row_count === 1 ? '' : 's'}${
    result.has_more
      ? ` (more rows exist: next page with LIMIT ${result.note ? Math.max(1, result.row_count) : accepted.limit}` +
        ` OFFSET ${accepted.offset + (result.note ? result.row_count : accepted.limit)})`
      : ''
  } · ${result.elapsed_ms} ms${result.cached ? ' · from cache' : ''}`;
  return { content: [{ type: 'text', text: `${header}\n${body}` }], structuredContent: { ...result } };
}

/** structuredContent of a failed call, the shape every shipped server uses (mcp-servers/shared/server.ts) plus the guard's details. */
export interface QueryErrorContent {
  error: {
    code: string;
    message: string;
    hint?: string | undefined;
    rule?: string;
    example?: string | undefined;
    worker_pid?: number;
  };
}

export function refusalResult(refusal: GuardRefusal): CallToolResult {
  const text = [
    `QUERY REFUSED [${refusal.code}]`,
    `rule: ${refusal.rule}`,
    `why: ${refusal.reason}`,
    ...(refusal.example ? [`corrected example: ${refusal.example}`] : []),
    'Fix the SQL and call query_database again.',
  ].join('\n');
  const structured: QueryErrorContent = {
    error: {
      code: refusal.code,
      message: `${refusal.reason} (rule: ${refusal.rule})`,
      hint: refusal.example ? `corrected example: ${refusal.example}` : undefined,
      rule: refusal.rule,
      example: refusal.example,
    },
  };
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: structured as unknown as Record<string, unknown>,
  };
}

/** A plan whose full scans multiply past what a worker reads before the timeout (inspection.ts). */
function broadRefusal(broad: Inspection['broad'], max: number): GuardRefusal {
  const scans = broad.scans.map((scan) => `${scan.table} (${scan.rows} rows)`).join(' × ');
  const joined = broad.scans.length > 1;
  return {
    code: 'QUERY_TOO_BROAD',
    rule: `a query may read at most ${max} rows (what SQLite could read before query.timeout_ms)`,
    reason:
      `its plan reads ${scans}` +
      (joined
        ? ` = ${broad.rows.toExponential(1)} row combinations: every row of one with every row of the other`
        : ''),
    example: joined
      ? 'join the tables on their shared column (… JOIN production_lines p USING (line_id)) and filter each on ' +
        'its indexed columns (quality_data: line_id, record_date)'
      : 'filter on the indexed columns (quality_data: line_id, record_date) or aggregate over a shorter period',
  };
}

function failureResult(failure: { code: string; message: string; hint: string; workerPid?: number }): CallToolResult {
  const { code, message, hint, workerPid } = failure;
  const structured: QueryErrorContent = {
    error: { code, message, hint, ...(workerPid !== undefined ? { worker_pid: workerPid } : {}) },
  };
  return {
    isError: true,
    content: [{ type: 'text', text: `QUERY FAILED [${code}]: ${message}\nhint: ${hint}` }],
    structuredContent: structured as unknown as Record<string, unknown>,
  };
}

function failureHint(code: string, message: string): string {
  switch (code) {
    case 'QUERY_TIMEOUT':
      return (
        'narrow the query: filter with WHERE on indexed columns (quality_data: line_id, record_date), ' +
        'aggregate with GROUP BY, avoid cross joins and unbounded recursive CTEs'
      );
    case 'SQL_ERROR':
      return sqlErrorHint(message);
    case 'VALUE_TOO_LARGE':
      return (
        `build no value over ${VALUE_MAX_BYTES} bytes: drop the zeroblob/randomblob call or the huge ` +
        `printf/format width, or replace() that inflates the text; select the stored columns you need`
      );
    case 'QUERY_TOO_LARGE':
      return (
        'the query built too much in memory: select fewer and shorter values, aggregate with GROUP BY ' +
        'instead of group_concat over many rows, and do not grow strings in recursive CTEs'
      );
    case 'QUERY_BUSY':
      return 'the query workers are busy with other calls: wait a few seconds and call again';
    case 'CANCELLED':
      return 'the call was cancelled by the caller; nothing to do';
    default:
      return 'try again; if it keeps failing, simplify the query';
  }
}

function sqlErrorHint(message: string): string {
  if (/no such (table|column)/i.test(message))
    return 'check the names with describe_schema; quote odd names with double quotes ("name") and text values with single quotes (\'A\')';
  if (/syntax error|unrecognized token|incomplete input/i.test(message))
    return 'check the SQL syntax near the quoted text; text values go in single quotes, names in double quotes';
  return 'check the query against describe_schema and the rules in the tool description';
}
