/**
 * The seam between the agent (and skills) and the tools. The MCP client
 * manager implements ToolCaller over real stdio MCP servers; tests may use any
 * other implementation (e.g. an in-memory MCP pair) behind the same interface.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  [key: string]: unknown;
}

export interface ToolInfo {
  /** the MCP server (config key) exposing it */
  server: string;
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface ToolCallRequest {
  name: string;
  arguments: Record<string, unknown>;
  traceId: string;
  sessionId: string;
  signal?: AbortSignal | undefined;
  /** overrides the server's configured per-call timeout */
  timeoutMs?: number | undefined;
}

export interface ToolCallResult {
  ok: boolean;
  /** the text content the server returned (what a model reads) */
  text: string;
  /** structuredContent when the server sent it (query_database always does) */
  structured?: unknown;
  /** AppError code or the server's own code for a refusal/failure */
  errorCode?: string | undefined;
  ms: number;
  cached?: boolean | undefined;
}

/**
 * Whether a tool can be called now, and if not why (for the skills that need
 * it: listed unavailable, never routed to). `reason` is for an admin (it
 * names the server, its state and the config key or command that fixes it).
 */
export type ToolHealth =
  | { ok: true; server: string }
  | {
      ok: false;
      /** the server that has (or had) the tool, when known */
      server: string | null;
      /** missing: no configured server offers it; disabled: its server is switched off in the config;
       *  filtered: allow/deny keeps it from callers; down: the server could not start;
       *  breaker-open: the server stopped answering and its calls are refused for a cool-down */
      state: 'missing' | 'disabled' | 'filtered' | 'down' | 'breaker-open';
      reason: string;
    };

export interface ToolCaller {
  listTools(): ToolInfo[];
  callTool(request: ToolCallRequest): Promise<ToolCallResult>;
  /** the tool's health before a call (absent: every listed tool is taken as callable) */
  health?(name: string): ToolHealth;
}

/** structuredContent of query_database (mcp-servers/query). */
export interface QueryResult {
  columns: string[];
  rows: Array<Array<string | number | null>>;
  row_count: number;
  /** true when more rows exist beyond the LIMIT (page on with OFFSET) */
  has_more: boolean;
  elapsed_ms: number;
  cached: boolean;
  /** why fewer rows than asked came back although more exist (the result was cut at its byte cap) */
  note?: string;
}
