/**
 * The configuration, one YAML file, validated by this zod schema — the single
 * source of truth: types come from z.infer and docs/config.schema.json is
 * generated from it (`npm run gen:schemas`). Every key has a default, so the
 * demo needs no file. Relative paths are resolved against the config file's
 * folder (or the working directory when there is no file).
 */
import { TOOL_FORMAT_IDS } from '../types/tool-formats.js';
import { z } from 'zod';
import { satisfies } from '../skills/semver.js';

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const mcpServer = z
  .object({
    builtin: z
      .enum(['query', 'plant', 'holidays', 'docs', 'utils'])
      .optional()
      .describe('a server shipped inside the binary (re-invokes the same executable); exclusive with command'),
    command: z
      .string()
      .min(1)
      .optional()
      .describe('an external MCP stdio server: the program to run ({root} = app root)'),
    args: z.array(z.string()).default([]).describe('arguments for command ({root} is expanded)'),
    env: z
      .record(z.string(), z.string())
      .default({})
      .describe('extra environment variables for the child ({root} is expanded)'),
    allow: z.array(z.string()).optional().describe('only these tools of the server are offered'),
    deny: z.array(z.string()).default([]).describe('these tools of the server are never offered'),
    timeout_ms: z.number().int().min(100).max(600000).default(15000).describe('per-call timeout'),
    enabled: z.boolean().default(true),
    // issue 32 (the skill engine): a concurrency limit per dependency, queueing over it
    concurrency: z
      .number()
      .int()
      .min(1)
      .max(256)
      .default(16)
      .describe('calls to this server in flight at once; more wait in its queue'),
    queue_max: z
      .number()
      .int()
      .min(0)
      .max(10000)
      .default(64)
      .describe('calls waiting for this server at most; beyond that a call is answered MCP_SERVER_BUSY at once'),
  })
  .strict()
  .refine((server) => (server.builtin === undefined) !== (server.command === undefined), {
    message: 'give exactly one of "builtin" (a shipped server) or "command" (an external program)',
  });

export const DEFAULT_MCP_SERVERS = {
  query: { builtin: 'query' },
  plant: { builtin: 'plant' },
  holidays: { builtin: 'holidays' },
  docs: { builtin: 'docs' },
  utils: { builtin: 'utils' },
} as const;

export const configSchema = z
  .object({
    plant: z
      .object({
        name: z.string().default('Demo plant'),
        db: z.string().default('var/plant.db').describe('the plant business database (read-only to the agent)'),
        timezone: z.string().default('Asia/Shanghai').describe('IANA time zone of the plant; decides "today"'),
      })
      .strict()
      .prefault({}),
    state: z
      .object({
        db: z.string().default('var/agent.db').describe("the agent's own state: history, audit, skills, users"),
        fts_db: z
          .string()
          .default('var/workorders-fts.db')
          .describe('full-text index of work orders, built from plant.db by the agent (plant.db is never written)'),
      })
      .strict()
      .prefault({}),
    query: z
      .object({
        max_rows: z.number().int().min(1).max(100).default(100).describe('largest LIMIT a query may ask for (1..100)'),
        timeout_ms: z.number().int().min(50).max(600000).default(5000),
        workers: z
          .number()
          .int()
          .min(1)
          .max(16)
          .default(2)
          .describe('query worker processes; heavy queries may hold all but one, so cheap ones never wait behind them'),
        queue_max: z
          .number()
          .int()
          .min(0)
          .max(10000)
          .default(32)
          .describe('queries waiting for a worker at most; beyond that a call is answered QUERY_BUSY'),
        worker_max_rss_mb: z
          .number()
          .int()
          .min(128)
          .max(65536)
          .default(512)
          .describe('a query worker growing past this resident memory is killed (QUERY_TOO_LARGE)'),
        cache: z
          .object({
            ttl_s: z.number().int().min(0).max(86400).default(300),
            max_entries: z.number().int().min(1).max(100000).default(1000),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    llm: z
      .object({
        base_url: z
          .string()
          .url()
          .refine(
            (value) => /^https?:\/\/[^/]/i.test(value),
            'an http:// or https:// URL with a host, e.g. http://127.0.0.1:8081/v1',
          )
          .nullable()
          .default(null)
          .describe(
            'OpenAI-compatible endpoint, e.g. http://127.0.0.1:8081/v1; null = the embedded model service when a model is installed, else rules only',
          ),
        model: z.string().default('local').describe('model name sent to the endpoint'),
        api_key: z.string().optional().describe('sent as a bearer token when the endpoint wants one'),
        timeout_ms: z.number().int().min(100).max(600000).default(60000),
        temperature: z.number().min(0).max(2).default(0.2),
        max_tokens: z.number().int().min(16).max(32768).default(1024),
        concurrency: z.number().int().min(1).max(64).default(2).describe('model calls in flight at once per endpoint'),
        // issue 28: the wire format the model writes tool calls in (docs/tool-call-formats.md)
        tool_format: z
          .enum(['auto', ...TOOL_FORMAT_IDS])
          .default('auto')
          .describe(
            'the tool-call wire format of the model family, e.g. glm45, kimi_k2, qwen3_coder; auto = from the model id, the GGUF chat template, then the reply',
          ),
        embedded: z
          .object({
            model: z
              .string()
              .nullable()
              .default(null)
              .describe('GGUF file for the embedded service; null = first in vendor/models'),
            host: z.string().default('127.0.0.1'),
            port: z.number().int().min(1).max(65535).default(8081),
            threads: z
              .number()
              .int()
              .min(1)
              .max(256)
              .nullable()
              .default(null)
              .describe('CPU threads for inference; null = every core'),
            context_size: z
              .number()
              .int()
              .min(256)
              .max(131072)
              .default(16384)
              .describe(
                'tokens per request: the agent prompt (tool manuals, skills, history) is ~7–9k tokens with a real tokenizer, plus the answer',
              ),
            parallel: z.number().int().min(1).max(16).default(2).describe('requests decoded at once'),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    agent: z
      .object({
        max_steps: z.number().int().min(1).max(50).default(8),
        max_retries: z.number().int().min(0).max(10).default(3).describe('re-asks after a malformed tool call'),
        history_turns: z.number().int().min(0).max(100).default(10).describe('turns sent to the model verbatim'),
        summary_token_budget: z
          .number()
          .int()
          .min(64)
          .max(8192)
          .nullable()
          .default(null)
          .describe(
            "tokens for the summary of older turns; null = follows the model's context: llm.embedded.context_size / 32 (512 for 16384), within 64…8192",
          ),
        session_idle_minutes: z.number().int().min(1).max(10080).default(30),
        // issue 32 (the skill engine): the budget of one question, and the question `ask` asks when given none
        question_budget_s: z
          .number()
          .int()
          .min(1)
          .max(3600)
          .default(180)
          .describe(
            'one question may take this long in all (every model step, tool call, skill and retry); then it ends ' +
              'with an honest reply saying what did not answer',
          ),
        default_question: z
          .string()
          .trim()
          .min(1)
          .max(4000)
          .nullable()
          .default(null)
          .describe('the question `airgap-agent ask` asks when given none (what the plant usually asks first)'),
      })
      .strict()
      .prefault({}),
    mcp: z
      .preprocess(
        // entries merge over the shipped set (configure one server without losing the others;
        // switch a shipped one off with `enabled: false`); `shipped_servers: false` keeps only yours
        (value) => {
          const given = value === undefined || value === null ? {} : value;
          if (typeof given !== 'object' || Array.isArray(given)) return given;
          const mcp = given as { shipped_servers?: unknown; servers?: unknown };
          if (mcp.shipped_servers === false) return mcp;
          const servers = mcp.servers ?? {};
          if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) return mcp;
          const merged: Record<string, unknown> = { ...DEFAULT_MCP_SERVERS };
          for (const [name, entry] of Object.entries(servers as Record<string, unknown>)) {
            const shipped = (DEFAULT_MCP_SERVERS as Record<string, object>)[name];
            const isObject = entry !== null && typeof entry === 'object' && !Array.isArray(entry);
            merged[name] = shipped && isObject && !('command' in entry) ? { ...shipped, ...entry } : entry;
          }
          return { ...mcp, servers: merged };
        },
        z
          .object({
            shipped_servers: z
              .boolean()
              .default(true)
              .describe('start the shipped servers (query, plant, holidays, docs, utils) besides those listed'),
            lazy_start: z
              .boolean()
              .default(true)
              .describe(
                'start a server on the first call that needs it, once its tool list is known (kept in mcp-tools.json beside state.db)',
              ),
            idle_stop_s: z
              .number()
              .int()
              .min(0)
              .max(86400)
              .default(300)
              .describe(
                'stop a server no call has used for this many seconds (the next call starts it again); 0 keeps servers running',
              ),
            // issue 32 (the skill engine): a breaker per dependency
            breaker: z
              .object({
                failures: z
                  .number()
                  .int()
                  .min(1)
                  .max(1000)
                  .default(3)
                  .describe(
                    'this many calls to one server failing (timed out, server gone) within window_s open its breaker',
                  ),
                window_s: z.number().int().min(1).max(86400).default(60),
                cooldown_s: z
                  .number()
                  .int()
                  .min(1)
                  .max(86400)
                  .default(30)
                  .describe('an open breaker refuses calls at once for this long, then lets one call try'),
              })
              .strict()
              .prefault({})
              .describe('per MCP server: after repeated failures its calls are refused at once for a cool-down'),
            servers: z
              .record(
                z.string().regex(/^[a-z][a-z0-9_-]*$/, 'a server name in lower case: letters, digits, - and _'),
                mcpServer,
              )
              .default({})
              .describe('MCP servers: entries merge over the shipped set'),
          })
          .strict(),
      )
      .prefault({}),
    skills: z
      .object({
        dir: z
          .string()
          .default('skills')
          .describe('the shipped Markdown skills folder (relative to the app root when relative)'),
        custom_dir: z
          .string()
          .nullable()
          .default(null)
          .describe(
            "the plant's own Markdown skills, kept outside the release so upgrades keep them (relative to the config file)",
          ),
        watch: z.boolean().default(true).describe('reload skills when a file changes'),
        // issue 32 (the skill engine): version ranges pinned per skill
        pins: z
          .record(
            z.string().regex(/^[a-z][a-z0-9_]*$/, 'a skill name: snake_case'),
            z
              .string()
              .refine(
                (range) => satisfies('0.0.0', range) !== undefined,
                'a version range such as 1.2.3, ^1.2, ~1.2.0, >=1.1, 1.x',
              ),
          )
          .default({})
          .describe(
            'skill name → version range (e.g. quality_metrics: "^1.2"): the newest installed version in the ' +
              'range runs; a pin no installed version satisfies makes the skill unavailable, with the reason',
          ),
      })
      .strict()
      .prefault({}),
    scripts: z
      .object({
        dir: z
          .string()
          .nullable()
          .default(null)
          .describe(
            "the plant's own maintenance scripts (<name>/manifest.yaml + executable), kept outside the " +
              'release so upgrades keep them (relative to the config file); a script here replaces a shipped ' +
              'example of the same name',
          ),
        shipped: z
          .boolean()
          .default(true)
          .describe('also offer the shipped example scripts (deploy/scripts under the app root)'),
        sandbox: z
          .enum(['auto', 'systemd', 'none'])
          .default('auto')
          .describe(
            'auto: a transient systemd unit (systemd-run) when systemd runs and this process may start units,' +
              ' else a plain child process; systemd: always (a script fails when it cannot); none: a plain ' +
              'child process',
          ),
        output_max_kb: z
          .number()
          .int()
          .min(1)
          .max(10240)
          .default(256)
          .describe('output kept and digested per run; the rest is cut, and the run says so'),
      })
      .strict()
      .prefault({}),
    reports: z
      .object({
        dir: z
          .string()
          .default('var/reports')
          .describe(
            'report files (Markdown, CSV, HTML) written by skills and scripts; downloadable from the chat page',
          ),
        max_kb: z.number().int().min(1).max(102400).default(10240).describe('largest report file written'),
        total_max_mb: z
          .number()
          .int()
          .min(1)
          .max(1048576)
          .default(512)
          .describe('the reports folder holds at most this: a report that would take it past is refused'),
        export_max_days: z
          .number()
          .int()
          .min(1)
          .max(366)
          .default(31)
          .describe('the longest period one export of every quality record may cover (a daily summary: 366 days)'),
      })
      .strict()
      .prefault({}),
    docs: z
      .object({
        root: z.string().default('var/docs').describe('plant documents folder; the docs tools are confined to it'),
      })
      .strict()
      .prefault({}),
    server: z
      .object({
        host: z.string().default('127.0.0.1'),
        port: z.number().int().min(0).max(65535).default(8080),
        queue_max: z.number().int().min(1).max(10000).default(200).describe('questions waiting before 429'),
        body_limit_kb: z.number().int().min(1).max(10240).default(64),
        session_ttl_hours: z.number().int().min(1).max(8760).default(12),
        socket: z
          .string()
          .min(1)
          .nullable()
          .default(null)
          .describe(
            'a unix socket for the console: `ask`, `chat` and `agent-test` on this host go through the ' +
              'running service, as the local admin "console"; who may open the file (mode 0660: its owner and ' +
              'group) may use it',
          ),
        approval_timeout_s: z
          .number()
          .int()
          .min(1)
          .max(604800)
          .default(3600)
          .describe("a question waiting for an admin's approval longer than this ends (failed: the approval expired)"),
        result_max_kb: z
          .number()
          .int()
          .min(16)
          .max(65536)
          .default(1024)
          .describe(
            "a task's stored and streamed answer at most this; past it data, charts and tool results are left out (marked truncated)",
          ),
        task_retention_days: z
          .number()
          .int()
          .min(1)
          .max(3650)
          .default(90)
          .describe('finished tasks older than this are deleted by maintenance'),
        tasks_max_mb: z
          .number()
          .int()
          .min(1)
          .max(100000)
          .default(512)
          .describe('maintenance deletes the oldest finished tasks while their stored results exceed this'),
        header_timeout_s: z
          .number()
          .int()
          .min(1)
          .max(300)
          .default(10)
          .describe("a client must send a request's headers within this"),
        request_timeout_s: z
          .number()
          .int()
          .min(1)
          .max(3600)
          .default(30)
          .describe('a client must send the whole request (headers and body) within this'),
        connections_per_address: z
          .number()
          .int()
          .min(1)
          .max(100000)
          .default(64)
          .describe('open connections from one address at most; more are closed at once'),
        streams_per_user: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(16)
          .describe('event streams one user may hold open at once (429 past it)'),
        allowed_origins: z
          .array(z.string().regex(/^https?:\/\/[^/]+$/, 'an origin: scheme://host[:port], no path'))
          .default([])
          .describe(
            "origins other than the service's own that may send state-changing requests (the chat page's own origin is always allowed)",
          ),
        allowed_hosts: z
          .array(z.string().regex(/^[A-Za-z0-9.:[\]_-]+$/, 'a host name or address, no scheme, port or path'))
          .default([])
          .describe(
            "names the service answers to besides its own (the bind address, localhost, the host name, the machine's " +
              "addresses and their /etc/hosts names): a DNS alias, a reverse proxy's public name. Any other Host is 403 " +
              '(DNS rebinding)',
          ),
        trusted_proxies: z
          .array(z.string().min(1))
          .default([])
          .describe(
            'addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (e.g. 127.0.0.1)',
          ),
        tls: z
          .object({
            cert: z
              .string()
              .nullable()
              .default(null)
              .describe(
                'PEM certificate (chain) file: serve HTTPS directly; re-read when the file changes or on SIGHUP',
              ),
            key: z.string().nullable().default(null).describe('PEM private key file for server.tls.cert'),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    log: z
      .object({
        dir: z.string().default('var/log'),
        level: logLevel.default('info'),
        file: z
          .object({
            enabled: z.boolean().default(true),
            size: z
              .string()
              .regex(/^\d+[kmg]?$/i)
              .default('10m')
              .describe("rotate at this size: '10m', '500k'"),
            frequency: z.enum(['daily', 'hourly']).default('daily'),
            keep: z.number().int().min(1).max(1000).default(14).describe('rotated files kept'),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    import: z
      .object({
        inbox: z
          .string()
          .default('var/inbox')
          .describe('the drop folder: exports copied here are imported, then moved to done/ or failed/ with a report'),
        watch: z
          .enum(['service', 'unit', 'off'])
          .default('service')
          .describe(
            "who watches the inbox: 'service' (the serve process, each import in a worker process of its own), " +
              "'unit' (its own process, `airgap-agent " +
              'import --watch`, as the installed airgap-agent-import unit does, so the service keeps plant.db ' +
              "read-only), 'off'",
          ),
        poll_ms: z.number().int().min(100).max(600000).default(1000).describe('how often the inbox is looked at'),
        stable_ms: z
          .number()
          .int()
          .min(0)
          .max(3600000)
          .default(2000)
          .describe(
            'a file is read once its size and mtime have not changed for this long (or at once when NAME.done exists)',
          ),
        max_seconds: z
          .number()
          .int()
          .min(1)
          .max(86400)
          .default(900)
          .describe(
            'an import taking longer is stopped, nothing of it written (an inbox import: its process killed 30 s later)',
          ),
        mappings_dir: z
          .string()
          .nullable()
          .default(null)
          .describe(
            "folder of YAML mappings; the inbox uses the one whose 'match' glob fits the file name (else the " +
              'name must start with the table, e.g. quality_data-2026-11-26.csv)',
          ),
        max_age_hours: z
          .number()
          .min(0)
          .max(87600)
          .default(26)
          .describe(
            'warn (doctor, /readyz, /api/status, the chat page) when the newest quality data is older than this; 0 = never',
          ),
      })
      .strict()
      .prefault({}),
    audit: z
      .object({
        retention_days: z
          .number()
          .int()
          .min(1)
          .max(3650)
          .default(90)
          .describe('older audit rows are archived by maintenance'),
        flush_ms: z.number().int().min(10).max(10000).default(200),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type McpServerConfig = z.infer<typeof mcpServer>;
