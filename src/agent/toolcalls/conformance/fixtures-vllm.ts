/**
 * vLLM's own tool-call parser fixtures (vllm-project/vllm tests/tool_parsers/*.py (the parsers' own unit tests)), ported as data:
 * each case is the model output a test feeds the engine's parser and the
 * calls the test expects back, with the test's name and the file and commit
 * it is quoted from. Only the samples are quoted; none of vLLM's code.
 * `derived` says how a sample was assembled when the test builds it (string
 * constants, helper functions, streaming chunks joined); `differs` says where
 * and why our parser deliberately reads it otherwise (asserted too).
 * Scored by conformance.test.ts; summed up in docs/tool-call-formats.md.
 */
import type { EngineFixture } from './fixture.js';

export const VLLM_FIXTURES: EngineFixture[] = [
  {
    format: 'command_r7b',
    parser: 'cohere_command',
    source: 'tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd488866e0',
    name: 'single_tool_call',
    text: '<|START_THINKING|> i will call foo with query1<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}}\n]\n<|END_ACTION|>',
    tools: ['foo'],
    expect: [
      [
        'foo',
        {
          query: 'query1',
        },
      ],
    ],
  },
  {
    format: 'command_r7b',
    parser: 'cohere_command',
    source: 'tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd488866e0',
    name: 'citations_no_tool_calls',
    text: '<|START_THINKING|>This is a rainbow <co>emoji: 🌈</co: 0:[1]><|END_THINKING|>\n<|START_RESPONSE|>foo <co>bar</co: 0:[1,2],1:[3,4]><|END_RESPONSE|>',
    tools: ['foo', 'bar'],
    expect: 'none',
  },
  {
    format: 'command_r7b',
    parser: 'cohere_command',
    source: 'tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd488866e0',
    name: 'multiple_tool_calls',
    text: '<|START_THINKING|>first I think about foo<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}},\n    {"tool_call_id": "1", "tool_name": "bar", "parameters": {"x": 42}}\n]\n<|END_ACTION|>',
    tools: ['bar', 'foo'],
    expect: [
      [
        'foo',
        {
          query: 'query1',
        },
      ],
      [
        'bar',
        {
          x: 42,
        },
      ],
    ],
  },
  {
    format: 'command_r7b',
    parser: 'cohere_command',
    source: 'tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd488866e0',
    name: 'reasoning_only',
    text: '<|START_THINKING|>just think, no response<|END_THINKING|>',
    tools: ['foo', 'bar'],
    expect: 'none',
  },
  {
    format: 'command_r7b',
    parser: 'cohere_command',
    source: 'tests/tool_parsers/test_cohere_command_tool_parser.py@6bcd488866e0',
    name: 'speculative_decoding_multi_token_delta',
    text: '<|START_THINKING|> i will call foo with query1<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}}\n]\n<|END_ACTION|>',
    tools: ['foo'],
    expect: [
      [
        'foo',
        {
          query: 'query1',
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'no_tool_call',
    text: 'How can I help you today?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'simple',
    text: "<function_calls>get_weather(city='San Francisco', metric='celsius')</function_calls>",
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'more_types',
    text: "<function_calls>register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])</function_calls>",
    tools: ['register_user'],
    expect: [
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
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'more_types_json_literals',
    text: "<function_calls>register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=null, passed_test=true, aliases=['John', 'Johnny'])</function_calls>",
    tools: ['register_user'],
    expect: [
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
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'parameterless',
    text: '<function_calls>get_weather()</function_calls>',
    tools: ['get_weather'],
    expect: [['get_weather', {}]],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'empty_dict',
    text: '<function_calls>do_something_cool(additional_data={})</function_calls>',
    tools: ['do_something_cool'],
    expect: [
      [
        'do_something_cool',
        {
          additional_data: {},
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'empty_list',
    text: '<function_calls>do_something_cool(steps=[])</function_calls>',
    tools: ['do_something_cool'],
    expect: [
      [
        'do_something_cool',
        {
          steps: [],
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'escaped_string',
    text: "<function_calls>get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')</function_calls>",
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
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'parallel_calls',
    text: "<function_calls>get_weather(city='San Francisco', metric='celsius')\nregister_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])</function_calls>",
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
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'streaming_large_steps',
    text: "<function_calls>get_weather(city='San Francisco', metric='celsius')\nget_weather()\ndo_something_cool(steps=[])</function_calls>",
    tools: ['do_something_cool', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
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
    derived: "the streaming test's deltas concatenated",
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'regex_timeout_input',
    text: 'hello world[A(A=\t)A(A=,\t\t)A(A=,\t',
    tools: ['A'],
    expect: 'none',
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'bad_sibling_call_does_not_drop_good_calls',
    text: "<function_calls>bad(x=b'z')\nget_weather(city='San Francisco', metric='celsius')</function_calls>",
    tools: ['bad', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'non_finite_argument_rejected',
    text: "<function_calls>calc(x=1e999)\nget_weather(city='San Francisco', metric='celsius')</function_calls>",
    tools: ['calc', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'olmo3',
    parser: 'olmo3',
    source: 'tests/tool_parsers/test_olmo3_tool_parser.py@2aac44dc3f7b',
    name: 'mismatched_brackets',
    text: '<function_calls>foo(x=1])</function_calls>',
    tools: ['foo'],
    expect: 'none',
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'xml_converts_schema_types',
    text: 'ok<dots_function_call><invoke name="set_location"><parameter name="location">{"city": "Shanghai"}</parameter><parameter name="days">3</parameter><parameter name="include_weather">true</parameter></invoke></dots_function_call>',
    tools: ['set_location'],
    expect: [
      [
        'set_location',
        {
          location: {
            city: 'Shanghai',
          },
          days: 3,
          include_weather: true,
        },
      ],
    ],
    schemas: {
      set_location: {
        type: 'object',
        properties: {
          location: {
            type: 'object',
          },
          days: {
            type: 'integer',
          },
          include_weather: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'multiple_invokes_and_json_fallback',
    text: '<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke><invoke name="open"><parameter name="id">7</parameter></invoke></dots_function_call><dots_function_call>{"name":"search","arguments":{"query":"tables"}}</dots_function_call>',
    tools: ['search', 'open'],
    expect: [
      [
        'search',
        {
          query: 'chairs',
        },
      ],
      [
        'open',
        {
          id: 7,
        },
      ],
      [
        'search',
        {
          query: 'tables',
        },
      ],
    ],
    schemas: {
      open: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'unknown_tool_is_left_as_content',
    text: '<dots_function_call><invoke name="ghost"><parameter name="query">chairs</parameter></invoke></dots_function_call>',
    tools: ['search'],
    expect: 'none',
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'streaming_partial_marker_then_two_calls',
    text: 'visible<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke></dots_function_call><dots_function_call><invoke name="search"><parameter name="query">tables</parameter></invoke></dots_function_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'chairs',
        },
      ],
      [
        'search',
        {
          query: 'tables',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'malformed_block_then_valid_call',
    text: '<dots_function_call>garbage</dots_function_call><dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke></dots_function_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'chairs',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'stray_end_marker',
    text: 'some text </dots_function_call>',
    tools: ['search'],
    expect: 'none',
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'partial_opening_marker_at_eof',
    text: 'answer <dots_func',
    tools: ['search'],
    expect: 'none',
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'complete_json_before_end_marker',
    text: '<dots_function_call>{"name":"search","arguments":{"query":"chairs"}}</dots_function_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'chairs',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'dots',
    parser: 'dots',
    source: 'tests/tool_parsers/test_dots_tool_parser.py@42955d4cf0fe',
    name: 'parser_tools_none_request_tools',
    text: '<dots_function_call><invoke name="search"><parameter name="query">chairs</parameter></invoke></dots_function_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'chairs',
        },
      ],
    ],
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'no_tool_call',
    text: 'just some text',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'single_tool_no_params',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_time">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_time'],
    expect: [['get_time', {}]],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'single_tool_with_params',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">SF</｜DSML｜parameter><｜DSML｜parameter name="date" string="true">2024-01-16</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'SF',
          date: '2024-01-16',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'content_before_tool_call',
    text: 'Sure, let me check! <｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">NYC</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'NYC',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'multiple_tools',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">SF</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">NYC</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'SF',
        },
      ],
      [
        'get_weather',
        {
          location: 'NYC',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'type_conversion_in_non_streaming',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="toggle">\n<｜DSML｜parameter name="enabled" string="false">true</｜DSML｜parameter>\n<｜DSML｜parameter name="count" string="false">42</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['toggle'],
    expect: [
      [
        'toggle',
        {
          enabled: true,
          count: 42,
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'string_attr_true_coerced_by_schema',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="score">\n<｜DSML｜parameter name="value" string="true">42</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['score'],
    expect: [
      [
        'score',
        {
          value: 42,
        },
      ],
    ],
    schemas: {
      score: {
        type: 'object',
        properties: {
          value: {
            type: 'integer',
          },
        },
      },
    },
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'string_attr_false_allows_schema_conversion',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="score">\n<｜DSML｜parameter name="value" string="false">42</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['score'],
    expect: [
      [
        'score',
        {
          value: 42,
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'composed_schema_object_and_array',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="set_timer">\n<｜DSML｜parameter name="wait" string="false">{"type":"for","minutes":2880}</｜DSML｜parameter>\n<｜DSML｜parameter name="patches" string="false">[{"op":"replace","path":"/schedule","value":"quiet"}]</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['set_timer'],
    expect: [
      [
        'set_timer',
        {
          wait: {
            type: 'for',
            minutes: 2880,
          },
          patches: [
            {
              op: 'replace',
              path: '/schedule',
              value: 'quiet',
            },
          ],
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'string_attr_true_coerced_by_composed_schema',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="set_timer">\n<｜DSML｜parameter name="wait" string="true">{"type":"for","minutes":2880}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['set_timer'],
    expect: [
      [
        'set_timer',
        {
          wait: {
            type: 'for',
            minutes: 2880,
          },
        },
      ],
    ],
    schemas: {
      set_timer: {
        type: 'object',
        properties: {
          wait: {
            anyOf: [
              {
                type: 'object',
              },
              {
                type: 'null',
              },
            ],
          },
        },
      },
    },
    derived: "built with the test's build_tool_call() / DSML constants",
    differs: {
      reason:
        'string="true" marks a string, and validateArguments does not read text into an anyOf object: the call is refused and the model told what "wait" must be',
      ours: 'none',
    },
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'arguments_wrapper_repaired',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="arguments" string="false">{"location":"Beijing"}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Beijing',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'input_wrapper_repaired',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="input" string="true">{"location":"Beijing"}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Beijing',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
    note: 'schema {location: string}',
    differs: {
      reason:
        'an "input" parameter is kept as the tool\'s argument: a tool may well have a parameter named input (the test gives no schema that says otherwise)',
      ours: [
        [
          'get_weather',
          {
            input: '{"location":"Beijing"}',
          },
        ],
      ],
    },
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v32',
    source: 'tests/tool_parsers/test_deepseekv32_tool_parser.py@00816550e740',
    name: 'object_and_array_params',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="update">\n<｜DSML｜parameter name="tags" string="false">["a", "b"]</｜DSML｜parameter>\n<｜DSML｜parameter name="meta" string="false">{"k": 1}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['update'],
    expect: [
      [
        'update',
        {
          tags: ['a', 'b'],
          meta: {
            k: 1,
          },
        },
      ],
    ],
    derived: "built with the test's build_tool_call() / DSML constants",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v4',
    source: 'tests/tool_parsers/test_deepseekv4_tool_parser.py@023f36c62e71',
    name: 'extract_tool_calls',
    text: 'Let me check. <｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Beijing</｜DSML｜parameter>\n<｜DSML｜parameter name="unit" string="true">celsius</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Beijing',
          unit: 'celsius',
        },
      ],
    ],
    derived: "built with the test's build_tool_call()",
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v4',
    source: 'tests/tool_parsers/test_deepseekv4_tool_parser.py@023f36c62e71',
    name: 'function_calls_block_is_not_accepted',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter name="query" string="true">vllm</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['search'],
    expect: 'none',
    derived: "built with the test's build_tool_call()",
    differs: {
      reason:
        'the V3.2 block name <｜DSML｜function_calls> is read too: one DSML parser serves both DeepSeek V3.2 and V4',
      ours: [
        [
          'search',
          {
            query: 'vllm',
          },
        ],
      ],
    },
  },
  {
    format: 'deepseek_v32',
    parser: 'deepseek_v4',
    source: 'tests/tool_parsers/test_deepseekv4_tool_parser.py@023f36c62e71',
    name: 'streaming_extracts_complete_invokes',
    text: '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter name="query" string="true">deepseek v4</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'deepseek v4',
        },
      ],
    ],
    derived: "built with the test's build_tool_call()",
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'no_tool_calls',
    text: 'Hello, how can I help you today?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'single_tool_call',
    text: '<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
    ],
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'multiple_arguments',
    text: '<start_function_call>call:get_weather{location:<escape>San Francisco<escape>,unit:<escape>celsius<escape>}<end_function_call>',
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
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'text_before_tool_call',
    text: 'Let me check the weather for you. <start_function_call>call:get_weather{location:<escape>Paris<escape>}<end_function_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'multiple_tool_calls',
    text: '<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call><start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>',
    tools: ['get_time', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
      [
        'get_time',
        {
          timezone: 'UTC',
        },
      ],
    ],
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'parse_arguments.numeric_argument',
    text: '<start_function_call>call:test{count:<escape>42<escape>}<end_function_call>',
    tools: ['test'],
    expect: [
      [
        'test',
        {
          count: 42,
        },
      ],
    ],
    derived: 'the _parse_arguments input wrapped in <start_function_call>call:test{…}<end_function_call>',
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'parse_arguments.boolean_argument',
    text: '<start_function_call>call:test{enabled:<escape>true<escape>}<end_function_call>',
    tools: ['test'],
    expect: [
      [
        'test',
        {
          enabled: true,
        },
      ],
    ],
    derived: 'the _parse_arguments input wrapped in <start_function_call>call:test{…}<end_function_call>',
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'parse_arguments.argument_with_spaces',
    text: '<start_function_call>call:test{message:<escape>Hello World<escape>}<end_function_call>',
    tools: ['test'],
    expect: [
      [
        'test',
        {
          message: 'Hello World',
        },
      ],
    ],
    derived: 'the _parse_arguments input wrapped in <start_function_call>call:test{…}<end_function_call>',
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'parse_arguments.multiple_string_arguments',
    text: '<start_function_call>call:test{city:<escape>Tokyo<escape>,country:<escape>Japan<escape>}<end_function_call>',
    tools: ['test'],
    expect: [
      [
        'test',
        {
          city: 'Tokyo',
          country: 'Japan',
        },
      ],
    ],
    derived: 'the _parse_arguments input wrapped in <start_function_call>call:test{…}<end_function_call>',
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'streamed_two_keys_no_comma',
    text: '<start_function_call>call:get_weather{city:<escape>NYC<escape>unit:<escape>celsius<escape>}<end_function_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'NYC',
          unit: 'celsius',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'functiongemma',
    parser: 'functiongemma',
    source: 'tests/tool_parsers/test_functiongemma_tool_parser.py@26c3628ca826',
    name: 'streamed_three_keys_no_comma',
    text: '<start_function_call>call:search{query:<escape>python<escape>limit:<escape>10<escape>sort:<escape>relevance<escape>}<end_function_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'python',
          limit: 10,
          sort: 'relevance',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.no_tool_calls',
    text: 'This is a regular response without any tool calls.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.single_tool_call',
    text: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.parallel_tool_calls',
    text: '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
    note: 'the engine asserts the names; arguments as written',
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.various_data_types',
    text: '<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: {
            nested: 'value',
          },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.empty_arguments',
    text: '<function_call> {"name": "refresh", "arguments": {}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['refresh', {}]],
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.surrounding_text',
    text: 'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.escaped_strings',
    text: '<function_call> {\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[0]',
    text: '<function_call> {"name": "func", "arguments": {',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[1]',
    text: '<function_call> [{"name": "func", "arguments": {}}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['func', {}]],
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[2]',
    text: '{"name": "func", "arguments": {}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['func', {}]],
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite_20b_fc',
    parser: 'granite-20b-fc',
    source: 'tests/tool_parsers/test_granite_20b_fc_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[3]',
    text: '<function_call> {"name": 123}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'no_tool_call',
    text: 'How can I help you today?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'single_tool_call',
    text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}]</tool_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'multiple_tool_calls',
    text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}, {"name": "register_user", "arguments": {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"}, "role": null, "passed_test": true, "aliases": ["John", "Johnny"]}}]</tool_calls>',
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
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'content_before',
    text: 'I will call the tool now. <tool_calls>[{"name": "get_weather", "arguments": {"city": "Boston"}}]</tool_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Boston',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'content_after',
    text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seattle"}}]</tool_calls>\nThank you!',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seattle',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'nested_arguments',
    text: '<tool_calls>[{"name": "complex_tool", "arguments": {"level1": {"level2": {"level3": {"value": 123}}}}}]</tool_calls>',
    tools: ['complex_tool'],
    expect: [
      [
        'complex_tool',
        {
          level1: {
            level2: {
              level3: {
                value: 123,
              },
            },
          },
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'streaming_answer_tag_after',
    text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Boston"}}]</tool_calls>\n</answer>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Boston',
        },
      ],
    ],
    derived: "the streaming test's deltas concatenated",
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'non_ascii',
    text: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "北京"}}]</tool_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '北京',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'empty_args_first',
    text: '<tool_calls>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 42}}]</tool_calls>',
    tools: ['a', 'b'],
    expect: [
      ['a', {}],
      [
        'b',
        {
          x: 42,
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'hunyuan_a13b',
    source: 'tests/tool_parsers/test_hunyuan_a13b_tool_parser.py@10a67515200c',
    name: 'empty_args_last',
    text: '<tool_calls>[{"name": "a", "arguments": {"x": 42}}, {"name": "b", "arguments": {}}]</tool_calls>',
    tools: ['a', 'b'],
    expect: [
      [
        'a',
        {
          x: 42,
        },
      ],
      ['b', {}],
    ],
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'no_tool_call',
    text: 'How can I help you today?',
    tools: ['manage_user_memory'],
    expect: 'none',
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'simple_gigachat3',
    text: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'parameterless_gigachat3',
    text: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {}}',
    tools: ['manage_user_memory'],
    expect: [['manage_user_memory', {}]],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'complex_gigachat3',
    text: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
          content: {
            short_answers: true,
            hate_emojis: true,
            english_ui: false,
            russian_math_explanations: true,
          },
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'mixed_content_gigachat3',
    text: 'I\'ll check that for you.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'mixed_content_with_eos_gigachat3',
    text: 'I\'ll check that for you.<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}</s>',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'simple_gigachat31',
    text: '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'parameterless_gigachat31',
    text: '<|function_call|>{"name": "manage_user_memory", "arguments": {}}',
    tools: ['manage_user_memory'],
    expect: [['manage_user_memory', {}]],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'complex_gigachat31',
    text: '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
          content: {
            short_answers: true,
            hate_emojis: true,
            english_ui: false,
            russian_math_explanations: true,
          },
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'mixed_content_gigachat31',
    text: 'I\'ll check that for you.<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'gigachat3',
    parser: 'gigachat3',
    source: 'tests/tool_parsers/test_gigachat3_tool_parser.py@102ebe115871',
    name: 'mixed_content_with_eos_gigachat31',
    text: 'I\'ll check that for you.<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}</s>',
    tools: ['manage_user_memory'],
    expect: [
      [
        'manage_user_memory',
        {
          action: 'create',
          id: 'preferences',
        },
      ],
    ],
    derived: "built with the test's constants (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'no_tool_calls',
    text: 'Hello, how can I help you today?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'single_tool_call',
    text: '<|tools_prefix|>[{"get_weather": {"location": "London"}}]<|tools_suffix|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
    ],
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'multiple_arguments',
    text: '<|tools_prefix|>[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]<|tools_suffix|>',
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
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'text_before_tool_call',
    text: 'Let me check the weather for you. <|tools_prefix|>[{"get_weather": {"location": "Paris"}}]<|tools_suffix|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'multiple_tool_calls',
    text: '<|tools_prefix|>[{"get_weather": {"location": "London"}}, {"get_time": {"location": "London"}}]<|tools_suffix|>',
    tools: ['get_time', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
      [
        'get_time',
        {
          location: 'London',
        },
      ],
    ],
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'nested_arguments',
    text: '<|tools_prefix|>[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]<|tools_suffix|>',
    tools: ['complex_function'],
    expect: [
      [
        'complex_function',
        {
          nested: {
            inner: 'value',
          },
          list: ['a', 'b'],
        },
      ],
    ],
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'incomplete_tool_call',
    text: '<|tools_prefix|>[{"get_weather": {"location": "London"}',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
    ],
    note: 'vLLM completes the brackets the output never closed',
    differs: {
      reason: 'the arguments never closed their brackets: a call cut off is refused (safety rule 1)',
      ours: 'none',
    },
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'missing_tool_suffix',
    text: '<|tools_prefix|>[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]',
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
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'streaming_partial_tag_missing_suffix',
    text: 'Content<|tools_prefix|>[{"f": {"a": 1}}]',
    tools: ['f'],
    expect: [
      [
        'f',
        {
          a: 1,
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'mtp_streaming_skip_and_catch_up',
    text: '<|tools_prefix|>[{"t1": {"a": 1}}, {"t2": {"b": 2}}, {"t3": {"c": 3}}]<|tools_suffix|>',
    tools: ['t1', 't2', 't3'],
    expect: [
      [
        't1',
        {
          a: 1,
        },
      ],
      [
        't2',
        {
          b: 2,
        },
      ],
      [
        't3',
        {
          c: 3,
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'apertus',
    parser: 'apertus',
    source: 'tests/tool_parsers/test_apertus_tool_parser.py@266c3ccc1d53',
    name: 'streaming_character_by_character',
    text: 'Hi <|tools_prefix|>[{"get_weather": {"location": "London"}}]<|tools_suffix|> ',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'London',
        },
      ],
    ],
    derived: "the streaming test's text",
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'no_tools',
    text: 'This is a test',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'single_tool_call',
    text: '<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Dallas</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>TX</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>',
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
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'multiple_tool_calls',
    text: '<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Dallas</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>TX</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>\n    <tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Orlando</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>FL</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>fahrenheit</arg_value>\n    </tool_call>',
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
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'tool_call_with_content_before',
    text: "I'll help you check the weather. <tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>Seattle</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>WA</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>celsius</arg_value>\n    </tool_call>",
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Seattle',
          state: 'WA',
          unit: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'tool_call_with_mixed_args',
    text: '<tool_call>get_current_weather\n    <arg_key>city</arg_key>\n    <arg_value>New York</arg_value>\n    <arg_key>state</arg_key>\n    <arg_value>NY</arg_value>\n    <arg_key>unit</arg_key>\n    <arg_value>celsius</arg_value>\n    </tool_call>',
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
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'tool_call_with_chinese_content',
    text: 'I will help you get the weather.<tool_call>get_weather\n    <arg_key>city</arg_key>\n    <arg_value>Beijing</arg_value>\n    <arg_key>date</arg_key>\n    <arg_value>2025-08-01</arg_value>\n    </tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2025-08-01',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'with_thinking_tags',
    text: '<think>I want to get the weather.</think>\n\nI will help you get the weather.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2025-08-01',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'empty_arguments',
    text: '<tool_call>get_current_time\n</tool_call>',
    tools: ['get_current_time'],
    expect: [['get_current_time', {}]],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'mixed_content',
    text: 'I will help you get the weather info.\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>\n\nmeaningwhile, I will also check the weather in Shanghai.\n\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2025-08-01',
        },
      ],
      [
        'get_weather',
        {
          city: 'Shanghai',
          date: '2025-08-01',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'special_characters',
    text: '<tool_call>send_message\n<arg_key>recipient</arg_key>\n<arg_value>Amy</arg_value>\n<arg_key>message</arg_key>\n<arg_value>It is a nice day</arg_value>\n<arg_key>priority</arg_key>\n<arg_value>high</arg_value>\n</tool_call>',
    tools: ['send_message'],
    expect: [
      [
        'send_message',
        {
          recipient: 'Amy',
          message: 'It is a nice day',
          priority: 'high',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'incomplete_tool_call',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'missing </tool_call>: not extracted',
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'streaming_basic_functionality',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
    derived: "the streaming test's whole current_text",
  },
  {
    format: 'glm45',
    parser: 'glm45',
    source: 'tests/tool_parsers/test_glm4_moe_tool_parser.py@024364d66953',
    name: 'streaming_content_before_tool_calls',
    text: 'I will help you get the weather.<tool_call>',
    tools: ['get_weather'],
    expect: 'none',
    derived: "the streaming test's current_text; the call has not begun",
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'no_tool_call',
    text: 'This is a plain response.',
    tools: ['get_current_date', 'get_weather'],
    expect: 'none',
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'zero_arg_inline',
    text: '<tool_call>get_current_date</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'zero_arg_newline',
    text: '<tool_call>get_current_date\n</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'args_same_line',
    text: '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'args_with_newlines',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'content_before',
    text: 'Checking.<tool_call>get_current_date</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'multiple',
    text: '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Shanghai</arg_value></tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
      [
        'get_weather',
        {
          city: 'Shanghai',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'whitespace_content_none',
    text: '  \n  <tool_call>get_current_date</tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'streaming_with_args',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'glm45',
    parser: 'glm47',
    source: 'tests/tool_parsers/test_glm47_moe_tool_parser.py@0ce879769db6',
    name: 'delays_prefix_only_tool_name',
    text: '<tool_call>get<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_current_date', 'get_weather'],
    expect: 'none',
    note: '"get" is only a prefix of an offered tool: no call is emitted',
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'no_tool_call',
    text: 'This is a plain response.',
    tools: ['get_current_date', 'get_weather'],
    expect: 'none',
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'zero_arg_inline',
    text: '<tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'zero_arg_newline',
    text: '<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'args_same_line',
    text: '<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2026-03-30</arg_value></tool_call></tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2026-03-30',
        },
      ],
    ],
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'args_with_newlines',
    text: '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n</tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2026-03-30',
        },
      ],
    ],
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'content_before',
    text: 'Checking.<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [['get_current_date', {}]],
  },
  {
    format: 'hy_v3',
    parser: 'hy_v3',
    source: 'tests/tool_parsers/test_hy_v3_tool_parser.py@41c5903d049b',
    name: 'multiple',
    text: '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Hangzhou</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n</tool_calls>',
    tools: ['get_current_date', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2026-03-30',
        },
      ],
      [
        'get_weather',
        {
          city: 'Hangzhou',
          date: '2026-03-30',
        },
      ],
    ],
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'non_streaming_nested_tool_call',
    text: 'I will create it.\n]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>42]<]minimax[>[</user_id>]<]minimax[>[<urgent>true]<]minimax[>[</urgent>]<]minimax[>[<note>Please leave at front desk.]<]minimax[>[</note>]<]minimax[>[<shipping>]<]minimax[>[<city>Singapore]<]minimax[>[</city>]<]minimax[>[<zip>018956]<]minimax[>[</zip>]<]minimax[>[</shipping>]<]minimax[>[<items>]<]minimax[>[<item>]<]minimax[>[<sku>book-001]<]minimax[>[</sku>]<]minimax[>[<qty>2]<]minimax[>[</qty>]<]minimax[>[</item>]<]minimax[>[<item>]<]minimax[>[<sku>pen-007]<]minimax[>[</sku>]<]minimax[>[<qty>5]<]minimax[>[</qty>]<]minimax[>[</item>]<]minimax[>[</items>]<]minimax[>[<metadata>]<]minimax[>[<source>mobile]<]minimax[>[</source>]<]minimax[>[<campaign>may-launch]<]minimax[>[</campaign>]<]minimax[>[</metadata>]<]minimax[>[<duplicate_demo>]<]minimax[>[<tag>a]<]minimax[>[</tag>]<]minimax[>[<tag>b]<]minimax[>[</tag>]<]minimax[>[</duplicate_demo>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
    tools: ['create_order'],
    expect: [
      [
        'create_order',
        {
          user_id: 42,
          urgent: true,
          note: 'Please leave at front desk.',
          shipping: {
            city: 'Singapore',
            zip: 18956,
          },
          items: [
            {
              sku: 'book-001',
              qty: 2,
            },
            {
              sku: 'pen-007',
              qty: 5,
            },
          ],
          metadata: {
            source: 'mobile',
            campaign: 'may-launch',
          },
          duplicate_demo: {
            tag: ['a', 'b'],
          },
        },
      ],
    ],
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
    derived: "built with the test's build_*() helpers",
    note: 'schema: zip integer, items array of objects',
    differs: {
      reason:
        'a list of <item> elements reads as {"item": [...]} (an element holding elements is an object); the schema makes it a one-element array, not the list the engine reads from the schema',
      ours: [
        [
          'create_order',
          {
            user_id: 42,
            urgent: true,
            note: 'Please leave at front desk.',
            shipping: {
              city: 'Singapore',
              zip: 18956,
            },
            items: [
              {
                item: [
                  {
                    sku: 'book-001',
                    qty: 2,
                  },
                  {
                    sku: 'pen-007',
                    qty: 5,
                  },
                ],
              },
            ],
            metadata: {
              source: 'mobile',
              campaign: 'may-launch',
            },
            duplicate_demo: {
              tag: ['a', 'b'],
            },
          },
        ],
      ],
    },
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'non_streaming_without_tool_call',
    text: 'plain response',
    tools: ['create_order'],
    expect: 'none',
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'non_streaming_multiple_tool_calls',
    text: ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>1]<]minimax[>[</user_id>]<]minimax[>[</invoke>\n]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>2]<]minimax[>[</user_id>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
    tools: ['create_order'],
    expect: [
      [
        'create_order',
        {
          user_id: 1,
        },
      ],
      [
        'create_order',
        {
          user_id: 2,
        },
      ],
    ],
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
    derived: "built with the test's build_*() helpers",
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'partial_tool_start_as_text',
    text: 'plain ]<]minimax[>[<tool_ca',
    tools: ['create_order'],
    expect: 'none',
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'error_recovery_keeps_committed_tool_call',
    text: 'plain ]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>1]<]minimax[>[</user_id>]<]minimax[>[</invoke>\n]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>2',
    tools: ['create_order'],
    expect: [
      [
        'create_order',
        {
          user_id: 1,
        },
      ],
    ],
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
    derived: "built with the test's build_*() helpers",
    note: 'the second invoke was cut off',
  },
  {
    format: 'minimax_m3',
    parser: 'minimax_m3',
    source: 'tests/tool_parsers/test_minimax_m3_tool_parser.py@06726266c0e0',
    name: 'parse_error_emits_buffer',
    text: ']<]minimax[>[<tool_call>\n]<]minimax[>[</user_id> after error',
    tools: ['create_order'],
    expect: 'none',
    schemas: {
      create_order: {
        type: 'object',
        properties: {
          user_id: {
            type: 'integer',
          },
          urgent: {
            type: 'boolean',
          },
          note: {
            type: 'string',
          },
          shipping: {
            type: 'object',
            properties: {
              city: {
                type: 'string',
              },
              zip: {
                type: 'integer',
              },
            },
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                sku: {
                  type: 'string',
                },
                qty: {
                  type: 'integer',
                },
              },
            },
          },
          metadata: {
            type: 'object',
          },
          duplicate_demo: {
            type: 'object',
          },
        },
      },
    },
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'unknown_tool_name_not_emitted',
    text: '<|action_start|><|plugin|>{"name": "delete_everything", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'known_tool_name_emitted',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.no_tool_calls',
    text: 'This is a regular response without any tool calls.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.single_tool_call',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.parallel_tool_calls',
    text: '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: 'the engine asserts the names; arguments as written',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.various_data_types',
    text: '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: {
            nested: 'value',
          },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.empty_arguments',
    text: '<|action_start|><|plugin|>{"name": "refresh", "parameters": {}}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['refresh', {}]],
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.surrounding_text',
    text: 'Let me check the weather for you. <|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.escaped_strings',
    text: '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.malformed_input[0]',
    text: '<|action_start|><|plugin|>{"name": "func", "parameters": {',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.malformed_input[1]',
    text: '<|action_start|><|plugin|>{"name": "func", "parameters": "not a dict"}<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.malformed_input[2]',
    text: '<|action_start|><|plugin|>not json<|action_end|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.malformed_input[3]',
    text: '<|action_start|><|plugin|>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'internlm',
    parser: 'internlm',
    source: 'tests/tool_parsers/test_internlm2_tool_parser.py@0661799351bf',
    name: 'common.malformed_input[4]',
    text: '<|action_start|>{"name": "func"}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
    differs: {
      reason:
        'the action holds a whole JSON object naming an offered tool: a call of func with no arguments (the test only asks that the parser does not crash)',
      ours: [['func', {}]],
    },
  },
  {
    format: 'tool_calls_json',
    parser: 'jamba',
    source: 'tests/tool_parsers/test_jamba_tool_parser.py@045d7575500e',
    name: 'no_tools',
    text: 'This is a test',
    tools: ['get_current_weather'],
    expect: 'none',
  },
  {
    format: 'tool_calls_json',
    parser: 'jamba',
    source: 'tests/tool_parsers/test_jamba_tool_parser.py@045d7575500e',
    name: 'single_tool',
    text: ' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>',
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
  },
  {
    format: 'tool_calls_json',
    parser: 'jamba',
    source: 'tests/tool_parsers/test_jamba_tool_parser.py@045d7575500e',
    name: 'single_tool_with_content',
    text: ' Sure! let me call the tool for you.<tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n]</tool_calls>',
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
  },
  {
    format: 'tool_calls_json',
    parser: 'jamba',
    source: 'tests/tool_parsers/test_jamba_tool_parser.py@045d7575500e',
    name: 'parallel_tools',
    text: ' <tool_calls>[\n    {"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}},\n    {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n]</tool_calls>',
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
  },
  {
    format: 'tool_calls_json',
    parser: 'jamba',
    source: 'tests/tool_parsers/test_jamba_tool_parser.py@045d7575500e',
    name: 'streaming_arguments_in_single_delta',
    text: '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}]</tool_calls>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Dallas',
          state: 'TX',
        },
      ],
    ],
    derived: "the test's deltas concatenated",
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.no_tool_calls',
    text: 'This is a regular response without any tool calls.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.single_tool_call',
    text: '<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.parallel_tool_calls',
    text: '<|tool_call|> [\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
    note: 'the engine asserts the names; arguments as written',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.various_data_types',
    text: '<tool_call> [{\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: {
            nested: 'value',
          },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.empty_arguments',
    text: '<|tool_call|> [{"name": "refresh", "arguments": {}}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['refresh', {}]],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.surrounding_text',
    text: 'Let me check the weather for you.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nI\'ll get that information.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.escaped_strings',
    text: '<tool_call> [{\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.malformed_input[0]',
    text: '<|tool_call|> [{"name": "func", "arguments": {',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.malformed_input[1]',
    text: '<|tool_call|> {"name": "func", "arguments": {}}',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['func', {}]],
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.malformed_input[2]',
    text: '[{"name": "func", "arguments": "not a dict"}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'common.malformed_input[3]',
    text: 'Some text [{"name": "func"}]',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'granite_token_prefix_format',
    text: '<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'granite_string_prefix_format',
    text: '<tool_call> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'streaming_parallel_calls_arguments_first',
    text: '<|tool_call|> [{"arguments": {"city": "Tokyo"}, "name": "get_weather"}, {"arguments": {"timezone": "Asia/Tokyo"}, "name": "get_time"}]',
    tools: ['get_time', 'get_weather'],
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
  },
  {
    format: 'granite',
    parser: 'granite',
    source: 'tests/tool_parsers/test_granite_tool_parser.py@2ab4733ef9fc',
    name: 'streaming_parallel_calls_single_delta',
    text: '<|tool_call|>[{"name": "get_weather", "arguments": {"x": 42}}, {"name": "b", "arguments": {"y": 7}}]',
    tools: ['b', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          x: 42,
        },
      ],
      [
        'b',
        {
          y: 7,
        },
      ],
    ],
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'no_tools',
    text: 'This is a test',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'single_tool_call',
    text: 'I\'ll check. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'parallel_tool_calls',
    text: 'Compare weather. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|><|tool_call_begin|>functions.get_weather:1 <|tool_call_argument_begin|>{"city": "Shanghai"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
      [
        'get_weather',
        {
          city: 'Shanghai',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'three_tool_calls',
    text: 'Multiple tasks. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "New York"}<|tool_call_end|><|tool_call_begin|>functions.get_news:1 <|tool_call_argument_begin|>{"topic": "technology"}<|tool_call_end|><|tool_call_begin|>functions.send_email:2 <|tool_call_argument_begin|>{"to": "user@example.com", "subject": "Daily Update"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_news', 'get_weather', 'send_email'],
    expect: [
      [
        'get_weather',
        {
          city: 'New York',
        },
      ],
      [
        'get_news',
        {
          topic: 'technology',
        },
      ],
      [
        'send_email',
        {
          to: 'user@example.com',
          subject: 'Daily Update',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'angle_brackets_in_json',
    text: 'Process HTML. <|tool_calls_section_begin|><|tool_call_begin|>functions.process_html:0 <|tool_call_argument_begin|>{"html": "<div>content</div>"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['process_html'],
    expect: [
      [
        'process_html',
        {
          html: '<div>content</div>',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'multiline_json',
    text: 'Formatted. <|tool_calls_section_begin|><|tool_call_begin|>functions.process_data:0 <|tool_call_argument_begin|>{\n  "name": "test",\n  "value": 123\n}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['process_data'],
    expect: [
      [
        'process_data',
        {
          name: 'test',
          value: 123,
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'no_functions_prefix',
    text: 'No prefix. <|tool_calls_section_begin|><|tool_call_begin|>get_weather:0 <|tool_call_argument_begin|>{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'empty_arguments',
    text: 'Empty args. <|tool_calls_section_begin|><|tool_call_begin|>functions.test:0 <|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['test'],
    expect: [['test', {}]],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'invalid_json_still_extracted',
    text: 'Help. <|tool_calls_section_begin|><|tool_call_begin|>functions.bad:0 <|tool_call_argument_begin|>{"city": "Beijing"<|tool_call_end|><|tool_call_begin|>functions.good:1 <|tool_call_argument_begin|>{"city": "Shanghai"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['bad', 'good'],
    expect: [
      [
        'bad',
        {
          city: 'Beijing',
        },
      ],
      [
        'good',
        {
          city: 'Shanghai',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
    note: 'vLLM returns bad with its arguments string as-is (not JSON)',
    differs: {
      reason: 'the arguments of bad never closed their brackets: refused (safety rule 1); good runs',
      ours: [
        [
          'good',
          {
            city: 'Shanghai',
          },
        ],
      ],
    },
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'invalid_funcall_id_skipped',
    text: 'Help. <|tool_calls_section_begin|><|tool_call_begin|>functions.invalid.0 <|tool_call_argument_begin|>{"city": "Beijing"}<|tool_call_end|><|tool_call_begin|>functions.valid:1 <|tool_call_argument_begin|>{"city": "Shanghai"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['valid', 'invalid'],
    expect: [
      [
        'valid',
        {
          city: 'Shanghai',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'native_id_extracted',
    text: 'Checking weather. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'multi_turn_second_turn',
    text: 'Now let me get news. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_news:0 <|tool_call_argument_begin|>{"topic": "weather in Beijing"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_news'],
    expect: [
      [
        'get_news',
        {
          topic: 'weather in Beijing',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'bare_counter',
    text: 'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo", "unit": "celsius"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
          unit: 'celsius',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers; json.dumps of the arguments",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'bare_counter_single_tool_invalid_json',
    text: 'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo"<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
    note: 'vLLM returns the arguments string as-is',
    differs: {
      reason: 'the arguments never closed their brackets: refused (safety rule 1)',
      ours: 'none',
    },
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'bare_counter_multiple_tools_infers_by_args',
    text: 'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo", "unit": "celsius"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['read_file', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
          unit: 'celsius',
        },
      ],
    ],
    derived: "built with the test's _tool()/_wrap() helpers",
    differs: {
      reason:
        'a bare counter names no tool; with several tools offered the parser does not guess from the argument keys (it has no schemas): the model is told to name the tool',
      ours: 'none',
    },
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'bare_counter_multiple_tools_ambiguous',
    text: 'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather', 'book_flight'],
    expect: 'none',
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'bare_counter_multiple_tools_malformed',
    text: 'Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Tokyo"<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather', 'book_flight'],
    expect: 'none',
    derived: "built with the test's _tool()/_wrap() helpers",
  },
  {
    format: 'kimi_k2',
    parser: 'kimi_k2',
    source: 'tests/tool_parsers/test_kimi_k2_tool_parser.py@0825a6c36279',
    name: 'streaming_single_tool_call',
    text: 'I\'ll help. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "Beijing"} <|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
    derived: "the streaming test's deltas concatenated",
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'no_tool_call',
    text: 'How can I help you today?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'simple',
    text: "<|tool_call_start|>[get_candidate_status(candidate_id='12345')]<|tool_call_end|>",
    tools: ['get_candidate_status'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'more_types',
    text: "<|tool_call_start|>[register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]<|tool_call_end|>",
    tools: ['register_user'],
    expect: [
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
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'parameterless',
    text: '<|tool_call_start|>[get_weather()]<|tool_call_end|>',
    tools: ['get_weather'],
    expect: [['get_weather', {}]],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'empty_dict',
    text: '<|tool_call_start|>[do_something_cool(additional_data={})]<|tool_call_end|>',
    tools: ['do_something_cool'],
    expect: [
      [
        'do_something_cool',
        {
          additional_data: {},
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'empty_list',
    text: '<|tool_call_start|>[do_something_cool(steps=[])]<|tool_call_end|>',
    tools: ['do_something_cool'],
    expect: [
      [
        'do_something_cool',
        {
          steps: [],
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'escaped_string',
    text: "<|tool_call_start|>[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]<|tool_call_end|>",
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
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'parallel_calls',
    text: "<|tool_call_start|>[get_candidate_status(candidate_id='12345'), register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]<|tool_call_end|>",
    tools: ['get_candidate_status', 'register_user'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
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
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'content_after_tool_call',
    text: "<|tool_call_start|>[get_candidate_status(candidate_id='12345')]<|tool_call_end|>\nChecking the current status of candidate ID 12345.",
    tools: ['get_candidate_status'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'dotted_name',
    text: "<|tool_call_start|>[grocery.orderIngredients(ingredientList=[{'name': 'Lasagna noodles', 'amount': 250, 'unit': 'g'}], deliveryAddress='845 Willow Lane, Springfield, IL 62704')]<|tool_call_end|>",
    tools: ['grocery.orderIngredients'],
    expect: [
      [
        'grocery.orderIngredients',
        {
          ingredientList: [
            {
              name: 'Lasagna noodles',
              amount: 250,
              unit: 'g',
            },
          ],
          deliveryAddress: '845 Willow Lane, Springfield, IL 62704',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'bracket_in_string',
    text: '<|tool_call_start|>[exec(command=\'grep -F "]" log.txt\')]<|tool_call_end|>',
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          command: 'grep -F "]" log.txt',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'multiline_string_arg',
    text: "<|tool_call_start|>[exec(command='cat > f.py << EOF\nimport csv\nprint(1)\nEOF')]<|tool_call_end|>",
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          command: 'cat > f.py << EOF\nimport csv\nprint(1)\nEOF',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'set_arg',
    text: "<|tool_call_start|>[label(tags={'urgent', 'bug'})]<|tool_call_end|>",
    tools: ['label'],
    expect: [
      [
        'label',
        {
          tags: ['urgent', 'bug'],
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'nested_quote',
    text: "<|tool_call_start|>[bash(command='sed -n '360,450p' /testbed/sympy/matrices/common.py')]<|tool_call_end|>",
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: "sed -n '360,450p' /testbed/sympy/matrices/common.py",
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'nested_python_c',
    text: "<|tool_call_start|>[bash(command='cd /testbed && python3 -c \"from sympy import latex\nprint(latex(3*x, mul_symbol='\\,'))\"')]<|tool_call_end|>",
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'cd /testbed && python3 -c "from sympy import latex\nprint(latex(3*x, mul_symbol=\'\\,\'))"',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'leading_zero_int',
    text: '<|tool_call_start|>[set_date(month=07, day=05)]<|tool_call_end|>',
    tools: ['set_date'],
    expect: [
      [
        'set_date',
        {
          month: 7,
          day: 5,
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'nul_byte_string_arg',
    text: "<|tool_call_start|>[exec(command='printf a\u0000b')]<|tool_call_end|>",
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          command: 'printf a\u0000b',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'empty_tool_call_block',
    text: '<|tool_call_start|>[]<|tool_call_end|>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'empty_tool_call_block_space',
    text: '<|tool_call_start|>[ ]<|tool_call_end|>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'bad_sibling_call_does_not_drop_good_calls',
    text: "<|tool_call_start|>[get_candidate_status(candidate_id='12345'), bad(x=b'z')]<|tool_call_end|>",
    tools: ['get_candidate_status', 'bad'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'whitespace_after_start_token',
    text: "<|tool_call_start|> [get_candidate_status(candidate_id='12345')]<|tool_call_end|>",
    tools: ['get_candidate_status'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'lfm2',
    source: 'tests/tool_parsers/test_lfm2_tool_parser.py@011cde7c177a',
    name: 'streaming_large_steps',
    text: "<|tool_call_start|>[get_candidate_status(candidate_id='12345'), get_weather(), do_something_cool(steps=[])]<|tool_call_end|>",
    tools: ['do_something_cool', 'get_candidate_status', 'get_weather'],
    expect: [
      [
        'get_candidate_status',
        {
          candidate_id: '12345',
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
    derived: "the streaming test's delta",
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.no_tool_calls',
    text: 'This is a regular response without any tool calls.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.single_tool_call',
    text: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.parallel_tool_calls',
    text: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\n<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
    note: 'the engine asserts the names; arguments as written',
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.various_data_types',
    text: '<longcat_tool_call>{\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: {
            nested: 'value',
          },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.empty_arguments',
    text: '<longcat_tool_call>{"name": "refresh", "arguments": {}}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['refresh', {}]],
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.surrounding_text',
    text: 'Let me check the weather for you.\n<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\nHere is the result.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.escaped_strings',
    text: '<longcat_tool_call>{\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[0]',
    text: '<longcat_tool_call>{"name": "func", "arguments": {',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[1]',
    text: '<longcat_tool_call>{"name": "func", "arguments": "not a dict"}</longcat_tool_call>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'longcat',
    parser: 'longcat',
    source: 'tests/tool_parsers/test_longcat_tool_parser.py@41c5903d049b',
    name: 'common.malformed_input[2]',
    text: 'Some text with <longcat_tool_call>invalid json',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'string_arg_preserves_whitespace',
    text: '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>    def f():\n        return 1\n</arg_value>\n</tool_call>',
    tools: ['write_file'],
    expect: [
      [
        'write_file',
        {
          content: '    def f():\n        return 1\n',
        },
      ],
    ],
    derived: 'content substituted as the test does',
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'non_string_arg_still_deserialized',
    text: '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n<arg_key>mode</arg_key>\n<arg_value> 420 </arg_value>\n</tool_call>',
    tools: ['write_file'],
    expect: [
      [
        'write_file',
        {
          content: 'hi',
          mode: 420,
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'responses_flat_tools',
    text: '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>  x = 1\n</arg_value>\n</tool_call>',
    tools: ['write_file'],
    expect: [
      [
        'write_file',
        {
          content: '  x = 1\n',
        },
      ],
    ],
    derived: 'content substituted as the test does',
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'no_newline_after_name',
    text: '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Paris',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'newline_after_name',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Paris',
        },
      ],
    ],
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'whitespace_padded_tool_call',
    text: '<tool_call>                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                <x</tool_call>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'whitespace_only_tool_call_name',
    text: '<tool_call>   </tool_call>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glm45',
    parser: 'poolside_v1',
    source: 'tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f637c3',
    name: 'function_name_with_internal_whitespace',
    text: '<tool_call>  get weather  <arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get weather',
        {
          city: 'Paris',
        },
      ],
    ],
    differs: {
      reason: 'the offered tool is spelled get_weather; we take the name as the offered tools spell it',
      ours: [
        [
          'get_weather',
          {
            city: 'Paris',
          },
        ],
      ],
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'basic_tool_call',
    text: 'Here is the result:\n<tool_call>\n<function=execute_bash>\n<parameter=command>pwd && ls</parameter>\n</function>\n</tool_call>',
    tools: ['execute_bash'],
    expect: [
      [
        'execute_bash',
        {
          command: 'pwd && ls',
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'multiple_tool_calls_parameter_before_function',
    text: 'Here is the result:\n<tool_call>\n<function=execute_bash>\n<parameter=command>pwd</parameter>\n</function>\n</tool_call>\n<tool_call>\n<parameter=command>ls -la</parameter>\n<function=list_files>\n</function>\n</tool_call>',
    tools: ['execute_bash', 'list_files'],
    expect: [
      [
        'execute_bash',
        {
          command: 'pwd',
        },
      ],
      [
        'list_files',
        {
          command: 'ls -la',
        },
      ],
    ],
    note: 'the engine asserts only the names',
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'multiple_parameters',
    text: '<tool_call>\n<function=execute_code>\n<parameter=language>python</parameter>\n<parameter=code>print("hello")</parameter>\n</function>\n</tool_call>',
    tools: ['execute_code'],
    expect: [
      [
        'execute_code',
        {
          language: 'python',
          code: 'print("hello")',
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'no_tool_calls',
    text: 'This is just regular text without any tool calls.',
    tools: ['execute_bash'],
    expect: 'none',
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'content_before_tool_call',
    text: 'Let me execute that command for you.\n<tool_call>\n<function=execute_bash>\n<parameter=command>echo hello</parameter>\n</function>\n</tool_call>',
    tools: ['execute_bash'],
    expect: [
      [
        'execute_bash',
        {
          command: 'echo hello',
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'empty_arguments',
    text: '<tool_call>\n<function=noop>\n</function>\n</tool_call>',
    tools: ['noop'],
    expect: [['noop', {}]],
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'multiline_parameter',
    text: '<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>value_1</parameter>\n<parameter=example_parameter_2>This is the value for the second parameter\nthat can span\nmultiple lines</parameter>\n</function>\n</tool_call>',
    tools: ['example_function_name'],
    expect: [
      [
        'example_function_name',
        {
          example_parameter_1: 'value_1',
          example_parameter_2: 'This is the value for the second parameter\nthat can span\nmultiple lines',
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'mimov2_flash',
    source: 'tests/tool_parsers/test_mimov2_flash_tool_parser.py@e3a512615bae',
    name: 'streaming_content_and_tool_name_unclosed',
    text: 'Say hello <tool_call>\n<function=greet>\n</function>',
    tools: ['greet'],
    expect: [['greet', {}]],
    note: '</tool_call> not yet arrived; the function closed',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'no_tool_call',
    text: 'How can I help you?',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'single_call_with_surrounding_text',
    text: 'Intro before.\n<function name="get_weather"><param name="city">上海</param><param name="date">2024-06-27</param></function>\nOutro after.\n',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '上海',
          date: '2024-06-27',
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'cdata_multiline',
    text: '<function name="get_weather"><param name="city"><![CDATA[北\n京]]></param><param name="date">2024-06-27</param></function>\n',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '北\n京',
          date: '2024-06-27',
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'tokenizer_space_marker',
    text: '<functionĠname="get_weather"><paramĠname="city">上海</param><paramĠname="date">2024-06-27</param></function>\n',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '上海',
          date: '2024-06-27',
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'collapsed_function_and_param_tags',
    text: '<functionname="get_weather"><paramname="city">上海</param><paramname="date">2024-06-27</param></function>\n',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '上海',
          date: '2024-06-27',
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'collapsed_param_tags_with_tokenizer_space_function',
    text: '<functionĠname="get_weather"><paramname="city">上海</param><paramname="date">2024-06-27</param></function>\n',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: '上海',
          date: '2024-06-27',
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'collapsed_tags_current_weather',
    text: '<functionname="get_current_weather"><paramname="city">Dallas</param><paramname="state">TX</param><paramname="unit">fahrenheit</param></function>',
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
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'unknown_tool_block_preserved',
    text: '<function name="unknown"><param name="x">1</param></function>\n',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'non_string_types',
    text: '<function name="sum_values"><param name="nums">[1, 2, 3]</param><param name="exact">true</param></function>\n',
    tools: ['sum_values'],
    expect: [
      [
        'sum_values',
        {
          nums: [1, 2, 3],
          exact: true,
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'multiple_calls_interleaved_text',
    text: 'Head\n<function name="get_weather"><param name="city">北京</param></function>\nTXT\n<function name="sum_values"><param name="nums">[7,8,9]</param><param name="exact">false</param></function>\nTail\n',
    tools: ['get_weather', 'sum_values'],
    expect: [
      [
        'get_weather',
        {
          city: '北京',
        },
      ],
      [
        'sum_values',
        {
          nums: [7, 8, 9],
          exact: false,
        },
      ],
    ],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'incomplete_missing_function_end',
    text: '<function name="get_weather"><param name="city">北京</param>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'param_missing_name_invalid',
    text: '<function name="get_weather"><param>北京</param><param name="date">2024-06-27</param></function>\n',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'duplicate_param_names_invalid',
    text: '<function name="get_weather"><param name="city">北京</param><param name="city">上海</param></function>\n',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'case_sensitive_param_name_invalid',
    text: '<function name="get_weather"><param name="City">北京</param></function>\n',
    tools: ['get_weather'],
    expect: 'none',
    schemas: {
      get_weather: {
        type: 'object',
        properties: {
          city: {
            type: 'string',
          },
          date: {
            type: 'string',
          },
        },
        required: ['city'],
      },
    },
    differs: {
      reason:
        'validateArguments takes an argument named like a schema property but for letter case as that property (City → city) before the call runs',
      ours: [
        [
          'get_weather',
          {
            city: '北京',
          },
        ],
      ],
    },
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'no_required_and_zero_param_valid',
    text: '<function name="noop"></function>\n',
    tools: ['noop'],
    expect: [['noop', {}]],
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'thinking_only_sentencepiece',
    text: 'ĊFirst,ĠIĠneedĠtoĠcheckĠtheĠweather.',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'minicpm5_xml',
    parser: 'minicpm5',
    source: 'tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf001a',
    name: 'properties_wrapped_arguments',
    text: '<function name="get_customer_by_phone"><param name="properties">{\'phone_number\': \'555-123-2002\'}</param></function>',
    tools: ['get_customer_by_phone'],
    expect: [
      [
        'get_customer_by_phone',
        {
          phone_number: '555-123-2002',
        },
      ],
    ],
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'plain_content',
    text: 'Hello world',
    tools: ['get_weather'],
    expect: 'none',
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'content_before_tool_call',
    text: 'Let me check. <minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke></minimax:tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seattle',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'multiple_params',
    text: '<minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter><parameter name="days">5</parameter></invoke></minimax:tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seattle',
          days: '5',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
    note: 'no schema: days stays a string',
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'two_invokes_incremental',
    text: '<minimax:tool_call><invoke name="search_web"><parameter name="query">OpenAI</parameter></invoke><invoke name="search_web"><parameter name="query">Gemini</parameter></invoke></minimax:tool_call>',
    tools: ['search_web'],
    expect: [
      [
        'search_web',
        {
          query: 'OpenAI',
        },
      ],
      [
        'search_web',
        {
          query: 'Gemini',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'two_invokes_in_single_delta',
    text: '<minimax:tool_call><invoke name="fn_a"><parameter name="x">1</parameter></invoke><invoke name="fn_b"><parameter name="y">2</parameter></invoke></minimax:tool_call>',
    tools: ['fn_a', 'fn_b'],
    expect: [
      [
        'fn_a',
        {
          x: '1',
        },
      ],
      [
        'fn_b',
        {
          y: '2',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'different_functions',
    text: '<minimax:tool_call><invoke name="get_weather"><parameter name="city">NYC</parameter></invoke><invoke name="get_stock"><parameter name="ticker">AAPL</parameter></invoke></minimax:tool_call>',
    tools: ['get_stock', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'NYC',
        },
      ],
      [
        'get_stock',
        {
          ticker: 'AAPL',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'prev_tool_call_arr_multiple',
    text: '<minimax:tool_call><invoke name="search"><parameter name="q">hello</parameter></invoke><invoke name="search"><parameter name="q">world</parameter></invoke></minimax:tool_call>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          q: 'hello',
        },
      ],
      [
        'search',
        {
          q: 'world',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'tool_call_fields',
    text: '<minimax:tool_call><invoke name="fn"><parameter name="k">v</parameter></invoke></minimax:tool_call>',
    tools: ['fn'],
    expect: [
      [
        'fn',
        {
          k: 'v',
        },
      ],
    ],
    derived: "the streaming test's chunks concatenated",
  },
  {
    format: 'minimax_m2',
    parser: 'minimax_m2',
    source: 'tests/tool_parsers/test_minimax_m2_tool_parser.py@0c927c345165',
    name: 'end_token_as_special_token',
    text: '<minimax:tool_call><invoke name="fn"><parameter name="k">v</parameter></invoke>',
    tools: ['fn'],
    expect: [
      [
        'fn',
        {
          k: 'v',
        },
      ],
    ],
    derived:
      "the streaming test's chunks concatenated; </minimax:tool_call> arrived as a special token and is absent from the text",
    note: 'the invoke closed; only the block end token is missing',
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'no_tools',
    text: 'This is a test',
    tools: ['get_current_weather', 'calculate_area'],
    expect: 'none',
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'single_tool_call',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n</tool_calls>',
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
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'multiple_tool_calls',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}\n{"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}\n</tool_calls>',
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
      [
        'get_current_weather',
        {
          city: 'Orlando',
          state: 'FL',
          unit: 'fahrenheit',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'tool_call_with_content_before',
    text: 'I\'ll help you check the weather. <tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}\n</tool_calls>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Seattle',
          state: 'WA',
          unit: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'tool_call_with_single_line_json',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "New York", "state": "NY", "unit": "celsius"}}\n</tool_calls>',
    tools: ['get_current_weather', 'calculate_area'],
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
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'tool_call_incomplete_tag',
    text: '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Boston", "state": "MA"}}',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'get_current_weather',
        {
          city: 'Boston',
          state: 'MA',
        },
      ],
    ],
    note: '</tool_calls> missing, the JSON closed',
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'with_thinking_tags',
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
    note: 'a call inside <think> is not made',
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'invalid_json',
    text: '<tool_calls>\n{"name": "valid_tool", "arguments": {"city": "Seattle"}}\n{invalid json here}\n{"name": "another_valid_tool", "arguments": {"param": "value"}}\n</tool_calls>',
    tools: ['valid_tool', 'another_valid_tool'],
    expect: [
      [
        'valid_tool',
        {
          city: 'Seattle',
        },
      ],
      [
        'another_valid_tool',
        {
          param: 'value',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'missing_name_or_arguments',
    text: '<tool_calls>\n{"name": "valid_tool", "arguments": {"city": "Seattle"}}\n{"name": "missing_args"}\n{"arguments": {"city": "Portland"}}\n{"name": "another_valid_tool", "arguments": {"param": "value"}}\n</tool_calls>',
    tools: ['valid_tool', 'another_valid_tool'],
    expect: [
      [
        'valid_tool',
        {
          city: 'Seattle',
        },
      ],
      [
        'another_valid_tool',
        {
          param: 'value',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'streaming_with_thinking_tags',
    text: '<think><tool_calls>{"name": "ignored", "arguments": {}}</tool_calls></think><tool_calls>{"name": "real_tool", "arguments": {"param": "value"}}</tool_calls>',
    tools: ['real_tool', 'ignored'],
    expect: [
      [
        'real_tool',
        {
          param: 'value',
        },
      ],
    ],
  },
  {
    format: 'tool_calls_json',
    parser: 'minimax',
    source: 'tests/tool_parsers/test_minimax_tool_parser.py@41c5903d049b',
    name: 'multiline_json_not_supported',
    text: '<tool_calls>\n{\n  "name": "get_current_weather",\n  "arguments": {\n    "city": "New York",\n    "state": "NY",\n    "unit": "celsius"\n  }\n}\n</tool_calls>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: 'none',
    note: 'vLLM reads one JSON object per line',
    differs: {
      reason: 'the pretty-printed call is one whole JSON object: read',
      ours: [
        [
          'get_current_weather',
          {
            city: 'New York',
            state: 'NY',
            unit: 'celsius',
          },
        ],
      ],
    },
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'no_tool_call',
    text: 'No tool call here.',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'nemotron_array',
    text: 'Let me check that.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}]</TOOLCALL>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
          unit: 'celsius',
        },
      ],
    ],
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'wraps_single_object',
    text: '<TOOLCALL>{"name": "lookup", "arguments": {"query": "vllm"}}</TOOLCALL>',
    tools: ['lookup'],
    expect: [
      [
        'lookup',
        {
          query: 'vllm',
        },
      ],
    ],
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'string_arguments',
    text: '<TOOLCALL>[{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}]</TOOLCALL>',
    tools: ['run_query'],
    expect: [
      [
        'run_query',
        {
          sql: 'select 1',
        },
      ],
    ],
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'malformed',
    text: '<TOOLCALL>[{"name": "broken", "arguments": {}</TOOLCALL>',
    tools: ['broken'],
    expect: 'none',
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'nested_json_arguments',
    text: '<TOOLCALL>[{"name": "search", "arguments": {"filters": {"city": "Tokyo"}, "items": [{"name": "rain", "value": true}]}}]</TOOLCALL>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          filters: {
            city: 'Tokyo',
          },
          items: [
            {
              name: 'rain',
              value: true,
            },
          ],
        },
      ],
    ],
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'think_block_as_content',
    text: '<think>\nI need the weather for Tokyo.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]</TOOLCALL>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'nemotron_toolcall',
    parser: 'nemotron_json',
    source: 'tests/tool_parsers/test_nemotron_json_tool_parser.py@32367d45e3ae',
    name: 'multiple_tool_calls',
    text: '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "lookup_timezone", "arguments": {"city": "Tokyo"}}]</TOOLCALL>',
    tools: ['get_weather', 'lookup_timezone'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
      [
        'lookup_timezone',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'regular_response',
    text: 'Regular response',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'regular_response_eot',
    text: 'Regular response<|plamo:tag|>ignored',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'partial_tag',
    text: 'Answer<|plamo:begin_',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'single_call',
    text: 'Checking the weather.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"city": "Tokyo"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'two_calls',
    text: '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>echo<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"text": "hi"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>sum<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1, "b": 2}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|><|plamo:tag|>',
    tools: ['echo', 'sum'],
    expect: [
      [
        'echo',
        {
          text: 'hi',
        },
      ],
      [
        'sum',
        {
          a: 1,
          b: 2,
        },
      ],
    ],
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[0]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|>',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[1]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[2]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>broken',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[3]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>broken<|plamo:end_tool_name:plamo|>',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[4]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>broken<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1}',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[5]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>broken<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1}<|plamo:end_tool_arguments:plamo|>',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'plamo3',
    parser: 'plamo3',
    source: 'tests/tool_parsers/test_plamo3_tool_parser.py@952ecbf0902b',
    name: 'rejects_incomplete_request[6]',
    text: 'Before tools.<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>broken<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
    tools: ['broken'],
    expect: 'none',
    derived: "built with the test's _tool_call()/_tool_requests() and the parser's tag constants",
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'no_tool_call',
    text: 'Hello, I am an AI assistant.',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'single_tool',
    text: 'Thought: I need to check weather.<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Beijing"}}]<|tool_call_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'multiple_tools',
    text: 'Let me help you.<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Beijing"}}, {"name": "search", "arguments": {"query": "weather forecast"}}]<|tool_call_end|>',
    tools: ['get_weather', 'search'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
        },
      ],
      [
        'search',
        {
          query: 'weather forecast',
        },
      ],
    ],
    derived: "built with the test's build_tool_call() (json.dumps, ensure_ascii=False)",
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'invalid_single_object',
    text: 'Thought: I need to check weather.<|tool_call_start|>{"name": "get_weather", "arguments": {"city": "Beijing"}}<|tool_call_end|>',
    tools: ['get_weather'],
    expect: 'none',
    differs: {
      reason: 'a single call object where the template writes a one-element list is read: the call is whole and closed',
      ours: [
        [
          'get_weather',
          {
            city: 'Beijing',
          },
        ],
      ],
    },
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'malformed_json_missing_bracket',
    text: '<|tool_call_start|>[{"name": "send_email", "arguments": {"user": "ALAN"}}<|tool_call_end|>',
    tools: ['send_email'],
    expect: 'none',
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'json_parse_error',
    text: '<|tool_call_start|>[{"name":: "error"}]<|tool_call_end|>',
    tools: ['error'],
    expect: 'none',
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'only_start_token',
    text: '<|tool_call_start|>[{"name": "incomplete"}',
    tools: ['incomplete'],
    expect: 'none',
  },
  {
    format: 'openpangu_v2',
    parser: 'openpangu_v2',
    source: 'tests/tool_parsers/test_openpanguv2_tool_parser.py@25d5396f165b',
    name: 'streaming_func_name_with_empty_dict',
    text: '<|tool_call_start|>[{"name": "get_weather", "arguments": {}} ]<|tool_call_end|>',
    tools: ['get_weather'],
    expect: [['get_weather', {}]],
    derived: "the streaming test's deltas concatenated",
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'no_tool_calls',
    text: 'This is a regular response.',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'single_tool_no_content',
    text: '<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'single_tool_with_content_prefix',
    text: 'Let me check the weather.<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'multiple_tool_calls',
    text: "I'll check both.<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>\n<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Tokyo<|tool_arg:end|>\n<|tool_call:end|>",
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'multiple_arguments_without_schema',
    text: '<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>vLLM tutorial<|tool_arg:end|>\n<|tool_arg:start|>max_results<|tool_arg:value|>5<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'vLLM tutorial',
          max_results: '5',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'multiple_arguments_with_schema',
    text: '<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>vLLM tutorial<|tool_arg:end|>\n<|tool_arg:start|>max_results<|tool_arg:value|>5<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'vLLM tutorial',
          max_results: 5,
        },
      ],
    ],
    schemas: {
      search: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
          },
          max_results: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'no_arguments',
    text: '<|tool_call:start|>get_time\n<|tool_call:end|>',
    tools: ['get_time'],
    expect: [['get_time', {}]],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'json_like_value_in_arg',
    text: '<|tool_call:start|>process_data\n<|tool_arg:start|>data<|tool_arg:value|>{"key": "value"}<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['process_data'],
    expect: [
      [
        'process_data',
        {
          data: '{"key": "value"}',
        },
      ],
    ],
    differs: {
      reason: 'a value that is a JSON object is read as that object (the test gives no schema saying it is a string)',
      ours: [
        [
          'process_data',
          {
            data: {
              key: 'value',
            },
          },
        ],
      ],
    },
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'reasoning_tags_with_tool_calls',
    text: '<|think:start|>I should use a tool<|think:end|>Sure, let me help.<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'whitespace_only_prefix',
    text: '  \n\n<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'text_after_last_tool_call',
    text: 'pre<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>post',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'unterminated_block_returns_raw_output',
    text: 'Let me check.<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>Seo',
    tools: ['search'],
    expect: 'none',
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'dropped_arg_end_does_not_swallow_later_calls',
    text: '<|tool_call:start|>broken\n<|tool_arg:start|>a<|tool_arg:value|>oops<|tool_call:end|><|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['broken', 'get_weather'],
    expect: [
      [
        'broken',
        {
          a: 'oops',
        },
      ],
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'truncated_multiline_value',
    text: 'Writing the file.<|tool_call:start|>write_file\n<|tool_arg:start|>path<|tool_arg:value|>/tmp/a.py<|tool_arg:end|>\n<|tool_arg:start|>content<|tool_arg:value|>line 0\nline 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\nline 10\nline 11\nline 12\nline 13\nline 14\nline 15\nline 16\nline 17\nline 18\nline 19\nline 20\nline 21\nline 22\nline 23\nline 24\nline 25\nline 26\nline 27\nline 28\nline 29\nline 30\nline 31\nline 32\nline 33\nline 34\nline 35\nline 36\nline 37\nline 38\nline 39\nline 40\nline 41\nline 42\nline 43\nline 44\nline 45\nline 46\nline 47\nline 48\nline 49\nline 50\nline 51\nline 52\nline 53\nline 54\nline 55\nline 56\nline 57\nline 58\nline 59\nline 60\nline 61\nline 62\nline 63\nline 64\nline 65\nline 66\nline 67\nline 68\nline 69\nline 70\nline 71\nline 72\nline 73\nline 74\nline 75\nline 76\nline 77\nline 78\nline 79\nline 80\nline 81\nline 82\nline 83\nline 84\nline 85\nline 86\nline 87\nline 88\nline 89\nline 90\nline 91\nline 92\nline 93\nline 94\nline 95\nline 96\nline 97\nline 98\nline 99\nline 100\nline 101\nline 102\nline 103\nline 104\nline 105\nline 106\nline 107\nline 108\nline 109\nline 110\nline 111\nline 112\nline 113\nline 114\nline 115\nline 116\nline 117\nline 118\nline 119\nline 120\nline 121\nline 122\nline 123\nline 124\nline 125\nline 126\nline 127\nline 128\nline 129\nline 130\nline 131\nline 132\nline 133\nline 134\nline 135\nline 136\nline 137\nline 138\nline 139\nline 140\nline 141\nline 142\nline 143\nline 144\nline 145\nline 146\nline 147\nline 148\nline 149\nline 150\nline 151\nline 152\nline 153\nline 154\nline 155\nline 156\nline 157\nline 158\nline 159\nline 160\nline 161\nline 162\nline 163\nline 164\nline 165\nline 166\nline 167\nline 168\nline 169\nline 170\nline 171\nline 172\nline 173\nline 174\nline 175\nline 176\nline 177\nline 178\nline 179\nline 180\nline 181\nline 182\nline 183\nline 184\nline 185\nline 186\nline 187\nline 188\nline 189\nline 190\nline 191\nline 192\nline 193\nline 194\nline 195\nline 196\nline 197\nline 198\nline 199\n',
    tools: ['write_file'],
    expect: 'none',
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'repeated_argument_name_keeps_first_value',
    text: '<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>first<|tool_arg:end|>\n<|tool_arg:start|>query<|tool_arg:value|>second<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'first',
        },
      ],
    ],
  },
  {
    format: 'solar_open2',
    parser: 'solar_open2',
    source: 'tests/tool_parsers/test_solar_open2_tool_parser.py@0064cc9cb1ae',
    name: 'type_coercion.integer',
    text: '<|tool_call:start|>do_all_types\n<|tool_arg:start|>i<|tool_arg:value|>42<|tool_arg:end|>\n<|tool_call:end|>',
    tools: ['do_all_types'],
    expect: [
      [
        'do_all_types',
        {
          i: 42,
        },
      ],
    ],
    schemas: {
      do_all_types: {
        type: 'object',
        properties: {
          i: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.no_tool_calls',
    text: 'This is a regular response without any tool calls.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.single_tool_call',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.parallel_tool_calls',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜><｜tool_call_begin｜><steptml:invoke name="get_time"><steptml:parameter name="timezone">Asia/Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
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
    note: 'the engine asserts the names; arguments as written',
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.various_data_types',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="test_function"><steptml:parameter name="string_field">hello</steptml:parameter><steptml:parameter name="int_field">42</steptml:parameter><steptml:parameter name="float_field">3.14</steptml:parameter><steptml:parameter name="bool_field">true</steptml:parameter><steptml:parameter name="null_field">null</steptml:parameter><steptml:parameter name="array_field">["a", "b", "c"]</steptml:parameter><steptml:parameter name="object_field">{"nested": "value"}</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: {
            nested: 'value',
          },
        },
      ],
    ],
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.empty_arguments',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="refresh"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['refresh', {}]],
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.surrounding_text',
    text: 'Let me check the weather for you.\n\n<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\nI\'ll get that information.',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.escaped_strings',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="test_function"><steptml:parameter name="quoted">He said "hello"</steptml:parameter><steptml:parameter name="path">C:\\Users\\file.txt</steptml:parameter><steptml:parameter name="newline">line1\nline2</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [
      [
        'test_function',
        {
          quoted: 'He said "hello"',
          path: 'C:\\Users\\file.txt',
          newline: 'line1\nline2',
        },
      ],
    ],
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.malformed_input[0]',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="func">',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: 'none',
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: 'common.malformed_input[1]',
    text: '<｜tool_call_begin｜><steptml:invoke name="func"></steptml:invoke><｜tool_call_end｜>',
    tools: ['get_weather', 'get_time', 'test_function', 'refresh', 'func'],
    expect: [['func', {}]],
    note: 'the engine asserts only that it does not crash; nothing whole to run',
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['    if x:']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">    if x:</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: '    if x:',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['return 1\\n']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">return 1\n</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: 'return 1\n',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['    if x:\\n        return 1\\n']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">    if x:\n        return 1\n</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: '    if x:\n        return 1\n',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['hello ']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">hello </steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: 'hello ',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['hello\\xa0']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">hello </steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: 'hello ',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'step3',
    parser: 'step3',
    source: 'tests/tool_parsers/test_step3_tool_parser.py@04b590e61345',
    name: "parameter_whitespace_preserved['hello']",
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">hello</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    tools: ['edit_file'],
    expect: [
      [
        'edit_file',
        {
          old_string: 'hello',
          indent: 4,
          enabled: true,
        },
      ],
    ],
    derived: "the test's _ws_output(value)",
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'no_tools',
    text: 'This is a test response without any tool calls',
    tools: ['get_current_weather', 'calculate_area'],
    expect: 'none',
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'single_tool',
    text: '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>',
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
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'single_tool_with_content',
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
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'single_tool_multiline_param',
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
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'parallel_tools',
    text: '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n</parameter>\n<parameter=state>\nFL\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>',
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
      [
        'get_current_weather',
        {
          city: 'Orlando',
          state: 'FL',
          unit: 'fahrenheit',
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'tool_with_typed_params',
    text: 'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n<parameter=dimensions>\n{"radius": 15.5}\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_current_weather', 'calculate_area'],
    expect: [
      [
        'calculate_area',
        {
          shape: 'circle',
          dimensions: {
            radius: 15.5,
          },
          precision: 3,
        },
      ],
    ],
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'fallback_no_tags',
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
  },
  {
    format: 'qwen3_coder',
    parser: 'step3p5',
    source: 'tests/tool_parsers/test_step3p5_tool_parser.py@0847a95f7ff5',
    name: 'type_conversion',
    text: '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>',
    tools: ['test_types'],
    expect: [
      [
        'test_types',
        {
          int_param: 42,
          float_param: 3.14,
          bool_param: true,
          str_param: 'hello world',
          obj_param: {
            key: 'value',
          },
        },
      ],
    ],
  },
  {
    format: 'seed_oss',
    parser: 'seed_oss',
    source: 'tests/tool_parsers/test_seed_oss_tool_parser.py@0f120751344c',
    name: 'no_tools',
    text: 'This is a test response without any tool calls',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'seed_oss',
    parser: 'seed_oss',
    source: 'tests/tool_parsers/test_seed_oss_tool_parser.py@0f120751344c',
    name: 'tool_call_0_thinking_budget',
    text: '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Barcelona, Spain',
        },
      ],
    ],
  },
  {
    format: 'seed_oss',
    parser: 'seed_oss',
    source: 'tests/tool_parsers/test_seed_oss_tool_parser.py@0f120751344c',
    name: 'tool_call_unlimited_thinking_budget',
    text: '<seed:think>\nGot it, let\'s see. The user asked for the weather in Barcelona, Spain. First, I need to remember the function I can use: get_weather. The function requires a location (city and country) which is "Barcelona, Spain" here, and unit is optional. Since the user didn\'t specify the unit, the default in the function is Celsius, right? Wait, let me check the function docstring again. Oh, the function says unit is optional, and returns temperature in Celsius. So I should call get_weather with location "Barcelona, Spain" and maybe omit unit or set to Celsius. Let me format the function call correctly. The format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>. Wait, but does the unit parameter accept "celsius"? The docstring says unit is the unit of temperature, but the return is in Celsius anyway. Maybe even if I don\'t pass unit, it\'s okay, but to be explicit, maybe pass "celsius". Let me go with that. So the function call should be as above. Then wait for the result to come back and tell the user the temperature in Celsius.</seed:think><seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Barcelona, Spain',
          unit: 'celsius',
        },
      ],
    ],
    note: 'the call drafted inside <seed:think> is not made',
  },
  {
    format: 'seed_oss',
    parser: 'seed_oss',
    source: 'tests/tool_parsers/test_seed_oss_tool_parser.py@0f120751344c',
    name: 'streaming_tool_call_0_thinking_budget',
    text: '<seed:think>\n</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly start answering the question.\n</seed:think>\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Barcelona, Spain',
        },
      ],
    ],
  },
];
