/** The MCP client manager's public face. */
export { McpManager, type McpManagerStartOptions } from './manager.js';
export type { ServerStatus, ServerState, McpTiming } from './server-process.js';
export type { ToolCaller, ToolCallRequest, ToolCallResult, ToolInfo, JsonSchema, QueryResult } from './types.js';
