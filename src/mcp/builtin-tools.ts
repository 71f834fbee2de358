/**
 * The tools each shipped server offers, by its `builtin` name. Used only to
 * say why a tool cannot be called when its shipped server is switched off
 * and never ran here (no tool list recorded in mcp-tools.json): the reason
 * names that server and the config key, not a bare "no server offers it".
 * The servers themselves (mcp-servers/NAME/server.ts) are the truth; a test
 * (src/skills/code/integration.test.ts) checks this list against what the
 * running servers list.
 */
import type { McpServerConfig } from '../config/schema.js';

export const BUILTIN_TOOLS: Readonly<Record<NonNullable<McpServerConfig['builtin']>, readonly string[]>> = {
  query: ['query_database', 'describe_schema'],
  plant: [
    'get_current_oncall',
    'list_open_issues',
    'get_engineer',
    'list_engineers',
    'search_work_orders',
    'get_equipment',
  ],
  holidays: ['is_public_holiday', 'list_country_holidays'],
  docs: ['list_documents', 'read_document', 'search_documents', 'search_in_file'],
  utils: ['current_datetime', 'calculator'],
};

/** The tools a server offers as far as known without running it: what it last listed, else a shipped server's own. */
export function knownTools(
  server: Pick<McpServerConfig, 'builtin'>,
  recorded: readonly string[] | undefined,
): string[] {
  if (recorded !== undefined && recorded.length > 0) return [...recorded];
  return server.builtin !== undefined ? [...BUILTIN_TOOLS[server.builtin]] : [];
}
