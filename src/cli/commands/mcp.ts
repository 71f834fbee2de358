/**
 * `airgap-agent mcp <server>`: run one shipped stdio MCP server. The agent's
 * client manager starts these by re-invoking this same binary; third-party
 * MCP clients (the MCP Inspector, desktop assistants) can start them too.
 * Never print to stdout here: stdout is the protocol.
 */
import { AppError } from '../../errors.js';
import { loadCommandConfig, showHelp, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';
import type { Config } from '../../config/schema.js';

type ServerMain = (options: { config: Config; args: string[] }) => Promise<void>;

const SERVERS = {
  query: async () => (await import('../../../mcp-servers/query/server.js')).runServer,
  plant: async () => (await import('../../../mcp-servers/plant/server.js')).runServer,
  holidays: async () => (await import('../../../mcp-servers/holidays/server.js')).runServer,
  docs: async () => (await import('../../../mcp-servers/docs/server.js')).runServer,
  utils: async () => (await import('../../../mcp-servers/utils/server.js')).runServer,
  /** internal: the query server's executor process (killed on timeout) */
  'query-worker': async () => (await import('../../../mcp-servers/query/worker.js')).runWorker,
} satisfies Record<string, () => Promise<ServerMain>>;

export const HELP: CommandHelp = {
  usage: 'airgap-agent mcp query|plant|holidays|docs|utils',
  about: [
    'Runs one shipped MCP server on stdin/stdout (JSON-RPC), as the agent starts it; for MCP clients and the Inspector.',
  ],
  options: {},
  examples: [
    'npx @modelcontextprotocol/inspector ./bin/airgap-agent mcp query',
    'airgap-agent --config /etc/airgap-agent/config.yaml mcp holidays',
  ],
};

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, HELP);
  const [name, ...rest] = context.args;
  if (name === undefined || !(name in SERVERS)) {
    throw new AppError('USAGE', `mcp: unknown server "${name ?? ''}"`, {
      hint: `use one of: ${Object.keys(SERVERS)
        .filter((key) => key !== 'query-worker')
        .join(', ')}`,
    });
  }
  const { config } = loadCommandConfig(context);
  const serverMain = await SERVERS[name as keyof typeof SERVERS]();
  await serverMain({ config, args: rest });
  return 0;
}
