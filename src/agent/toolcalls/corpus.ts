/**
 * Raw model outputs and what the parser must make of them: every shape in
 * issue 3, the ones that must yield no call, and replies that only describe a
 * call in prose. Data, asserted exactly by parse.test.ts.
 */
import type { CallFormat } from './types.js';

export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
  format: CallFormat;
  /** default false */
  repaired?: boolean;
  /**
   * arguments the text was cut off in (default: none): such a call is read but
   * refused (safety.ts), never under `calls`; the refusal names each argument
   */
  cutOff?: string[];
}

export interface CorpusCase {
  name: string;
  text: string;
  knownTools?: string[];
  expect:
    | {
        calls: ExpectedCall[];
        /** substrings, one per expected error (default: no errors) */
        errors?: string[];
        /** calls read but refused besides the cut-off ones: the tool names, in order */
        refused?: string[];
      }
    | { proseOnly: true };
}

/** The plant appliance's tools, as the loop passes them. */
export const TOOLS = [
  'query_database',
  'describe_schema',
  'get_weather',
  'list_open_issues',
  'get_current_oncall',
  'is_public_holiday',
  'search_docs',
  'calculator',
];

const SQL =
  "SELECT SUM(defect_qty) * 1.0 / SUM(inspected_qty) AS rate FROM quality_data WHERE line_id = 'A' AND record_date = '2026-11-18' LIMIT 1";
const QUERY = { sql: SQL, purpose: 'defect rate of line A last Wednesday' };
const QUERY_JSON = JSON.stringify(QUERY);
const PARIS = { city: 'Paris' };

export const CORPUS: CorpusCase[] = [
  // ── bare JSON ─────────────────────────────────────────────────────────
  {
    name: 'bare json object',
    text: '{"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'bare json with surrounding whitespace',
    text: '\n\n  {"name":"query_database","arguments":' + QUERY_JSON + '}  \n',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'query_database', arguments: QUERY, format: 'json' }] },
  },
  {
    name: 'bare json array of two calls',
    text: '[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'json' },
        { name: 'get_weather', arguments: { city: 'Rome' }, format: 'json' },
      ],
    },
  },
  {
    name: 'two json objects on separate lines',
    text: '{"name": "list_open_issues", "arguments": {"priority": "P1"}}\n{"name": "get_current_oncall", "arguments": {}}',
    knownTools: TOOLS,
    expect: {
      calls: [
        { name: 'list_open_issues', arguments: { priority: 'P1' }, format: 'json' },
        { name: 'get_current_oncall', arguments: {}, format: 'json' },
      ],
    },
  },
  {
    name: 'parameters instead of arguments',
    text: '{"name": "get_weather", "parameters": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'args instead of arguments',
    text: '{"name": "get_weather", "args": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'input instead of arguments',
    text: '{"name": "get_weather", "input": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'params instead of arguments',
    text: '{"name": "get_weather", "params": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'tool instead of name',
    text: '{"tool": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'function (string) instead of name',
    text: '{"function": "get_weather", "parameters": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'tool_name and tool_input',
    text: '{"tool_name": "get_weather", "tool_input": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'langchain action and action_input',
    text: '{"action": "search_docs", "action_input": {"query": "press 3 vibration"}}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'search_docs', arguments: { query: 'press 3 vibration' }, format: 'json' }] },
  },
  {
    name: 'openai style function object with string arguments',
    text: '{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'openai assistant message echoed with tool_calls',
    text: '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_current_oncall", "arguments": "{}"}}]}',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'json' }] },
  },
  {
    name: 'legacy function_call object',
    text: '{"function_call": {"name": "get_weather", "arguments": "{\\"city\\":\\"Paris\\"}"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'arguments double-encoded as a string',
    text: '{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'arguments encoded twice',
    text: JSON.stringify({ name: 'get_weather', arguments: JSON.stringify(JSON.stringify(PARIS)) }),
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'arguments as an empty string',
    text: '{"name": "get_current_oncall", "arguments": ""}',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'json' }] },
  },
  {
    name: 'arguments null',
    text: '{"name": "get_current_oncall", "arguments": null}',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'json' }] },
  },
  {
    name: 'name only, tool known',
    text: '{"name": "get_current_oncall"}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'json' }] },
  },
  {
    name: 'arguments flattened beside a known name',
    text: '{"name": "get_weather", "city": "Paris"}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'known tool as the only key',
    text: '{"get_weather": {"city": "Paris"}}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'functions. prefix mapped to the known tool',
    text: '{"name": "functions.get_weather", "arguments": {"city": "Paris"}}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  {
    name: 'name in another case mapped to the known tool',
    text: '{"name": "Query_Database", "arguments": ' + QUERY_JSON + '}',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'query_database', arguments: QUERY, format: 'json' }] },
  },
  {
    name: 'unknown tool name is refused (the model hears which tools exist)',
    text: '{"name": "get_stock_price", "arguments": {"ticker": "ACME"}}',
    knownTools: TOOLS,
    expect: { calls: [], refused: ['get_stock_price'] },
  },
  {
    name: 'chinese argument values',
    text: '{"name": "search_docs", "arguments": {"query": "3号压机 振动 处理"}}',
    expect: { calls: [{ name: 'search_docs', arguments: { query: '3号压机 振动 处理' }, format: 'json' }] },
  },

  // ── broken JSON, repaired by jsonrepair ──────────────────────────────
  {
    name: 'trailing comma',
    text: '{"name": "get_weather", "arguments": {"city": "Paris",},}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json', repaired: true }] },
  },
  {
    name: 'single quotes',
    text: "{'name': 'get_weather', 'arguments': {'city': 'Paris'}}",
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json', repaired: true }] },
  },
  {
    name: 'python literals',
    text: "{'name': 'get_weather', 'arguments': {'city': 'Paris', 'metric': True, 'days': None}}",
    expect: {
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris', metric: true, days: null }, format: 'json', repaired: true },
      ],
    },
  },
  {
    name: 'unquoted keys',
    text: '{name: "get_weather", arguments: {city: "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json', repaired: true }] },
  },
  {
    name: 'missing closing brackets: the call never closed and is refused',
    text: '{"name": "get_weather", "arguments": {"city": "Paris"',
    expect: { calls: [], refused: ['get_weather'] },
  },
  {
    name: 'truncated mid-string',
    text: '{"name": "search_docs", "arguments": {"query": "press vibra',
    expect: {
      calls: [
        { name: 'search_docs', arguments: { query: 'press vibra' }, format: 'json', repaired: true, cutOff: ['query'] },
      ],
    },
  },
  {
    name: 'truncated after a key: the filled-in null is marked cut off',
    text: '{"name": "query_database", "arguments": {"purpose": "rate", "sql": ',
    expect: {
      calls: [
        {
          name: 'query_database',
          arguments: { purpose: 'rate', sql: null },
          format: 'json',
          repaired: true,
          cutOff: ['sql'],
        },
      ],
    },
  },
  {
    name: 'truncated before the colon',
    text: '{"name": "list_open_issues", "arguments": {"priority": "P1", "assignee_id"',
    expect: {
      calls: [
        {
          name: 'list_open_issues',
          arguments: { priority: 'P1', assignee_id: null },
          format: 'json',
          repaired: true,
          cutOff: ['assignee_id'],
        },
      ],
    },
  },
  {
    name: 'truncated inside an array waiting for its next element',
    text: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "days": [1, ',
    expect: {
      calls: [
        {
          name: 'get_weather',
          arguments: { city: 'Paris', days: [1] },
          format: 'hermes',
          repaired: true,
          cutOff: ['days'],
        },
      ],
    },
  },
  {
    name: 'truncated inside a nested value',
    text: '```json\n{"name": "search_docs", "arguments": {"filter": {"from": "2026-11-16", "to": "2026-11',
    expect: {
      calls: [
        {
          name: 'search_docs',
          arguments: { filter: { from: '2026-11-16', to: '2026-11' } },
          format: 'fence',
          repaired: true,
          cutOff: ['filter.to'],
        },
      ],
    },
  },
  {
    name: 'truncated after "{": the empty arguments object is marked cut off',
    text: '{"name": "search_docs", "arguments": {',
    expect: {
      calls: [{ name: 'search_docs', arguments: {}, format: 'json', repaired: true, cutOff: ['(next argument)'] }],
    },
  },
  {
    name: 'truncated after ",": the next key never came',
    text: '{"name": "search_docs", "arguments": {"query": "press", ',
    expect: {
      calls: [
        {
          name: 'search_docs',
          arguments: { query: 'press' },
          format: 'json',
          repaired: true,
          cutOff: ['(next argument)'],
        },
      ],
    },
  },
  {
    name: 'truncated inside the tool name is an error, not a call',
    text: '{"name": "query_datab',
    knownTools: TOOLS,
    expect: { calls: [], errors: ['cut off inside the tool name ("query_datab…")'] },
  },
  {
    name: 'raw newline inside a string',
    text: '{"name": "query_database", "arguments": {"sql": "SELECT line_id\nFROM production_lines WHERE 1 = 1 LIMIT 4", "purpose": "list lines"}}',
    expect: {
      calls: [
        {
          name: 'query_database',
          arguments: { sql: 'SELECT line_id\nFROM production_lines WHERE 1 = 1 LIMIT 4', purpose: 'list lines' },
          format: 'json',
          repaired: true,
        },
      ],
    },
  },
  {
    name: 'broken double-encoded arguments',
    text: '{"name": "get_weather", "arguments": "{\'city\': \'Paris\',}"}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json', repaired: true }] },
  },
  {
    name: 'comments in json',
    text: '{"name": "get_weather", /* the city */ "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json', repaired: true }] },
  },

  // ── fences ───────────────────────────────────────────────────────────
  {
    name: 'json fence',
    text: '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'plain fence',
    text: '```\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'fence with prose around',
    text: 'I need the weather first.\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\nThen I will answer.',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'fence echoed as bare json is one call',
    text: '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n{"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'unclosed fence (truncated output)',
    text: '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'fence with an array of calls and a trailing comma',
    text: '```json\n[\n  {"name": "get_weather", "arguments": {"city": "Paris"}},\n  {"name": "get_weather", "arguments": {"city": "Rome"}},\n]\n```',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'fence', repaired: true },
        { name: 'get_weather', arguments: { city: 'Rome' }, format: 'fence', repaired: true },
      ],
    },
  },
  {
    name: 'tool_code fence with python syntax (Gemma)',
    text: '```tool_code\nget_weather(city="Paris")\n```',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'fence' }] },
  },
  {
    name: 'fence of plain data is not a call',
    text: 'Here are the numbers:\n```json\n{"line": "A", "rate": 1.2, "inspected": 2431}\n```',
    expect: { calls: [] },
  },
  {
    name: 'python fence defining a function is not a call',
    text: '```python\ndef get_weather(city):\n    return fetch(city)\n```',
    expect: { calls: [] },
  },

  // ── Hermes / Qwen <tool_call> ────────────────────────────────────────
  {
    name: 'hermes one call',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'hermes two calls',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "is_public_holiday", "arguments": {"country_code": "IT", "on_date": "2026-12-08"}}\n</tool_call>',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'hermes' },
        { name: 'is_public_holiday', arguments: { country_code: 'IT', on_date: '2026-12-08' }, format: 'hermes' },
      ],
    },
  },
  {
    name: 'hermes unclosed (truncated)',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'hermes after reasoning text',
    text: 'To answer I need the on-call engineer.\n<tool_call>\n{"name": "get_current_oncall", "arguments": {}}\n</tool_call>',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'hermes' }] },
  },
  {
    name: 'hermes with a trailing comma',
    text: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",}}</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes', repaired: true }] },
  },
  {
    name: 'hermes with the name before the object',
    text: '<tool_call>get_weather\n{"city": "Paris"}</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'hermes with a json fence inside',
    text: '<tool_call>\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'hermes after a think block (qwen3)',
    text: '<think>\nThe user wants the weather. I will call get_weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'hermes block that cannot be read is an error',
    text: '<tool_call>\nI am not sure which tool to use\n</tool_call>',
    expect: { calls: [], errors: ['<tool_call>: no call could be read'] },
  },

  {
    name: 'hermes with python syntax inside',
    text: '<tool_call>get_weather(city="Paris")</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'stray closing tag after bare json',
    text: '{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'json' }] },
  },
  // ── Mistral [TOOL_CALLS] ─────────────────────────────────────────────
  {
    name: 'mistral list',
    text: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'mistral' }] },
  },
  {
    name: 'mistral list of two with ids',
    text: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}, "id": "a1b2c3d4e"}, {"name": "get_weather", "arguments": {"city": "Rome"}, "id": "f5g6h7i8j"}]</s>',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'mistral' },
        { name: 'get_weather', arguments: { city: 'Rome' }, format: 'mistral' },
      ],
    },
  },
  {
    name: 'mistral newer name[ARGS] form',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'mistral' }] },
  },
  {
    name: 'mistral newer form, two calls',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]list_open_issues[ARGS]{"priority": "P1"}',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'mistral' },
        { name: 'list_open_issues', arguments: { priority: 'P1' }, format: 'mistral' },
      ],
    },
  },
  {
    name: 'mistral with call id',
    text: '[TOOL_CALLS]get_weather[CALL_ID]abc123XYZ[ARGS]{"city": "Paris"}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'mistral' }] },
  },
  {
    name: 'mistral with single quotes',
    text: "[TOOL_CALLS] [{'name': 'get_weather', 'arguments': {'city': 'Paris'}}]",
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'mistral', repaired: true }] },
  },

  {
    name: 'mistral marker followed by prose is an error',
    text: '[TOOL_CALLS] I would like to check the weather',
    expect: { calls: [], errors: ['[TOOL_CALLS]: no call could be read'] },
  },
  // ── Llama 3.1 <|python_tag|> ─────────────────────────────────────────
  {
    name: 'python_tag json with parameters',
    text: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eom_id|>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'llama-python-tag' }] },
  },
  {
    name: 'python_tag built-in .call form',
    text: '<|python_tag|>brave_search.call(query="weather in Paris")<|eom_id|>',
    expect: { calls: [{ name: 'brave_search', arguments: { query: 'weather in Paris' }, format: 'llama-python-tag' }] },
  },
  {
    name: 'python_tag two json calls separated by a semicolon',
    text: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}; {"name": "get_weather", "parameters": {"city": "Rome"}}',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'llama-python-tag' },
        { name: 'get_weather', arguments: { city: 'Rome' }, format: 'llama-python-tag' },
      ],
    },
  },
  {
    name: 'python_tag without end token',
    text: '<|python_tag|>{"name": "get_current_oncall", "parameters": {}}',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'llama-python-tag' }] },
  },

  // ── <function=name>{…}</function> ────────────────────────────────────
  {
    name: 'function tag',
    text: '<function=get_weather>{"city": "Paris"}</function>',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'function-tag' }] },
  },
  {
    name: 'two function tags in prose',
    text: 'Checking both.\n<function=get_weather>{"city": "Paris"}</function>\n<function=get_current_oncall>{}</function>',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'function-tag' },
        { name: 'get_current_oncall', arguments: {}, format: 'function-tag' },
      ],
    },
  },
  {
    name: 'function tag without closing tag',
    text: '<function=get_weather>{"city": "Paris"}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'function-tag' }] },
  },
  {
    name: 'function tag with empty body',
    text: '<function=get_current_oncall></function>',
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'function-tag' }] },
  },
  {
    name: 'function tag with repaired body',
    text: "<function=get_weather>{'city': 'Paris',}</function>",
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'function-tag', repaired: true }] },
  },
  {
    name: 'qwen3-coder parameter tags inside tool_call',
    text: '<tool_call>\n<function=list_open_issues>\n<parameter=priority>\nP1\n</parameter>\n<parameter=assignee_id>\n3\n</parameter>\n</function>\n</tool_call>',
    expect: {
      calls: [{ name: 'list_open_issues', arguments: { priority: 'P1', assignee_id: 3 }, format: 'function-tag' }],
    },
  },

  // ── functools (firefunction) ─────────────────────────────────────────
  {
    name: 'functools one call',
    text: 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'functools' }] },
  },
  {
    name: 'functools two calls',
    text: ' functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "calculator", "arguments": {"expression": "2*21"}}]',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'functools' },
        { name: 'calculator', arguments: { expression: '2*21' }, format: 'functools' },
      ],
    },
  },

  // ── Python-call syntax ───────────────────────────────────────────────
  {
    name: 'python call with keywords',
    text: 'get_weather(city="Paris", days=3)',
    expect: { calls: [{ name: 'get_weather', arguments: { city: 'Paris', days: 3 }, format: 'python' }] },
  },
  {
    name: 'python literals, nested values and escapes',
    text: `query_database(sql='SELECT line_id FROM production_lines WHERE name = \\'产线A\\' LIMIT 1', purpose="it's \\"needed\\"", dry_run=False, filters={'lines': ['A', 'B'], 'min': -1.5e2, 'note': None}, tags=('x', 'y'),)`,
    knownTools: TOOLS,
    expect: {
      calls: [
        {
          name: 'query_database',
          arguments: {
            sql: "SELECT line_id FROM production_lines WHERE name = '产线A' LIMIT 1",
            purpose: 'it\'s "needed"',
            dry_run: false,
            filters: { lines: ['A', 'B'], min: -150, note: null },
            tags: ['x', 'y'],
          },
          format: 'python',
        },
      ],
    },
  },
  {
    name: 'python call with no arguments',
    text: 'get_current_oncall()',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_current_oncall', arguments: {}, format: 'python' }] },
  },
  {
    name: 'llama 3.2 pythonic list of calls',
    text: '[get_weather(city="San Francisco"), is_public_holiday(country_code="US", on_date="2026-11-26")]',
    knownTools: TOOLS,
    expect: {
      calls: [
        { name: 'get_weather', arguments: { city: 'San Francisco' }, format: 'pythonic' },
        { name: 'is_public_holiday', arguments: { country_code: 'US', on_date: '2026-11-26' }, format: 'pythonic' },
      ],
    },
  },
  {
    name: 'python call of a known tool inside prose',
    text: 'Sure, calling list_open_issues(priority="P1") now.',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'list_open_issues', arguments: { priority: 'P1' }, format: 'python' }] },
  },
  {
    name: 'python call with one dict argument',
    text: 'get_weather({"city": "Paris"})',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'python' }] },
  },
  {
    name: 'python call with triple-quoted string',
    text: 'query_database(sql="""SELECT line_id\nFROM production_lines WHERE 1 = 1 LIMIT 4""", purpose="list lines")',
    knownTools: TOOLS,
    expect: {
      calls: [
        {
          name: 'query_database',
          arguments: { sql: 'SELECT line_id\nFROM production_lines WHERE 1 = 1 LIMIT 4', purpose: 'list lines' },
          format: 'python',
        },
      ],
    },
  },
  {
    name: 'python call with a bare word value',
    text: 'list_open_issues(priority=P1)',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'list_open_issues', arguments: { priority: 'P1' }, format: 'python' }] },
  },
  {
    name: 'print(x) in prose is not a call',
    text: 'In Python you would write print(x) to see the value.',
    expect: { calls: [] },
  },
  { name: 'print(x) is not a call even with known tools', text: 'print(x)', knownTools: TOOLS, expect: { calls: [] } },
  {
    name: 'unknown python call is ignored when tools are known',
    text: 'You could compute it with round_half_even(value=2.5).',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'SQL function calls are not tool calls',
    text: 'The rate is SUM(defect_qty) / SUM(inspected_qty) over the period, COUNT(*) batches in total.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'positional arguments to a known tool are an error',
    text: 'get_weather("Paris")',
    knownTools: TOOLS,
    expect: { calls: [], errors: ['positional arguments cannot be matched'] },
  },

  // ── JSON embedded in prose ───────────────────────────────────────────
  {
    name: 'prose json (Sure! … Let me know)',
    text: 'Sure! {"name": "get_weather", "arguments": {"city": "Paris"}} Let me know if you need more.',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'prose-json' }] },
  },
  {
    name: 'prose json in chinese',
    text: '好的，我来查询：{"name": "query_database", "arguments": ' + QUERY_JSON + '} 请稍等。',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'query_database', arguments: QUERY, format: 'prose-json' }] },
  },
  {
    name: 'prose json with braces in the text before',
    text: 'Use {city} as the placeholder. {"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'prose-json' }] },
  },
  {
    name: 'react action with input',
    text: 'Thought: I need the data.\nAction: query_database\nAction Input: ' + QUERY_JSON + '\nObservation:',
    knownTools: TOOLS,
    expect: { calls: [{ name: 'query_database', arguments: QUERY, format: 'prose-json' }] },
  },
  {
    name: 'react action input with single quotes',
    text: "Action: get_weather\nAction Input: {'city': 'Paris'}",
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'prose-json', repaired: true }] },
  },
  {
    name: 'react action input that is not json is an error',
    text: 'Action: get_weather\nAction Input: Paris',
    knownTools: TOOLS,
    expect: { calls: [], errors: ['Action "get_weather": the Action Input arguments must be a JSON object'] },
  },

  {
    name: 'arguments that are a bare string are an error',
    text: '{"name": "get_weather", "arguments": "Paris"}',
    expect: { calls: [], errors: ['call to "get_weather": arguments must be a JSON object, got the string "Paris"'] },
  },
  {
    name: 'openai tool_calls list with two calls',
    text: '{"tool_calls": [{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}, {"type": "function", "function": {"name": "get_current_oncall", "arguments": "{}"}}]}',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'json' },
        { name: 'get_current_oncall', arguments: {}, format: 'json' },
      ],
    },
  },
  // ── mixed shapes and duplicates ──────────────────────────────────────
  {
    name: 'hermes and echoed bare json are one call',
    text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\nI called {"name": "get_weather", "arguments": {"city": "Paris"}}',
    expect: { calls: [{ name: 'get_weather', arguments: PARIS, format: 'hermes' }] },
  },
  {
    name: 'the same call written twice in one format is two calls',
    text: '{"name": "is_public_holiday", "arguments": {"country_code": "IT", "on_date": "2026-12-08"}}\n{"arguments": {"on_date": "2026-12-08", "country_code": "IT"}, "name": "is_public_holiday"}',
    expect: {
      calls: [
        { name: 'is_public_holiday', arguments: { country_code: 'IT', on_date: '2026-12-08' }, format: 'json' },
        { name: 'is_public_holiday', arguments: { country_code: 'IT', on_date: '2026-12-08' }, format: 'json' },
      ],
    },
  },
  {
    name: 'different shapes in one message keep text order',
    text: '<function=get_weather>{"city": "Paris"}</function>\nand also\n```json\n{"name": "get_current_oncall", "arguments": {}}\n```',
    expect: {
      calls: [
        { name: 'get_weather', arguments: PARIS, format: 'function-tag' },
        { name: 'get_current_oncall', arguments: {}, format: 'fence' },
      ],
    },
  },
  {
    name: 'call in a think block only is not a call',
    text: '<think>{"name": "get_weather", "arguments": {"city": "Paris"}}</think>\nParis is sunny today.',
    expect: { calls: [] },
  },

  {
    name: 'unclosed think block (truncated reasoning) is not a call',
    text: '<think>I should call {"name": "get_weather", "arguments": {"city": "Paris"}} and then',
    expect: { calls: [] },
  },
  // ── no call at all ───────────────────────────────────────────────────
  {
    name: 'plain final answer',
    text: "Line A's defect rate last Wednesday was 1.82% (44 of 2,418 pieces).",
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  { name: 'empty text', text: '', expect: { calls: [] } },
  { name: 'json data is not a call', text: '{"line":"A","rate":1.2}', expect: { calls: [] } },
  {
    name: 'json array of data is not a call',
    text: '[{"line": "A", "rate": 1.2}, {"line": "B", "rate": 0.9}]',
    expect: { calls: [] },
  },
  {
    name: 'data with a person name is not a call',
    text: 'The on-call engineer is {"name": "Giulia Rossi", "country": "IT"}.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  { name: 'name-only data without known tools is not a call', text: '{"name": "Alice"}', expect: { calls: [] } },
  {
    name: 'final answer that mentions a table',
    text: 'According to the quality_data table, line A produced 12,340 pcs this week.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'final answer that mentions the tool it used',
    text: 'I used query_database to check: line B yield was 98.7% last week.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'chinese final answer',
    text: '根据 quality_data 表，A线本周产量为 12340 件，不良率 1.21%。',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'offer in a final answer is not prose-only',
    text: 'Line A: 1.2%. If you want, I can call query_database again for line B.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'let me know is not an intent',
    text: 'Line A is fine today. Let me know if you want me to use the search_docs tool for the SOP.',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'chinese answer: equipment running and a tool already used (past tense)',
    text: '现在A线正在运行，我使用了 query_database 工具得到了结果：不良率 1.21%。',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'chinese answer: tool already called (过)',
    text: '我已经调用过 query_database，结果如下：A线 1.2%。',
    knownTools: TOOLS,
    expect: { calls: [] },
  },
  {
    name: 'markdown link and list brackets',
    text: 'See [the SOP](docs/sop-press.md) and items [1, 2, 3].',
    expect: { calls: [] },
  },

  // ── prose-only: describes a call without making one ─────────────────
  {
    name: 'I will call get_weather',
    text: 'I will call get_weather to find the temperature in Paris.',
    expect: { proseOnly: true },
  },
  {
    name: 'Let me use the query_database tool',
    text: "Let me use the query_database tool to look up line A's defect rate.",
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: '我将调用 query_database',
    text: '我将调用 query_database 查询A线上周三的不良率。',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'ReAct action without input',
    text: 'Thought: I should look this up.\nAction: query_database',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'known non-snake tool with intent',
    text: "I'll use the calculator to add these up.",
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'intent after an answer-like opening',
    text: 'To answer this, first I need to check who is on call. I am going to call get_current_oncall now.',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'chinese intent with 工具',
    text: '让我使用查询工具获取本周产量。',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'chinese 接下来调用',
    text: '接下来调用 query_database 查询本周产量。',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
  {
    name: 'calling … opening',
    text: 'Calling list_open_issues with priority P1.',
    knownTools: TOOLS,
    expect: { proseOnly: true },
  },
];
