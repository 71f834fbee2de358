/**
 * agent.db: the agent's own state (never the plant's data). WAL mode, forward
 * migrations keyed by PRAGMA user_version, each applied in one transaction.
 * A newer database than this program knows is refused (downgrade protection).
 */
import path from 'node:path';
import { AppError } from '../errors.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';
import { ensurePrivateDir, ensurePrivateFile } from './files.js';

/** Append only: never edit a shipped migration, add a new one. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'initial',
    sql: `
CREATE TABLE tool_call_log (
  id             INTEGER PRIMARY KEY,
  session_id     TEXT,
  trace_id       TEXT,
  origin         TEXT NOT NULL DEFAULT 'agent',   -- 'agent' (the loop's view) | 'server' (a tool server's own record)
  server         TEXT,
  tool_name      TEXT NOT NULL,
  parameters     TEXT NOT NULL,                   -- JSON
  purpose        TEXT,
  result_summary TEXT,
  duration_ms    REAL NOT NULL DEFAULT 0,
  success        INTEGER NOT NULL,                -- 0 | 1
  cached         INTEGER NOT NULL DEFAULT 0,
  error_code     TEXT,
  attempt        INTEGER NOT NULL DEFAULT 1,
  created_at     TEXT NOT NULL                    -- ISO 8601 UTC
);
CREATE INDEX idx_tool_call_log_session ON tool_call_log(session_id, created_at);
CREATE INDEX idx_tool_call_log_time ON tool_call_log(created_at);
CREATE INDEX idx_tool_call_log_trace ON tool_call_log(trace_id);

CREATE TABLE sessions (
  session_id     TEXT PRIMARY KEY,
  user_id        INTEGER,
  title          TEXT,
  summary        TEXT,                            -- compressed older turns
  summarized_through INTEGER NOT NULL DEFAULT 0,  -- last turn folded into summary
  state          TEXT,                            -- JSON: slots of the last routed question (follow-ups)
  created_at     TEXT NOT NULL,
  last_active_at TEXT NOT NULL,
  released_at    TEXT
);
CREATE INDEX idx_sessions_user ON sessions(user_id, last_active_at);

CREATE TABLE conversation_history (
  session_id TEXT NOT NULL,
  turn       INTEGER NOT NULL,
  role       TEXT NOT NULL,                       -- 'user' | 'assistant' | 'tool' | 'system'
  content    TEXT NOT NULL,
  timestamp  TEXT NOT NULL,
  PRIMARY KEY (session_id, turn)
);

CREATE TABLE skills (
  name         TEXT PRIMARY KEY,
  version      TEXT NOT NULL,
  kind         TEXT NOT NULL,                     -- 'markdown' | 'code'
  source       TEXT NOT NULL,                     -- file path or 'builtin:<name>'
  content_hash TEXT NOT NULL,
  enabled      INTEGER NOT NULL,
  error        TEXT,                              -- why it is disabled
  updated_at   TEXT NOT NULL
);

CREATE TABLE users (
  user_id       INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE,
  role          TEXT NOT NULL CHECK (role IN ('operator','admin')),
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  disabled      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE auth_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(user_id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE tasks (
  task_id    TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  user_id    INTEGER,
  question   TEXT NOT NULL,
  priority   INTEGER NOT NULL DEFAULT 5,
  state      TEXT NOT NULL CHECK (state IN ('pending','running','waiting_input','success','failed','cancelled')),
  mode       TEXT,
  skill      TEXT,
  answer     TEXT,
  result     TEXT,                                -- JSON of the final answer
  error      TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX idx_tasks_session ON tasks(session_id, created_at);
CREATE INDEX idx_tasks_state ON tasks(state);

CREATE TABLE approvals (
  approval_id TEXT PRIMARY KEY,
  task_id     TEXT NOT NULL REFERENCES tasks(task_id),
  skill       TEXT NOT NULL,
  arguments   TEXT NOT NULL,
  reason      TEXT,
  state       TEXT NOT NULL CHECK (state IN ('pending','approved','rejected')),
  decided_by  INTEGER REFERENCES users(user_id),
  created_at  TEXT NOT NULL,
  decided_at  TEXT
);

CREATE TABLE tool_call_log_archive AS SELECT * FROM tool_call_log WHERE 0;
`,
  },
  {
    version: 2,
    name: 'scripts-handovers-feedback',
    sql: `
CREATE TABLE script_runs (
  run_id        TEXT PRIMARY KEY,
  script        TEXT NOT NULL,
  version       TEXT NOT NULL,
  arguments     TEXT NOT NULL,                    -- JSON, as validated
  argv          TEXT NOT NULL,                    -- JSON: the exact argv run (no shell)
  requested_by  TEXT,                             -- user name (or 'console:<login>' from the CLI)
  approved_by   TEXT,                             -- admin who approved (NULL: needed none)
  session_id    TEXT,
  trace_id      TEXT,
  sandbox       TEXT NOT NULL,                    -- 'systemd' | 'process'
  state         TEXT NOT NULL CHECK (state IN ('running','success','failed','timeout','cancelled')),
  exit_code     INTEGER,
  signal        TEXT,
  duration_ms   REAL,
  output_sha256 TEXT,
  output_bytes  INTEGER,
  output_tail   TEXT,                             -- the last lines (capped)
  started_at    TEXT NOT NULL,
  finished_at   TEXT
);
CREATE INDEX idx_script_runs_time ON script_runs(started_at);

CREATE TABLE handovers (
  handover_id   INTEGER PRIMARY KEY,
  session_id    TEXT,
  task_id       TEXT,
  trace_id      TEXT,
  question      TEXT NOT NULL,
  tried         TEXT NOT NULL,                    -- what the agent tried (mode, skill, error, answer)
  data_seen     TEXT,                             -- JSON: the answer's data / tool calls
  note          TEXT,                             -- the operator's words
  requested_by  TEXT,
  state         TEXT NOT NULL CHECK (state IN ('open','answered')),
  engineer      TEXT,
  answer        TEXT,
  action_taken  TEXT,
  created_at    TEXT NOT NULL,
  answered_at   TEXT
);
CREATE INDEX idx_handovers_state ON handovers(state, created_at);

CREATE TABLE feedback (
  feedback_id   INTEGER PRIMARY KEY,
  session_id    TEXT,
  task_id       TEXT,
  trace_id      TEXT,
  question      TEXT NOT NULL,
  answer        TEXT,
  skill         TEXT,                             -- the skill that answered (NULL: none)
  arguments     TEXT,                             -- JSON of that skill's arguments
  verdict       TEXT NOT NULL CHECK (verdict IN ('right','wrong')),
  correction    TEXT,
  source        TEXT NOT NULL DEFAULT 'operator', -- 'operator' | 'handover'
  given_by      TEXT,
  state         TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new','reviewed','dismissed')),
  expected_skill TEXT,                            -- set by the reviewing admin
  expected_args TEXT,                             -- JSON
  expected_output TEXT,                           -- JSON array of strings the right answer contains
  reviewed_by   TEXT,
  reviewed_at   TEXT,
  created_at    TEXT NOT NULL
);
CREATE INDEX idx_feedback_state ON feedback(state, created_at);

CREATE TABLE taught_phrasings (
  phrasing_id   INTEGER PRIMARY KEY,
  phrase        TEXT NOT NULL,
  normalized    TEXT NOT NULL,
  skill         TEXT NOT NULL,
  arguments     TEXT NOT NULL,                    -- JSON
  version       INTEGER NOT NULL,                 -- the store's version when this row was taught
  feedback_id   INTEGER REFERENCES feedback(feedback_id),
  taught_by     TEXT,
  created_at    TEXT NOT NULL,
  removed_at    TEXT,
  removed_by    TEXT
);
CREATE INDEX idx_taught_phrasings_live ON taught_phrasings(removed_at, normalized);
`,
  },
  {
    // issue 29, N10: a report belongs to its author; only they and admins replace it
    version: 3,
    name: 'report-owners',
    sql: `
CREATE TABLE report_owners (
  name          TEXT PRIMARY KEY,                 -- the file's name in reports.dir
  user_id       INTEGER NOT NULL REFERENCES users(user_id),
  written_at    TEXT NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'skill-versions',
    sql: `
-- every (name, version) a Markdown skill was ever enabled with, and its content: a version, once registered,
-- names one content (several versions of a skill may be installed side by side; the skills table keeps the newest)
CREATE TABLE skill_versions (
  name         TEXT NOT NULL,
  version      TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  source       TEXT NOT NULL,
  first_seen   TEXT NOT NULL,
  PRIMARY KEY (name, version)
);
INSERT INTO skill_versions (name, version, content_hash, source, first_seen)
  SELECT name, version, content_hash, source, updated_at FROM skills WHERE kind = 'markdown';
`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function migrate(db: SqliteDatabase): { from: number; to: number } {
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > SCHEMA_VERSION) {
    throw new AppError(
      'DB_ERROR',
      `agent.db is at schema version ${from}, newer than this program knows (${SCHEMA_VERSION})`,
      {
        hint: 'run the newer release again, or roll back with `install.sh --rollback` only together with its backup of agent.db',
      },
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= from) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return { from, to: SCHEMA_VERSION };
}

/** Open (creating if needed) and migrate agent.db. */
export function openAgentDb(file: string): SqliteDatabase {
  if (file !== ':memory:') {
    // 0700 folder, 0600 file (SQLite gives -wal and -shm the database file's mode)
    ensurePrivateDir(path.dirname(file));
    ensurePrivateFile(file);
  }
  // the service prepares the same few statements on every request: keep them compiled
  const db = openSqlite(file, { statementCache: 256 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // each question commits three small transactions (its task; its turn opened; audit rows, turn and task closed);
  // checkpointing every 1,000 pages (the default) copied the same hot pages back again and again: every 16,000 pages
  // (64 MB of WAL at most, truncated back to it after a checkpoint) cut the service's CPU per rules-path question by
  // about a tenth (bench:http, 50 operators)
  db.pragma('wal_autocheckpoint = 16000');
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}
