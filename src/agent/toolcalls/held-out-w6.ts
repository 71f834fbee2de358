/**
 * The held-out batch of issue 28 (round W6): 89 raw model outputs from
 * sources not used in W2/W4 (vLLM and Ollama parser tests not used before,
 * llama.cpp's Seed-OSS and MiniMax-M2 parser tests, a live Gemma capture in
 * teemoon-ios, an OpenHands issue thread), collected by someone who had not
 * seen the parser, and scored once on main before any fix — 86/89 exact
 * (96.6%), 0 of 21 "none" cases ran a call. The misses: w6-074 (Seed-OSS kept
 * the newlines wrapped around a value: fixed in seed-oss.ts) and w6-056 /
 * w6-089 (GLM-4.7 untyped values; the expectation was changed, see their
 * `review`). It joins the corpus as it was written, as W4 did: each case
 * keeps its source, `derived` and `note`; `firstRun` records whether it was
 * exact on that first run. Asserted by held-out.test.ts.
 */

import type { HeldOutW4Case } from './held-out-w4.js';

/** A W6 case: a held-out case with its first-run result and, where judged, a review. */
export type HeldOutW6Case = HeldOutW4Case;

export const HELD_OUT_W6: HeldOutW6Case[] = [
  {
    id: 'w6-001',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
    tools: ['final_answer'],
    expect: [
      [
        'final_answer',
        {
          trigger: true,
        },
      ],
    ],
    note: 'boolean argument (vLLM bug 19056)',
    firstRun: 'exact',
  },
  {
    id: 'w6-002',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'NYC',
        },
      ],
    ],
    note: 'prose glued to the opening tag',
    firstRun: 'exact',
  },
  {
    id: 'w6-003',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          q: 'cats',
        },
      ],
      [
        'search',
        {
          q: 'dogs',
        },
      ],
    ],
    note: 'two calls back to back, no separator',
    firstRun: 'exact',
  },
  {
    id: 'w6-004',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    tools: ['get_db_config'],
    expect: [
      [
        'get_db_config',
        {
          param: 'max_connections',
        },
      ],
    ],
    note: 'arguments double-encoded as a JSON string (Granite 4 habit)',
    firstRun: 'exact',
  },
  {
    id: 'w6-005',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
    tools: ['final_answer'],
    expect: 'none',
    note: 'cut off: outer object never closed, no closing tag',
    firstRun: 'exact',
  },
  {
    id: 'w6-006',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}',
    tools: ['final_answer'],
    expect: [
      [
        'final_answer',
        {
          trigger: true,
        },
      ],
    ],
    note: 'complete JSON object, generation ended at EOS before </tool_call>',
    firstRun: 'exact',
  },
  {
    id: 'w6-007',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "[register_user(name='Doe', age=9, address={'city': 'LA', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    tools: ['register_user'],
    expect: [
      [
        'register_user',
        {
          name: 'Doe',
          age: 9,
          address: {
            city: 'LA',
            state: 'CA',
          },
          role: null,
          passed_test: true,
          aliases: ['John', 'Johnny'],
        },
      ],
    ],
    note: 'Python literals: None, True, dict and list arguments',
    firstRun: 'exact',
  },
  {
    id: 'w6-008',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]",
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: "Martha's Vineyard",
          metric: '"cool units"',
        },
      ],
    ],
    note: 'escaped quotes inside single-quoted Python strings',
    firstRun: 'exact',
  },
  {
    id: 'w6-009',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "<|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]",
    tools: ['get_weather', 'register_user'],
    expect: [
      [
        'get_weather',
        {
          city: 'LA',
          metric: 'C',
        },
      ],
      [
        'register_user',
        {
          name: 'Doe',
          age: 9,
        },
      ],
    ],
    note: 'python_start tag, two calls, no <|python_end|>',
    firstRun: 'exact',
  },
  {
    id: 'w6-010',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "<|python_start|>[get_weather(city='LA', metric='C'), get_weather(), do_something_cool(steps=[])]<|python_end|>",
    tools: ['get_weather', 'do_something_cool'],
    expect: [
      [
        'get_weather',
        {
          city: 'LA',
          metric: 'C',
        },
      ],
      ['get_weather', {}],
      [
        'do_something_cool',
        {
          steps: [],
        },
      ],
    ],
    derived: 'single streamed delta',
    note: 'three calls, one without arguments, one with an empty list',
    firstRun: 'exact',
  },
  {
    id: 'w6-011',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: '<|python_start|>[foo(x=1])]<|python_end|>',
    tools: ['foo'],
    expect: 'none',
    note: 'brackets structurally wrong: not a valid call list',
    firstRun: 'exact',
  },
  {
    id: 'w6-012',
    format: 'llama4-pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama4_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: '[do_something_cool(additional_data={})]',
    tools: ['do_something_cool'],
    expect: [
      [
        'do_something_cool',
        {
          additional_data: {},
        },
      ],
    ],
    note: 'empty dict argument',
    firstRun: 'exact',
  },
  {
    id: 'w6-013',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'San Francisco',
          state: 'CA',
          unit: 'celsius',
        },
      ],
    ],
    note: 'arguments key before name key',
    firstRun: 'exact',
  },
  {
    id: 'w6-014',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]',
    tools: ['get_age'],
    expect: [
      [
        'get_age',
        {
          name: 'John Doe',
        },
      ],
    ],
    note: 'an argument is itself called "name", and comes before the tool name',
    firstRun: 'exact',
  },
  {
    id: 'w6-015',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]',
    tools: ['add'],
    expect: [
      [
        'add',
        {
          a: 1,
          b: 2,
        },
      ],
    ],
    note: 'content glued before [TOOL_CALLS]',
    firstRun: 'exact',
  },
  {
    id: 'w6-016',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'trailing prose after the JSON array',
    firstRun: 'exact',
  },
  {
    id: 'w6-017',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]',
    tools: ['add'],
    expect: [
      [
        'add',
        {
          a: 3,
          b: 4,
        },
      ],
    ],
    note: 'odd whitespace around keys and brackets',
    firstRun: 'exact',
  },
  {
    id: 'w6-018',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS] not json at all',
    tools: ['add'],
    expect: 'none',
    note: 'marker followed by prose, no call',
    firstRun: 'exact',
  },
  {
    id: 'w6-019',
    format: 'mistral-v11',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}',
    tools: ['add', 'multiply'],
    expect: [
      [
        'add',
        {
          a: 3.5,
          b: 4,
        },
      ],
      [
        'multiply',
        {
          a: 3,
          b: 6,
        },
      ],
    ],
    note: 'v11 name{json}, two calls each with its own marker',
    firstRun: 'exact',
  },
  {
    id: 'w6-020',
    format: 'mistral-v11',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: 'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')"}',
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'print("hello world!")\nre.compile(r\'{}\')',
        },
      ],
    ],
    note: 'stray brace in prose before the marker; braces and escapes inside the value',
    firstRun: 'exact',
  },
  {
    id: 'w6-021',
    format: 'mistral-v11',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: 'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')',
    tools: ['bash'],
    expect: 'none',
    note: 'cut off inside the string value: closing quote and brace missing',
    firstRun: 'exact',
  },
  {
    id: 'w6-022',
    format: 'mistral-v11',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS]toolname_no_args',
    tools: ['toolname_no_args'],
    expect: 'none',
    note: 'marker and name only, arguments never came (cut off)',
    firstRun: 'exact',
  },
  {
    id: 'w6-023',
    format: 'mistral-v11',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: 'bla[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}',
    tools: ['add_this_and_that'],
    expect: [
      [
        'add_this_and_that',
        {
          a: 3.5,
          b: 4,
        },
      ],
    ],
    note: 'content before v11 call',
    firstRun: 'exact',
  },
  {
    id: 'w6-024',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
    tools: ['searchTool', 'getOpenIncidentsTool'],
    expect: [
      [
        'searchTool',
        {
          query: 'test1',
        },
      ],
      ['getOpenIncidentsTool', {}],
      [
        'searchTool',
        {
          query: 'test2',
        },
      ],
    ],
    note: 'three calls separated by semicolons',
    firstRun: 'exact',
  },
  {
    id: 'w6-025',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
    tools: ['searchTool'],
    expect: [
      [
        'searchTool',
        {
          query: 'test {value} [complex]',
          nested: {
            inner: 'more {brackets}',
          },
        },
      ],
    ],
    note: 'brackets inside string values',
    firstRun: 'exact',
  },
  {
    id: 'w6-026',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}',
    tools: ['searchTool'],
    expect: [
      [
        'searchTool',
        {
          query: 'test',
        },
      ],
    ],
    note: 'the model quotes its arguments in trailing prose: one call only',
    firstRun: 'exact',
  },
  {
    id: 'w6-027',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"name": "invalidTool", "parameters": {invalid json}',
    tools: ['invalidTool'],
    expect: 'none',
    note: 'invalid JSON (unquoted key), not closed',
    firstRun: 'exact',
  },
  {
    id: 'w6-028',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
    tools: ['complexTool'],
    expect: [
      [
        'complexTool',
        {
          level1: {
            level2: {
              level3: {
                level4: {
                  value: 'deep',
                },
              },
            },
          },
        },
      ],
    ],
    note: 'five levels of nesting',
    firstRun: 'exact',
  },
  {
    id: 'w6-029',
    format: 'deepseek-v31',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py (commit 100fe7e0c14678963aafa5e53001099f761e0f26)',
    text: 'some prefix text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁call▁begin｜>bar<｜tool▁sep｜>{"y":2}<｜tool▁call▁end｜><｜tool▁calls▁end｜> some suffix text',
    tools: ['foo', 'bar'],
    expect: [
      [
        'foo',
        {
          x: 1,
        },
      ],
      [
        'bar',
        {
          y: 2,
        },
      ],
    ],
    note: 'two calls with prose either side',
    firstRun: 'exact',
  },
  {
    id: 'w6-030',
    format: 'deepseek-v31',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py (commit 100fe7e0c14678963aafa5e53001099f761e0f26)',
    text: 'Let me look that up.<｜tool▁calls▁begin｜>get_weather',
    tools: ['get_weather'],
    expect: 'none',
    note: 'cut off right after the tool name',
    firstRun: 'exact',
  },
  {
    id: 'w6-031',
    format: 'deepseek-v31',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py (commit 100fe7e0c14678963aafa5e53001099f761e0f26)',
    text: '<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>',
    tools: ['foo'],
    expect: [
      [
        'foo',
        {
          x: 1,
        },
      ],
    ],
    note: 'per-call begin/end markers missing; name, separator and complete JSON present',
    firstRun: 'exact',
  },
  {
    id: 'w6-032',
    format: 'xlam',
    source:
      'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
    text: '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
      [
        'get_current_weather',
        {
          city: 'Orlando',
          state: 'FL',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'bare JSON list of two calls',
    firstRun: 'exact',
  },
  {
    id: 'w6-033',
    format: 'xlam',
    source:
      'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
    text: '<think>I\'ll help you with that.</think>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'think block then bare list',
    firstRun: 'exact',
  },
  {
    id: 'w6-034',
    format: 'xlam',
    source:
      'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
    text: 'I\'ll help you with that.\n```json\n[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\n```',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'xLAM emits its call list in a json code fence (the engine treats it as a call)',
    firstRun: 'exact',
  },
  {
    id: 'w6-035',
    format: 'xlam',
    source:
      'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
    text: 'I\'ll help you check the weather.<tool_call>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]</tool_call>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'list inside <tool_call> tags',
    firstRun: 'exact',
  },
  {
    id: 'w6-036',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    tools: ['get_weather', 'get_time'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
      [
        'get_time',
        {
          timezone: 'Asia/Tokyo',
        },
      ],
    ],
    note: 'functools prefix, pretty-printed list of two',
    firstRun: 'exact',
  },
  {
    id: 'w6-037',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nWould you like to know more?',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: 'prose either side of the functools line',
    firstRun: 'exact',
  },
  {
    id: 'w6-038',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'functools[{\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}]',
    tools: ['test_function'],
    expect: [
      [
        'test_function',
        {
          quoted: 'He said "hello"',
          path: 'C:\\Users\\file.txt',
          newline: 'line1\nline2',
          unicode: 'emoji: 🎉',
        },
      ],
    ],
    note: 'escapes, backslashes, emoji',
    firstRun: 'exact',
  },
  {
    id: 'w6-039',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'functools[{"name": "func", "arguments": {',
    tools: ['func'],
    expect: 'none',
    note: 'cut off after the opening brace of arguments',
    firstRun: 'exact',
  },
  {
    id: 'w6-040',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'functools[] This is just text',
    tools: ['func'],
    expect: 'none',
    note: 'empty functools list',
    firstRun: 'exact',
  },
  {
    id: 'w6-041',
    format: 'deepseek-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv3_tool_parser.py (commit 0f17ee061e413bf8ab7927f926f69cdff24dc63e)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search_hotels\n```json\n{"location": "Tokyo", "check_in": "2025-01-15"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['get_weather', 'search_hotels'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
          unit: 'celsius',
        },
      ],
      [
        'search_hotels',
        {
          location: 'Tokyo',
          check_in: '2025-01-15',
        },
      ],
    ],
    note: 'V3 function<sep>name + json fence, two calls',
    firstRun: 'exact',
  },
  {
    id: 'w6-042',
    format: 'deepseek-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv3_tool_parser.py (commit 0f17ee061e413bf8ab7927f926f69cdff24dc63e)',
    text: 'Let me check the weather for you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Paris',
        },
      ],
    ],
    note: 'prose before the block',
    firstRun: 'exact',
  },
  {
    id: 'w6-043',
    format: 'deepseek-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv3_tool_parser.py (commit 0f17ee061e413bf8ab7927f926f69cdff24dc63e)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'arguments object never closed',
    firstRun: 'exact',
  },
  {
    id: 'w6-044',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n{"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n</tool_calls>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
      [
        'get_current_weather',
        {
          city: 'Orlando',
          state: 'FL',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'one JSON object per line inside <tool_calls>',
    firstRun: 'exact',
  },
  {
    id: 'w6-045',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<think>I should use a tool. <tool_calls>\n{"name": "ignored_tool", "arguments": {"should": "ignore"}}\n</tool_calls></think>\n\nLet me help you with the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Miami", "state": "FL", "unit": "fahrenheit"}}\n</tool_calls>',
    tools: ['get_current_weather', 'ignored_tool'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Miami',
          state: 'FL',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'a call drafted inside <think> must not run; only the one after it',
    firstRun: 'exact',
  },
  {
    id: 'w6-046',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<tool_calls>\n{\n  "name": "get_current_weather",\n  "arguments": {\n    "city": "New York",\n    "state": "NY",\n    "unit": "celsius"\n  }\n}\n</tool_calls>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'New York',
          state: 'NY',
          unit: 'celsius',
        },
      ],
    ],
    note: 'pretty-printed object across lines (vLLM documents it as unsupported)',
    firstRun: 'exact',
  },
  {
    id: 'w6-047',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Boston", "state": "MA"}}',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Boston',
          state: 'MA',
        },
      ],
    ],
    note: 'closing </tool_calls> never came; the object itself is complete',
    firstRun: 'exact',
  },
  {
    id: 'w6-048',
    format: 'granite-20b-fc',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_20b_fc_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}',
    tools: ['get_weather', 'get_time'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
      [
        'get_time',
        {
          timezone: 'Asia/Tokyo',
        },
      ],
    ],
    note: 'two <function_call> lines, no closing tags',
    firstRun: 'exact',
  },
  {
    id: 'w6-049',
    format: 'granite-20b-fc',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_20b_fc_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: 'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: 'prose line before the call',
    firstRun: 'exact',
  },
  {
    id: 'w6-050',
    format: 'granite-20b-fc',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_20b_fc_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<function_call> {"name": "func", "arguments": {',
    tools: ['func'],
    expect: 'none',
    note: 'cut off after the opening brace of arguments',
    firstRun: 'exact',
  },
  {
    id: 'w6-051',
    format: 'granite-20b-fc',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_20b_fc_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<function_call> {"name": 123}',
    tools: ['func'],
    expect: 'none',
    note: 'name is a number, no arguments: not a call',
    firstRun: 'exact',
  },
  {
    id: 'w6-052',
    format: 'glm47',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm47_moe_tool_parser.py (commit 0ce879769db6d7503db0ecdfb5b503b080720347)',
    text: '<tool_call>get_current_date\n</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
    note: 'zero-argument call, name followed by a newline',
    firstRun: 'exact',
  },
  {
    id: 'w6-053',
    format: 'glm47',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm47_moe_tool_parser.py (commit 0ce879769db6d7503db0ecdfb5b503b080720347)',
    text: 'Checking.<tool_call>get_current_date</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
    note: 'prose glued before a zero-argument call',
    firstRun: 'exact',
  },
  {
    id: 'w6-054',
    format: 'glm47',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm47_moe_tool_parser.py (commit 0ce879769db6d7503db0ecdfb5b503b080720347)',
    text: '<tool_call>get<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: 'none',
    derived: 'the test feeds this as the partial text of a stream; taken here as a finished output',
    note: "tool name 'get' is only a prefix of an offered tool: not offered, must not run",
    firstRun: 'exact',
  },
  {
    id: 'w6-055',
    format: 'glm47',
    source: 'ollama/ollama model/parsers/glm47_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: 'plan</think>Answer<tool_call>calculate<arg_key>count</arg_key><arg_value>3</arg_value><arg_key>enabled</arg_key><arg_value>true</arg_value></tool_call>',
    tools: ['calculate'],
    expect: [
      [
        'calculate',
        {
          count: 3,
          enabled: true,
        },
      ],
    ],
    note: 'thinking opened by the prompt (only </think> in output); typed values (schema: integer, boolean)',
    firstRun: 'exact',
  },
  {
    id: 'w6-056',
    format: 'glm47',
    source: 'ollama/ollama model/parsers/glm47_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: 'plan</think>\n<tool_call>first<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>\n<tool_call>second<arg_key>b</arg_key><arg_value>2</arg_value></tool_call>\n<tool_call>third<arg_key>c</arg_key><arg_value>3</arg_value></tool_call>',
    tools: ['first', 'second', 'third'],
    expect: [
      [
        'first',
        {
          a: 1,
        },
      ],
      [
        'second',
        {
          b: 2,
        },
      ],
      [
        'third',
        {
          c: 3,
        },
      ],
    ],
    note: 'three calls after a prompt-opened think; no schema, so values stay strings as ollama expects',
    review:
      'W6 review: the collector followed ollama\'s glm47_test.go, where the tool has no parameter schema and ollama keeps every untyped value a string. The GLM-4.5/4.7 chat templates write a string value as it is and any other value as JSON (`{{ v | tojson if v is not string else v }}`), so `<arg_value>1</arg_value>` is the number 1 or the string "1" and only the schema can tell. vLLM glm4_moe/glm47 and SGLang glm4_moe/glm47 read a value as a string only when the schema says string, and otherwise deserialize it (JSON, then a Python literal): 1. We read it as they do; validate.ts then types it by the offered tool\'s schema before the call runs ("1" for a string parameter, 1 for an integer one: held-out.test.ts checks both). Expectation changed from the collector\'s [["first",{"a":"1"}],["second",{"b":"2"}],["third",{"c":"3"}]].',
    firstRun: 'miss',
  },
  {
    id: 'w6-057',
    format: 'qwen3-coder',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3p5_tool_parser.py (commit 0847a95f7ff542cb8c7e8b517841c5a29d84ff1f)',
    text: 'Sure! Let me check the weather for you.<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'Step-3.5 uses the Qwen3-Coder XML; prose glued before',
    firstRun: 'exact',
  },
  {
    id: 'w6-058',
    format: 'qwen3-coder',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3p5_tool_parser.py (commit 0847a95f7ff542cb8c7e8b517841c5a29d84ff1f)',
    text: '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'calculate_area',
        {
          shape: 'rectangle',
          dimensions: {
            width: 10,
            height: 20,
          },
          precision: 2,
        },
      ],
    ],
    note: 'object parameter spread over two lines; integer parameter (schema: object, integer)',
    firstRun: 'exact',
  },
  {
    id: 'w6-059',
    format: 'qwen3-coder',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3p5_tool_parser.py (commit 0847a95f7ff542cb8c7e8b517841c5a29d84ff1f)',
    text: '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
        },
      ],
    ],
    note: 'no <tool_call> wrapper at all',
    firstRun: 'exact',
  },
  {
    id: 'w6-060',
    format: 'qwen3-coder',
    source: 'ollama/ollama model/parsers/qwen3coder_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: '<tool_call>\n<function=exec>\n<parameter=command>\nls && echo "a > b and a < b"\n</parameter>\n</function>\n</tool_call>',
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          command: 'ls && echo "a > b and a < b"',
        },
      ],
    ],
    derived: 'the test passes the inner <function=...> block; <tool_call> wrapper added',
    note: 'raw &, < and > inside a parameter value (ollama issue 12357)',
    firstRun: 'exact',
  },
  {
    id: 'w6-061',
    format: 'qwen3-coder',
    source: 'ollama/ollama model/parsers/qwen3coder_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: '<tool_call>\n<function=获取天气>\n<parameter=城市>\n北京\n</parameter>\n<parameter=message>\nHello! 你好! 🌟 مرحبا\n</parameter>\n</function>\n</tool_call>',
    tools: ['获取天气'],
    expect: [
      [
        '获取天气',
        {
          城市: '北京',
          message: 'Hello! 你好! 🌟 مرحبا',
        },
      ],
    ],
    derived: 'the test passes the inner <function=...> block; <tool_call> wrapper added',
    note: 'CJK tool name and parameter name, mixed-script value',
    firstRun: 'exact',
  },
  {
    id: 'w6-062',
    format: 'qwen3-coder',
    source: 'ollama/ollama model/parsers/nemotron3nano_test.go (commit bb7bba885e0caa0109d7b180ce97af58e66c0b84)',
    text: 'I should check the weather...</think>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Paris',
        },
      ],
    ],
    note: 'Nemotron 3 Nano: prompt-opened thinking, then XML call',
    firstRun: 'exact',
  },
  {
    id: 'w6-063',
    format: 'qwen3-coder',
    source: 'ollama/ollama model/parsers/nemotron3nano_test.go (commit bb7bba885e0caa0109d7b180ce97af58e66c0b84)',
    text: "Let me think...</think>\nI'll check for you.\n<tool_call>\n<function=search>\n<parameter=query>\ntest\n</parameter>\n</function>\n</tool_call>",
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'test',
        },
      ],
    ],
    note: 'thinking, prose, then call',
    firstRun: 'exact',
  },
  {
    id: 'w6-064',
    format: 'hermes',
    source: 'ollama/ollama model/parsers/qwen3_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: 'Let me think<tool_call>{"name":"get_weather","arguments":{"location":"San Francisco","unit":"celsius"}}</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'San Francisco',
          unit: 'celsius',
        },
      ],
    ],
    note: 'Qwen3 compact JSON glued to prose',
    firstRun: 'exact',
  },
  {
    id: 'w6-065',
    format: 'hermes',
    source: 'ollama/ollama model/parsers/qwen3_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: '<tool_call>{"name":"first","arguments":{"a":"1"}}</tool_call>\n<tool_call>{"name":"second","arguments":{"b":"2"}}</tool_call>\n<tool_call>{"name":"third","arguments":{"c":"3"}}</tool_call>',
    tools: ['first', 'second', 'third'],
    expect: [
      [
        'first',
        {
          a: '1',
        },
      ],
      [
        'second',
        {
          b: '2',
        },
      ],
      [
        'third',
        {
          c: '3',
        },
      ],
    ],
    note: 'three calls, string-typed digits stay strings',
    firstRun: 'exact',
  },
  {
    id: 'w6-066',
    format: 'deepseek-v3',
    source: 'ollama/ollama model/parsers/cogito_test.go (commit fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01)',
    text: 'I need to check the weather.</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
    note: 'Cogito (DeepSeek V3 wire format) with prompt-opened thinking',
    firstRun: 'exact',
  },
  {
    id: 'w6-067',
    format: 'deepseek-v3',
    source: 'ollama/ollama model/parsers/cogito_test.go (commit fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"Paris"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"London"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
    ],
    note: 'two calls separated by a newline between call markers',
    firstRun: 'exact',
  },
  {
    id: 'w6-068',
    format: 'deepseek-v3',
    source: 'ollama/ollama model/parsers/cogito_test.go (commit fdfe9cec98048bc4f2cfd36250e0febf7e8bbb01)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>process_data\n```json\n{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95},"count":42}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['process_data'],
    expect: [
      [
        'process_data',
        {
          items: ['item1', 'item2'],
          config: {
            enabled: true,
            threshold: 0.95,
          },
          count: 42,
        },
      ],
    ],
    note: 'nested object, list, float',
    firstRun: 'exact',
  },
  {
    id: 'w6-069',
    format: 'gemma3-tool-code',
    source:
      'teemoonai/teemoon-ios teemoonTests/ToolCallFormatTests.swift (commit 2d9e206c099a6cd85289bd7c5af8a385c441b2bd)',
    text: '```tool_code\nget_weather(city="San Francisco")\n```',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
        },
      ],
    ],
    note: 'gemma4:e2b-it-qat live capture, served without native tool parsing',
    firstRun: 'exact',
  },
  {
    id: 'w6-070',
    format: 'gemma3-tool-code',
    source:
      'teemoonai/teemoon-ios teemoonTests/ToolCallFormatTests.swift (commit 2d9e206c099a6cd85289bd7c5af8a385c441b2bd)',
    text: '```tool_code\nroll_dice(sides=20, count=3)\n```',
    tools: ['roll_dice'],
    expect: [
      [
        'roll_dice',
        {
          sides: 20,
          count: 3,
        },
      ],
    ],
    note: 'live capture: two bare integers',
    firstRun: 'exact',
  },
  {
    id: 'w6-071',
    format: 'gemma3-tool-code',
    source:
      'teemoonai/teemoon-ios teemoonTests/ToolCallFormatTests.swift (commit 2d9e206c099a6cd85289bd7c5af8a385c441b2bd)',
    text: '```tool_code\nweb_search(query="top 3 Swift programming language results")\n```',
    tools: ['web_search'],
    expect: [
      [
        'web_search',
        {
          query: 'top 3 Swift programming language results',
        },
      ],
    ],
    note: 'live capture: string with spaces and digits',
    firstRun: 'exact',
  },
  {
    id: 'w6-072',
    format: 'gemma3-tool-code',
    source:
      'teemoonai/teemoon-ios teemoonTests/ToolCallFormatTests.swift (commit 2d9e206c099a6cd85289bd7c5af8a385c441b2bd)',
    text: "```tool_code\nprint(get_time(zone='PST'))\n```",
    tools: ['get_time'],
    expect: [
      [
        'get_time',
        {
          zone: 'PST',
        },
      ],
    ],
    note: 'Gemma wraps the call in print(...)',
    firstRun: 'exact',
  },
  {
    id: 'w6-073',
    format: 'seed-oss',
    source: 'ggml-org/llama.cpp tests/chat-parsers/test-seed-oss.cpp (commit 6e434ce5541125216d4ad1e033429a947cec8774)',
    text: '<seed:think>I need to call the special function</seed:think><seed:tool_call>\n<function=special_function>\n<parameter=arg1>\n42\n</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'process_data'],
    expect: [
      [
        'special_function',
        {
          arg1: 42,
        },
      ],
    ],
    note: 'reasoning then call; integer parameter (schema: integer)',
    firstRun: 'exact',
  },
  {
    id: 'w6-074',
    format: 'seed-oss',
    source: 'ggml-org/llama.cpp tests/chat-parsers/test-seed-oss.cpp (commit 6e434ce5541125216d4ad1e033429a947cec8774)',
    text: '<seed:tool_call>\n<function=process_data>\n<parameter=input>\ntest\n</parameter>\n<parameter=format>\njson\n</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'process_data'],
    expect: [
      [
        'process_data',
        {
          input: 'test',
          format: 'json',
        },
      ],
    ],
    note: 'two string parameters',
    firstRun: 'miss',
  },
  {
    id: 'w6-075',
    format: 'seed-oss',
    source: 'ggml-org/llama.cpp tests/chat-parsers/test-seed-oss.cpp (commit 6e434ce5541125216d4ad1e033429a947cec8774)',
    text: '<seed:tool_call>\n<function=process_data>\n<parameter=input>\ntest',
    tools: ['special_function', 'process_data'],
    expect: 'none',
    note: 'cut off mid-value',
    firstRun: 'exact',
  },
  {
    id: 'w6-076',
    format: 'minimax-m2',
    source:
      'ggml-org/llama.cpp tests/chat-peg-parser/test-example-minimax-m2.cpp (commit 7d30b275ebe5a0b44ed2bb28c27fa741476708d6)',
    text: '<think>To keep the reply light I’ll fetch a random joke using the `generate_joke` tool.</think><minimax:tool_call><invoke name="generate_joke"><parameter name="category">funny</parameter></invoke></minimax:tool_call>',
    tools: ['generate_joke'],
    expect: [
      [
        'generate_joke',
        {
          category: 'funny',
        },
      ],
    ],
    note: 'the tool name is quoted in backticks in the reasoning; one real call after it',
    firstRun: 'exact',
  },
  {
    id: 'w6-077',
    format: 'pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "[get_weather(city='San Francisco', metric='celsius'), register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    tools: ['get_weather', 'register_user'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
      [
        'register_user',
        {
          name: 'John Doe',
          age: 37,
          address: {
            city: 'San Francisco',
            state: 'CA',
          },
          role: null,
          passed_test: true,
          aliases: ['John', 'Johnny'],
        },
      ],
    ],
    note: 'Llama 3.2 pythonic list of two calls, Python literals',
    firstRun: 'exact',
  },
  {
    id: 'w6-078',
    format: 'pythonic',
    source:
      'vllm-project/vllm tests/tool_parsers/test_pythonic_tool_parser.py (commit 0716d268c7d81e445bd9ae30205f7bf4cfacd7d5)',
    text: "[f(a='x 'y' 'z), g(b='p 'q' 'r)]",
    tools: ['f', 'g'],
    expect: 'none',
    note: 'broken quoting in every call: nothing parses, nothing may run',
    firstRun: 'exact',
  },
  {
    id: 'w6-079',
    format: 'llama3-json',
    source:
      'vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (commit 1e499e36c5828a75c6ca8b76631d264be1187005)',
    text: '{"parameters": {}}',
    tools: ['getOpenIncidentsTool'],
    expect: 'none',
    note: 'object without a tool name',
    firstRun: 'exact',
  },
  {
    id: 'w6-080',
    format: 'phi4-mini',
    source:
      'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py (commit 2471a1c1430e2a066029bc743562eee6db2feab0)',
    text: 'functools[ This is just text ]',
    tools: ['func'],
    expect: 'none',
    note: 'functools marker followed by prose in brackets',
    firstRun: 'exact',
  },
  {
    id: 'w6-081',
    format: 'prose-tool-list',
    source: 'OpenHands/OpenHands#5111 (https://github.com/OpenHands/OpenHands/issues/5111)',
    text: 'I\'ve created a robust Python script for API scraping with the following features:\n...<redacted summary of the task we wanted the agent to perform>...\n\nThe script uses the JSONPlaceholder API as an example, but it\'s designed to be easily configurable for other APIs through the configuration file we\'ll create in a later subtask.\n\nLet\'s verify that the script works by running a test:\nTool calls:\n- execute_python: {"code": "import sys\\nsys.path.append(\'/workspace/airflow/scripts\')\\nfrom api_scraper import main\\n\\n# Test the scraper\\nmain(\\"https://jsonplaceholder.typicode.com/posts\\", \\"/tmp/test_api_data.parquet\\")"}',
    tools: ['execute_bash', 'execute_ipython_cell', 'str_replace_editor', 'finish'],
    expect: 'none',
    derived:
      "text as pasted in the issue (the reporter redacted one line); tools list is OpenHands CodeAct's set at the time, not given in the issue",
    note: 'Claude Sonnet printed a "Tool calls:" list in prose naming execute_python, a tool that was not offered',
    firstRun: 'exact',
  },
  {
    id: 'w6-082',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<think><tool_calls>{"name": "ignored", "arguments": {}}</tool_calls></think><tool_calls>{"name": "real_tool", "arguments": {"param": "value"}}</tool_calls>',
    tools: ['ignored', 'real_tool'],
    expect: [
      [
        'real_tool',
        {
          param: 'value',
        },
      ],
    ],
    derived: 'single streamed delta holding the whole text',
    note: 'call inside <think> with no whitespace around, then the real one',
    firstRun: 'exact',
  },
  {
    id: 'w6-083',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": ',
    tools: ['get_current_weather'],
    expect: 'none',
    derived: 'stage 2 of the progressive-stream test',
    note: 'cut off after a key, value missing',
    firstRun: 'exact',
  },
  {
    id: 'w6-084',
    format: 'minimax-m1',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA"',
    tools: ['get_current_weather'],
    expect: 'none',
    derived: 'stage 4 of the progressive-stream test',
    note: 'cut off after a value, object not closed',
    firstRun: 'exact',
  },
  {
    id: 'w6-085',
    format: 'hermes',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (commit 0eb73d6a09be117cdd0d4da4d6239321001c0d0c)',
    text: 'This is some prior text that has nothing to do with tool calling.',
    tools: ['final_answer', 'get_weather'],
    expect: 'none',
    note: 'plain prose answer',
    firstRun: 'exact',
  },
  {
    id: 'w6-086',
    format: 'mistral-v3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py (commit 002d5731d3ee99b92d80b103be81c212245f1acf)',
    text: '[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1}}][TOOL_CALLS] [{"name": "sub", "arguments":{"b": 2}}]',
    tools: ['add', 'sub'],
    expect: [
      [
        'add',
        {
          a: 1,
        },
      ],
      [
        'sub',
        {
          b: 2,
        },
      ],
    ],
    note: 'two [TOOL_CALLS] blocks in a v3 output (vLLM raises "Only one BOT token")',
    firstRun: 'exact',
  },
  {
    id: 'w6-087',
    format: 'xlam',
    source:
      'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
    text: 'I\'ll check the weather for you.[TOOL_CALLS][{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
          unit: 'fahrenheit',
        },
      ],
    ],
    note: 'xLAM borrowing the Mistral marker after prose',
    firstRun: 'exact',
  },
  {
    id: 'w6-088',
    format: 'hermes',
    source: 'ollama/ollama model/parsers/qwen3_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: '<tool_call>{"name":"first","arguments":{"a":"1"}}</tool_call><tool_call>{"name":"second","arguments":{"b":"2"}',
    tools: ['first', 'second', 'third'],
    expect: [
      [
        'first',
        {
          a: '1',
        },
      ],
    ],
    derived: 'first chunk of the streaming test, taken as the whole output',
    note: 'second call cut off before its closing braces: only the first may run',
    firstRun: 'exact',
  },
  {
    id: 'w6-089',
    format: 'glm47',
    source: 'ollama/ollama model/parsers/glm47_test.go (commit cc90a035a0cc3ae9bd0c1dc95d42b620e8dcb0e2)',
    text: 'plan</think><tool_call>first<arg_key>a</arg_key><arg_value>1</arg_value></tool_call><tool_call>second<arg_key>b</arg_key>',
    tools: ['first', 'second', 'third'],
    expect: [
      [
        'first',
        {
          a: 1,
        },
      ],
    ],
    derived: 'first chunk of the streaming test, taken as the whole output',
    note: 'second call cut off after its first key: only the first may run',
    review:
      'W6 review: the collector followed ollama\'s glm47_test.go, where the tool has no parameter schema and ollama keeps every untyped value a string. The GLM-4.5/4.7 chat templates write a string value as it is and any other value as JSON (`{{ v | tojson if v is not string else v }}`), so `<arg_value>1</arg_value>` is the number 1 or the string "1" and only the schema can tell. vLLM glm4_moe/glm47 and SGLang glm4_moe/glm47 read a value as a string only when the schema says string, and otherwise deserialize it (JSON, then a Python literal): 1. We read it as they do; validate.ts then types it by the offered tool\'s schema before the call runs ("1" for a string parameter, 1 for an integer one: held-out.test.ts checks both). Expectation changed from the collector\'s [["first",{"a":"1"}]].',
    firstRun: 'miss',
  },
];
