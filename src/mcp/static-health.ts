/**
 * A tool's health as far as the config and the tool cache tell, without
 * starting any server: for `skills list` and `doctor`, which run beside the
 * service. The tool cache (mcp-tools.json beside agent.db, written by the
 * service's MCP manager) says which server offers which tool; the config says
 * which servers are switched off and what allow/deny keeps (a switched-off
 * shipped server never recorded offers what it ships with). A tool of an
 * enabled server missing from the cache is unknown (undefined), never
 * guessed. Whether a server is down or its breaker open only the running
 * service knows (/readyz).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/schema.js';
import type { ToolHealth } from './types.js';
import { knownTools } from './builtin-tools.js';

/** The tool cache of a config: beside agent.db (none for an in-memory one). */
export function toolCachePath(config: Pick<Config, 'state'>): string | undefined {
  if (config.state.db === ':memory:') return undefined;
  return path.join(path.dirname(path.resolve(config.state.db)), 'mcp-tools.json');
}

function cachedTools(file: string | undefined): Record<string, string[]> {
  if (file === undefined) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
      version?: number;
      servers?: Record<string, { tools?: Array<{ name?: unknown }> }>;
    };
    if (parsed.version !== 1 || !parsed.servers) return {};
    return Object.fromEntries(
      Object.entries(parsed.servers).map(([server, entry]) => [
        server,
        (entry.tools ?? []).flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])),
      ]),
    );
  } catch {
    return {};
  }
}

export interface StaticHealth {
  /** undefined: not known from the config and the cache */
  health(tool: string): ToolHealth | undefined;
  /** where the tool lists came from, for the reader */
  source: string;
}

export function staticToolHealth(config: Pick<Config, 'mcp' | 'state'>): StaticHealth {
  const file = toolCachePath(config);
  const cached = cachedTools(file);
  const servers = Object.entries(config.mcp.servers);
  const unknownEnabled = servers.some(([name, server]) => server.enabled && cached[name] === undefined);
  return {
    source:
      Object.keys(cached).length > 0
        ? `the tool lists the service recorded in ${file}`
        : 'no tool lists recorded yet (the service writes them on its first start): dependencies not checked',
    health(tool) {
      for (const [name, server] of servers) {
        // a switched-off shipped server that never ran here: the tools it ships with
        const offers = server.enabled ? (cached[name] ?? []) : knownTools(server, cached[name]);
        if (!offers.includes(tool)) continue;
        if (!server.enabled)
          return {
            ok: false,
            server: name,
            state: 'disabled',
            reason: `the "${name}" server, which offers ${tool}, is switched off (mcp.servers.${name}.enabled: false)`,
          };
        if ((server.allow !== undefined && !server.allow.includes(tool)) || server.deny.includes(tool))
          return {
            ok: false,
            server: name,
            state: 'filtered',
            reason: `the "${name}" server's allow/deny keeps ${tool} from callers (mcp.servers.${name}.allow/deny)`,
          };
        return { ok: true, server: name };
      }
      if (unknownEnabled) return undefined;
      const off = servers.filter(([, server]) => !server.enabled).map(([name]) => name);
      return {
        ok: false,
        server: null,
        state: 'missing',
        reason:
          `no enabled MCP server offers ${tool}` +
          (off.length > 0 ? ` (switched off in the config: ${off.join(', ')})` : '') +
          '; see mcp.servers',
      };
    },
  };
}
