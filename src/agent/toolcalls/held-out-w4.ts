/**
 * The held-out batch of issue 28 (round W4): 92 raw model outputs from
 * sources the team had not used (lmdeploy's parser tests, functionary's
 * prompt tests, llama-models' prompt docs, ai-sdk-tool-call-middleware's
 * corpora, public issue threads), collected by someone who had not seen the
 * parser, and scored once on main before any fix — 76/92 exact (82.6%), 1
 * "none" case that produced a call (w4-073, a call to a tool not offered,
 * which the loop refuses with TOOL_NOT_FOUND before anything runs). It joins
 * the corpus as it was written, as W2 did: each case keeps its source, its
 * `derived` note and its `note`; `firstRun` records whether the case was
 * exact on that first run. Asserted by held-out.test.ts.
 */

import type { HeldOutCase } from './held-out-w2.js';

export interface HeldOutW4Case extends HeldOutCase {
  /** exact on the one scoring run on main before this round's fixes */
  firstRun: 'exact' | 'miss';
  /** where this round judged the collector's expectation, and why */
  review?: string;
}

export const HELD_OUT_W4: HeldOutW4Case[] = [
  {
    id: 'w4-001',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: 'prefix <tool_call>get_weather<arg_key>location</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Beijing',
        },
      ],
    ],
    derived: 'REFERENCE_CHUNKS stream deltas concatenated',
    note: 'prose before the call on the same line',
    firstRun: 'exact',
  },
  {
    id: 'w4-002',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<tool_call>get_current_temperature<arg_key>location</arg_key><arg_value>北京</arg_value></tool_call>',
    tools: ['get_current_temperature'],
    expect: [
      [
        'get_current_temperature',
        {
          location: '北京',
        },
      ],
    ],
    derived: 'stream chunks concatenated',
    note: 'CJK argument value',
    firstRun: 'exact',
  },
  {
    id: 'w4-003',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<think>first reason</think>\nAnswer: <tool_call>get_weather<arg_key>location</arg_key><arg_value>Beijing</arg_value></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Beijing',
        },
      ],
    ],
    derived: 'stream chunks concatenated',
    note: 'reasoning block then prose then call',
    firstRun: 'exact',
  },
  {
    id: 'w4-004',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<tool_call>get_weather<arg_key>location</arg_key><arg_value>San Francisco, CA',
    tools: ['get_weather'],
    expect: 'none',
    derived: 'stream chunks concatenated; the test stops here',
    note: 'cut off inside <arg_value>: no closing tags',
    firstRun: 'exact',
  },
  {
    id: 'w4-005',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<tool_call>typed_tool<arg_key>name</arg_key><arg_value>Chen</arg_value><arg_key>age</arg_key><arg_value>29</arg_value><arg_key>height</arg_key><arg_value>1.75</arg_value><arg_key>active</arg_key><arg_value>true</arg_value><arg_key>meta</arg_key><arg_value>{"city":"Houston"}</arg_value><arg_key>scores</arg_key><arg_value>[98,87]</arg_value><arg_key>misc</arg_key><arg_value>null</arg_value></tool_call>',
    tools: ['typed_tool'],
    expect: [
      [
        'typed_tool',
        {
          name: 'Chen',
          age: 29,
          height: 1.75,
          active: true,
          meta: {
            city: 'Houston',
          },
          scores: [98, 87],
          misc: null,
        },
      ],
    ],
    derived: 'the test passes the inner payload; <tool_call>...</tool_call> wrapper added',
    note: 'schema types: integer, number, boolean, object, array, null (schema in the test)',
    firstRun: 'exact',
  },
  {
    id: 'w4-006',
    format: 'glm47',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_glm47_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<tool_call>get_time</tool_call>',
    tools: ['get_time'],
    expect: [['get_time', {}]],
    derived: "inner payload 'get_time' wrapped in <tool_call> tags",
    note: 'zero-argument call, no <arg_key>',
    firstRun: 'exact',
  },
  {
    id: 'w4-007',
    format: 'kimi_k2',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_kimi_k2_tool_parser.py (commit 8c63c1135d32c8c13c0cdfb581d193bb22710e73)',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"text":"inside <|tool_calls_section_end|> marker","n":1}<|tool_call_end|><|tool_calls_section_end|>tail',
    tools: ['f'],
    expect: [
      [
        'f',
        {
          text: 'inside <|tool_calls_section_end|> marker',
          n: 1,
        },
      ],
    ],
    derived: 'chunks concatenated; section_begin added (the test calls begin_tool_block)',
    note: 'a closing marker inside a JSON string; trailing text',
    firstRun: 'miss',
  },
  {
    id: 'w4-008',
    format: 'kimi_k2',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_kimi_k2_tool_parser.py (commit 8c63c1135d32c8c13c0cdfb581d193bb22710e73)',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['f', 'g'],
    expect: [
      ['f', {}],
      ['g', {}],
    ],
    derived: 'payload wrapped in section begin/end',
    note: 'two empty-argument calls, order kept',
    firstRun: 'exact',
  },
  {
    id: 'w4-009',
    format: 'kimi_k2',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_kimi_k2_tool_parser.py (commit 8c63c1135d32c8c13c0cdfb581d193bb22710e73)',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query":"DeepSeek"}<|tool_call_end|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'DeepSeek',
        },
      ],
    ],
    derived: 'stream chunks concatenated; section_begin added',
    note: 'section end missing; call itself is closed',
    firstRun: 'exact',
  },
  {
    id: 'w4-010',
    format: 'deepseek_v32_dsml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_deepseek_v32_tool_parser.py (commit 75b8ad6932d29f999b392a501d3534f85c6abb93)',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="rank">\n<｜DSML｜parameter name="limit" string="false">12</｜DSML｜parameter>\n<｜DSML｜parameter name="filters" string="false">{"active":true}</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="lookup">\n<｜DSML｜parameter name="name" string="true">Ada</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['rank', 'lookup'],
    expect: [
      [
        'rank',
        {
          limit: 12,
          filters: {
            active: true,
          },
        },
      ],
      [
        'lookup',
        {
          name: 'Ada',
        },
      ],
    ],
    derived:
      "chunks concatenated with dsml_token '｜DSML｜'; opening <｜DSML｜function_calls> added (test calls begin_tool_block)",
    note: 'string="false" values are JSON',
    firstRun: 'exact',
  },
  {
    id: 'w4-011',
    format: 'deepseek_v32_dsml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_deepseek_v32_tool_parser.py (commit 75b8ad6932d29f999b392a501d3534f85c6abb93)',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="search">\n<｜DSML｜parameter name="query" string="true">DeepSeek "streaming"</｜DSML｜parameter>\n</｜DSML｜invoke>\n',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'DeepSeek "streaming"',
        },
      ],
    ],
    derived: 'chunks concatenated; opening tag added',
    note: 'raw double quotes inside a string=true value; outer function_calls never closed but invoke is',
    firstRun: 'exact',
  },
  {
    id: 'w4-012',
    format: 'deepseek_v32_dsml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_deepseek_v32_tool_parser.py (commit 75b8ad6932d29f999b392a501d3534f85c6abb93)',
    text: '<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="a" string="true">partial',
    tools: ['f'],
    expect: 'none',
    derived: 'payload from test_final_payload_emits_incomplete_string_argument; opening tag added',
    note: 'cut off mid-parameter value',
    firstRun: 'exact',
  },
  {
    id: 'w4-013',
    format: 'internlm',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_interns1_parser.py (commit 3646c24159312746dd8fb856f212013d1f8d79d0)',
    text: '<|action_start|><|plugin|>\n{\n    "name": "get_weather",\n    "parameters": {"city": "Berlin"}\n}<|action_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Berlin',
        },
      ],
    ],
    derived: 'stream chunks concatenated',
    firstRun: 'exact',
  },
  {
    id: 'w4-014',
    format: 'llama3_python_tag',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_llama3_parser.py (commit 2226ecf34e942182026be1ad898997876c9ca3ab)',
    text: '<|python_tag|>{"name":"find_user_id_by_name_zip","parameters":{"first_name":"Chen","last_name":"Johnson","zip":77004}}',
    tools: ['find_user_id_by_name_zip'],
    expect: [
      [
        'find_user_id_by_name_zip',
        {
          first_name: 'Chen',
          last_name: 'Johnson',
          zip: 77004,
        },
      ],
    ],
    note: 'no <|eom_id|>/<|eot_id|> close',
    firstRun: 'exact',
  },
  {
    id: 'w4-015',
    format: 'llama3_python_tag',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_llama3_parser.py (commit 2226ecf34e942182026be1ad898997876c9ca3ab)',
    text: '<|python_tag|>{"name":"find_user_id_by_name_zip","parameters":{"first_name":"Chen","last_name":"Johnson","zip":77004}} Done.',
    tools: ['find_user_id_by_name_zip'],
    expect: [
      [
        'find_user_id_by_name_zip',
        {
          first_name: 'Chen',
          last_name: 'Johnson',
          zip: 77004,
        },
      ],
    ],
    derived: 'stream chunks concatenated',
    note: 'plain text after the JSON',
    firstRun: 'exact',
  },
  {
    id: 'w4-016',
    format: 'qwen3_coder_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_5_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '计划调用get_current_temperature函数并提供location参数。\n</think>\n\n<tool_call>\n<function=get_current_temperature>\n<parameter=location>\nBeijing, China\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_current_temperature'],
    expect: [
      [
        'get_current_temperature',
        {
          location: 'Beijing, China',
        },
      ],
    ],
    derived: 'REFERENCE_CHUNKS concatenated',
    note: 'Qwen3.5: CJK reasoning with no opening <think> (template opened it) that names the tool',
    firstRun: 'exact',
  },
  {
    id: 'w4-017',
    format: 'qwen3_coder_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_5_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '</think>\n\n<tool_call>\n<function=get_current_weather>\n<parameter=location>\nBoston, MA\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_current_weather>\n<parameter=location>\nSan Francisco, CA\n</parameter>\n</function>\n</tool_call>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          location: 'Boston, MA',
        },
      ],
      [
        'get_current_weather',
        {
          location: 'San Francisco, CA',
        },
      ],
    ],
    note: 'parallel calls, same function',
    firstRun: 'exact',
  },
  {
    id: 'w4-018',
    format: 'qwen3_coder_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_5_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '</think><tool_call><function=get_current_temperature><parameter=location>San Francisco, CA',
    tools: ['get_current_temperature'],
    expect: 'none',
    derived: 'stream chunks concatenated; the test stops here',
    note: 'cut off inside parameter value',
    firstRun: 'exact',
  },
  {
    id: 'w4-019',
    format: 'qwen3_coder_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_5_parser.py (commit 15cee5da8445c5a414050c9599f3766b521b969f)',
    text: '<tool_call>\n<function=typed_tool>\n<parameter=name>\nChen\n</parameter>\n<parameter=age>\n29\n</parameter>\n<parameter=height>\n1.75\n</parameter>\n<parameter=active>\ntrue\n</parameter>\n<parameter=meta>\n{"city":"Houston"}\n</parameter>\n<parameter=scores>\n[98,87]\n</parameter>\n<parameter=misc>\nnull\n</parameter>\n</function>\n</tool_call>',
    tools: ['typed_tool'],
    expect: [
      [
        'typed_tool',
        {
          name: 'Chen',
          age: 29,
          height: 1.75,
          active: true,
          meta: {
            city: 'Houston',
          },
          scores: [98, 87],
          misc: null,
        },
      ],
    ],
    derived: 'inner payload wrapped in <tool_call>',
    note: 'types from the schema in the test',
    firstRun: 'exact',
  },
  {
    id: 'w4-020',
    format: 'llama31_function_tag',
    source: 'MeetKai/functionary tests/prompt_test_v3-llama3.1.txt (commit 2b6d23e9c1e80f1129014d7d837b00e354270fe8)',
    text: 'I will get the price of 2 cars and compare<function=get_car_price>{"car_name": "Song"}</function><function=get_car_price>{"car_name": "Tang"}</function><|eom_id|>',
    tools: ['get_car_price', 'get_weather'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'prose glued to the first <function= tag, two calls',
    firstRun: 'exact',
  },
  {
    id: 'w4-021',
    format: 'llama31_function_tag',
    source: 'MeetKai/functionary tests/prompt_test_v3-llama3.1.txt (commit 2b6d23e9c1e80f1129014d7d837b00e354270fe8)',
    text: '<function=get_weather>{"location": "Hanoi"}</function><|eom_id|>',
    tools: ['get_car_price', 'get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Hanoi',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-022',
    format: 'llama31_function_tag',
    source: 'MeetKai/functionary tests/prompt_test_v3-llama3.1.txt (commit 2b6d23e9c1e80f1129014d7d837b00e354270fe8)',
    text: 'James Kaplan is the Co-Founder and CEO of MeetKai Inc.<|eot_id|>',
    tools: ['get_car_price', 'get_weather'],
    expect: 'none',
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'plain answer, no call',
    firstRun: 'exact',
  },
  {
    id: 'w4-023',
    format: 'deepseek_v3',
    source: 'MeetKai/functionary tests/prompt_test_r1.txt (commit 5f454f356064d7f2ac8e4b2850ee409064d8b2ff)',
    text: 'I will get the price of 2 cars and compare<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_car_price\n```json\n{"car_name": "Song"}\n```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_car_price\n```json\n{"car_name": "Tang"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'DeepSeek R1/V3 token format with ```json fences',
    firstRun: 'exact',
  },
  {
    id: 'w4-024',
    format: 'deepseek_v3',
    source: 'MeetKai/functionary tests/prompt_test_r1.txt (commit 5f454f356064d7f2ac8e4b2850ee409064d8b2ff)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "San Francisco, CA"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_weather',
        {
          location: 'San Francisco, CA',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-025',
    format: 'deepseek_v3',
    source: 'MeetKai/functionary tests/prompt_test_r1.txt (commit 5f454f356064d7f2ac8e4b2850ee409064d8b2ff)',
    text: 'I will fix the code<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>python\n```python\nl.remove(round(3.6))\nl\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'python',
        {
          code: 'l.remove(round(3.6))\nl',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'arguments are a ```python fence, not JSON; functionary maps it to python(code=...). Unsure how a generic client should shape the arguments',
    firstRun: 'miss',
  },
  {
    id: 'w4-026',
    format: 'functionary_v3',
    source: 'MeetKai/functionary tests/prompt_test_v3.llama3.txt (commit 4ee336afb6e0b6cfdab9f689981dbac4e33a5bb1)',
    text: '>>>all\nI will get the price of 2 cars and compare>>>get_car_price\n{"car_name": "Song"}>>>get_car_price\n{"car_name": "Tang"}<|eot_id|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: '>>>recipient format; >>>all is text to the user',
    firstRun: 'miss',
  },
  {
    id: 'w4-027',
    format: 'functionary_v3',
    source: 'MeetKai/functionary tests/prompt_test_v3.llama3.txt (commit 4ee336afb6e0b6cfdab9f689981dbac4e33a5bb1)',
    text: '>>>get_weather\n{"location": "Hanoi"}<|eot_id|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_weather',
        {
          location: 'Hanoi',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-028',
    format: 'functionary_v3',
    source: 'MeetKai/functionary tests/prompt_test_v3.llama3.txt (commit 4ee336afb6e0b6cfdab9f689981dbac4e33a5bb1)',
    text: '>>>all\nThe temperature in San Francisco is: 20 degree Celcious<|eot_id|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: 'none',
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'text only (recipient all)',
    firstRun: 'exact',
  },
  {
    id: 'w4-029',
    format: 'llama4_json',
    source: 'MeetKai/functionary tests/prompt_test_llama4.txt (commit 15ff9b731876395fbb82af3b77606b10430ce7a3)',
    text: '<|python_start|>I will get the price of 2 cars and compare<|python_end|>{"name": "get_car_price", "parameters": {"car_name": "Song"}}\n{"name": "get_car_price", "parameters": {"car_name": "Tang"}}<|eot|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'prose inside <|python_start|>..<|python_end|>, then newline-separated JSON calls',
    firstRun: 'exact',
  },
  {
    id: 'w4-030',
    format: 'llama4_json',
    source: 'MeetKai/functionary tests/prompt_test_llama4.txt (commit 15ff9b731876395fbb82af3b77606b10430ce7a3)',
    text: "<|python_start|>I'll use code interpreter to handle this<|python_end|>{\"name\": \"python\", \"parameters\": {\"code\": \"l=[int('0'),int('1'),int('2'),int('3'),int('4'),int('5')]\\nl.remove(3.6)\"}}<|eot|>",
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'python',
        {
          code: "l=[int('0'),int('1'),int('2'),int('3'),int('4'),int('5')]\nl.remove(3.6)",
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'escaped newline in code string',
    firstRun: 'exact',
  },
  {
    id: 'w4-031',
    format: 'llama4_json',
    source: 'MeetKai/functionary tests/prompt_test_llama4.txt (commit 15ff9b731876395fbb82af3b77606b10430ce7a3)',
    text: '<|python_start|><|python_end|>{"name": "get_weather", "parameters": {"location": "Hanoi"}}<|eot|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_weather',
        {
          location: 'Hanoi',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-032',
    format: 'hermes_gemma3',
    source: 'MeetKai/functionary tests/prompt_test_gemma3.txt (commit aa3dbdd65f7e388f2386622606bdfeec95c2b863)',
    text: 'I will get the price of 2 cars and compare\n<tool_call>\n{"name": "get_car_price", "arguments": {"car_name": "Song"}}\n</tool_call>\n<tool_call>\n{"name": "get_car_price", "arguments": {"car_name": "Tang"}}\n</tool_call><end_of_turn>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one model turn cut out of the rendered conversation',
    note: 'Gemma 3 with hermes-style <tool_call> and <end_of_turn>',
    firstRun: 'exact',
  },
  {
    id: 'w4-033',
    format: 'hermes_gemma3',
    source: 'MeetKai/functionary tests/prompt_test_gemma3.txt (commit aa3dbdd65f7e388f2386622606bdfeec95c2b863)',
    text: 'I will fix the code\n<tool_call>\n{"name": "python", "arguments": {"code": "l.remove(round(3.6))\\nl"}}\n</tool_call><end_of_turn>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'python',
        {
          code: 'l.remove(round(3.6))\nl',
        },
      ],
    ],
    derived: 'one model turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-034',
    format: 'functionary_v3',
    source:
      'MeetKai/functionary tests/prompt_test_internlm2-chat.txt (commit 5756027c11f2729e9d8c5821dd4657eb7c362380)',
    text: '>>>all\nI will use code interpreter to handle this>>>python\nl=[0,1,2,3,4,5]\nl.remove(3.6)<|im_end|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'python',
        {
          code: 'l=[0,1,2,3,4,5]\nl.remove(3.6)',
        },
      ],
    ],
    derived:
      'one assistant turn cut out of the rendered conversation (InternVL/InternLM2 ChatML with functionary recipients)',
    note: ">>>python carries raw code, not JSON; argument shape is functionary's convention (unsure)",
    firstRun: 'miss',
  },
  {
    id: 'w4-035',
    format: 'functionary_v3',
    source:
      'MeetKai/functionary tests/prompt_test_internlm2-chat.txt (commit 5756027c11f2729e9d8c5821dd4657eb7c362380)',
    text: '>>>get_weather\n{"location": "Hanoi"}<|im_end|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_weather',
        {
          location: 'Hanoi',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'exact',
  },
  {
    id: 'w4-036',
    format: 'llama32_pythonic',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (commit 1156e8676f57de65e085abde5b5e6bf79857ae6f)',
    text: "[get_weather(city='San Francisco', metric='celsius'), get_weather(city='Seattle', metric='celsius')]<|eot_id|>",
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'San Francisco',
          metric: 'celsius',
        },
      ],
      [
        'get_weather',
        {
          city: 'Seattle',
          metric: 'celsius',
        },
      ],
    ],
    note: 'pythonic list, single-quoted strings',
    firstRun: 'exact',
  },
  {
    id: 'w4-037',
    format: 'llama32_pythonic',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (commit 1156e8676f57de65e085abde5b5e6bf79857ae6f)',
    text: "[get_user_info(user_id=7890, special='black')]<|eot_id|>",
    tools: ['get_user_info'],
    expect: [
      [
        'get_user_info',
        {
          user_id: 7890,
          special: 'black',
        },
      ],
    ],
    note: 'integer argument',
    firstRun: 'exact',
  },
  {
    id: 'w4-038',
    format: 'llama32_pythonic',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (commit 1156e8676f57de65e085abde5b5e6bf79857ae6f)',
    text: '<|python_tag|>[get_weather(city="San Francisco", metric="celsius")]<|eot_id|>',
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
    note: 'pythonic list after <|python_tag|>',
    firstRun: 'exact',
  },
  {
    id: 'w4-039',
    format: 'llama31_code_interpreter',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (commit 1156e8676f57de65e085abde5b5e6bf79857ae6f)',
    text: '<|python_tag|>def is_prime(n):\n    if n <= 1:\n        return False\n    if n == 2:\n        return True\n    if n % 2 == 0:\n        return False\n    max_divisor = int(n**0.5) + 1\n    for d in range(3, max_divisor, 2):\n        if n % d == 0:\n            return False\n    return True\n\nprint(is_prime(7))  # Output: True<|eom_id|>',
    tools: ['code_interpreter'],
    expect: [
      [
        'code_interpreter',
        {
          code: 'def is_prime(n):\n    if n <= 1:\n        return False\n    if n == 2:\n        return True\n    if n % 2 == 0:\n        return False\n    max_divisor = int(n**0.5) + 1\n    for d in range(3, max_divisor, 2):\n        if n % d == 0:\n            return False\n    return True\n\nprint(is_prime(7))  # Output: True',
        },
      ],
    ],
    note: 'built-in code interpreter: raw code after <|python_tag|>; tool name/argument shape is by convention (unsure)',
    firstRun: 'miss',
  },
  {
    id: 'w4-040',
    format: 'llama32_pythonic',
    source:
      'meta-llama/llama-models models/llama3_2/text_prompt_format.md (commit 1156e8676f57de65e085abde5b5e6bf79857ae6f)',
    text: 'The weather in San Francisco is 25 C.<|eot_id|>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'final answer after tool result; mentions no call',
    firstRun: 'exact',
  },
  {
    id: 'w4-041',
    format: 'functionary_v2',
    source: 'MeetKai/functionary tests/prompt_test_v2.txt (commit 22779ad7dc322c5387aeaf94a61f5ca9557eeeb0)',
    text: '<|from|>assistant\n<|recipient|>all\n<|content|>I will get the price of 2 cars and compare\n<|from|>assistant\n<|recipient|>get_car_price\n<|content|>{"car_name": "Song"}\n<|from|>assistant\n<|recipient|>get_car_price\n<|content|>{"car_name": "Tang"}<|stop|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'assistant messages of one turn cut out of the rendered conversation',
    note: '<|from|>/<|recipient|>/<|content|> v2 format; recipient all is text',
    firstRun: 'miss',
  },
  {
    id: 'w4-042',
    format: 'functionary_v2',
    source: 'MeetKai/functionary tests/prompt_test_v2.txt (commit 22779ad7dc322c5387aeaf94a61f5ca9557eeeb0)',
    text: '<|from|>assistant\n<|recipient|>all\n<|content|>Biden is the president of US<|stop|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: 'none',
    derived: 'one assistant message cut out of the rendered conversation',
    note: 'text to the user only',
    firstRun: 'exact',
  },
  {
    id: 'w4-043',
    format: 'functionary_phi3',
    source: 'MeetKai/functionary tests/prompt_test_v2.phi3.txt (commit 86c651fc4e4be96a2e64cf6c2c7f95e7d3f9f08b)',
    text: 'I will get the price of 2 cars and compare<|placeholder6|>get_car_price\n{"car_name": "Song"}<|placeholder6|>get_car_price\n{"car_name": "Tang"}<|end|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_car_price',
        {
          car_name: 'Song',
        },
      ],
      [
        'get_car_price',
        {
          car_name: 'Tang',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    note: 'Phi-3 based functionary: <|placeholder6|> as call separator',
    firstRun: 'miss',
  },
  {
    id: 'w4-044',
    format: 'functionary_phi3',
    source: 'MeetKai/functionary tests/prompt_test_v2.phi3.txt (commit 86c651fc4e4be96a2e64cf6c2c7f95e7d3f9f08b)',
    text: '<|placeholder6|>get_weather\n{"location": "Hanoi"}<|end|>',
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'get_weather',
        {
          location: 'Hanoi',
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation',
    firstRun: 'miss',
  },
  {
    id: 'w4-045',
    format: 'hermes',
    source: 'MeetKai/functionary tests/prompt_test_cogito.txt (commit bfd97e415dc59732cfdb4bcce9efa6b508f895b0)',
    text: "I'll use code interpreter to handle this\n<tool_call>\n{\"name\": \"python\", \"arguments\": {\"code\": \"l=[int('0'),int('1'),int('2'),int('3'),int('4'),int('5')]\\nl.remove(3.6)\"}}\n</tool_call><|im_end|>",
    tools: ['get_car_price', 'get_weather', 'python'],
    expect: [
      [
        'python',
        {
          code: "l=[int('0'),int('1'),int('2'),int('3'),int('4'),int('5')]\nl.remove(3.6)",
        },
      ],
    ],
    derived: 'one assistant turn cut out of the rendered conversation (Cogito, hermes-style)',
    firstRun: 'exact',
  },
  {
    id: 'w4-046',
    format: 'seed_oss',
    source: 'sipeed/picoclaw#3153 (https://github.com/sipeed/picoclaw/issues/3153)',
    text: '<seed:tool_call>\n  <function name="exec">\n    <parameter name="action" string="true">run</parameter>\n    <parameter name="command" string="true">ls -la /root/.picoclaw/workspace/library/skills/rss_filter/temp/虎嗅网/</parameter>\n  </function>\n</seed:tool_call>',
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          action: 'run',
          command: 'ls -la /root/.picoclaw/workspace/library/skills/rss_filter/temp/虎嗅网/',
        },
      ],
    ],
    note: 'Doubao Seed 2.0 Pro leak into content; <function name="exec"> variant (not <function=exec>), string="true" attrs, CJK in path, indentation',
    firstRun: 'miss',
  },
  {
    id: 'w4-047',
    format: 'mistral_json_array',
    source: 'mistralai/mistral-common#73 (https://github.com/mistralai/mistral-common/issues/73)',
    text: '[{"name": "add_layer_to_map", "arguments": {"map_id": "map_0", "parameter": "WIND", "source": "AROME0.25", "level": "1000Hpa"}}, {"name": "add_layer_to_map", "arguments": {"map_id": "map_0", "parameter": "T", "source": "AROME0.25", "level": "1000Hpa"}}]',
    tools: ['display_map', 'add_layer_to_map'],
    expect: [
      [
        'add_layer_to_map',
        {
          map_id: 'map_0',
          parameter: 'WIND',
          source: 'AROME0.25',
          level: '1000Hpa',
        },
      ],
      [
        'add_layer_to_map',
        {
          map_id: 'map_0',
          parameter: 'T',
          source: 'AROME0.25',
          level: '1000Hpa',
        },
      ],
    ],
    note: 'mistral-large-latest returned the call array as assistant content, no [TOOL_CALLS] token',
    firstRun: 'exact',
  },
  {
    id: 'w4-048',
    format: 'bare_json',
    source: 'selfagency/opilot#149 (https://github.com/selfagency/opilot/issues/149)',
    text: '{\n"name": "fetch_file_content",\n"arguments": {\n"filePath": "/my/code/test-project/AGENTS.md"\n}\n}',
    tools: ['fetch_file_content'],
    expect: [
      [
        'fetch_file_content',
        {
          filePath: '/my/code/test-project/AGENTS.md',
        },
      ],
    ],
    note: 'qwen2.5-coder:7b via Ollama: bare JSON call as content, no wrapper; tools list not shown in thread (name as called)',
    firstRun: 'exact',
  },
  {
    id: 'w4-049',
    format: 'llama3_json',
    source: 'raullenchai/Rapid-MLX#700 (https://github.com/raullenchai/Rapid-MLX/issues/700)',
    text: '{"name": "web_search", "parameters": {"query": "你好"}}',
    tools: ['web_search'],
    expect: [
      [
        'web_search',
        {
          query: '你好',
        },
      ],
    ],
    note: 'Llama-3.1-8B answers a greeting with a bare JSON call using "parameters"; CJK argument. Well-formed, so executed even if the call is unwise',
    firstRun: 'exact',
  },
  {
    id: 'w4-050',
    format: 'qwen3_coder_xml',
    source: 'theroyallab/tabbyAPI#378 (https://github.com/theroyallab/tabbyAPI/pull/378)',
    text: '<tool_call>\n<function=read>\n<parameter=file_path>\nREADME.md\n</parameter>\n</function>\n</tool_call>',
    tools: ['read'],
    expect: [
      [
        'read',
        {
          file_path: 'README.md',
        },
      ],
    ],
    note: 'Qwen3 Coder raw tokens shown to the user instead of triggering the tool',
    firstRun: 'exact',
  },
  {
    id: 'w4-051',
    format: 'kimi_k2',
    source: 'Gitlawb/openclaude#1508 (https://github.com/Gitlawb/openclaude/issues/1508)',
    text: '<|tool_calls_section_begin|> <|tool_call_begin|> call_0 <|tool_call_argument_begin|> {"file_path": "C:\\Users\\admin\\Desktop\\Development\\file.txt"} <|tool_call_end|> <|tool_call_begin|>\ncall_1 <|tool_call_argument_begin|> {"file_path": "C:\\Users\\admin\\Desktop\\Development\\file.txt} <|tool_call_end|> <|tool_call_begin|> call_2\n<|tool_call_argument_begin|> {"file_path": "C:\\Users\\Desktop\\Development\\file.txt"} <|tool_call_end|> <|tool_call_begin|> call_3 <|tool_call_argument_begin|>\n{"file_path": "C:\\Users\\admin\\Desktop\\Development\\file.txt"} <|tool_call_end|> <|tool_calls_section_end|>',
    tools: ['Read'],
    expect: 'none',
    note: 'Kimi K2.5 via Nebius: ids are call_0..call_3 with NO function name; invalid JSON escapes (\\U, \\a, \\D) and one unterminated string. Nothing names a tool, so nothing can run. Unsure: a reader might guess Read from file_path. tools list not in the thread',
    firstRun: 'exact',
  },
  {
    id: 'w4-052',
    format: 'minimax_m2',
    source: 'MiniMax-AI/MiniMax-M2 docs/tool_calling_guide.md (commit 6a63837ae5e09836b296513ba8d7bc10106dae70)',
    text: '<minimax:tool_call>\n<invoke name="search_web">\n<parameter name="query_tag">["technology", "events"]</parameter>\n<parameter name="query_list">["\\"OpenAI\\" \\"latest\\" \\"release\\""]</parameter>\n</invoke>\n<invoke name="search_web">\n<parameter name="query_tag">["technology", "events"]</parameter>\n<parameter name="query_list">["\\"Gemini\\" \\"latest\\" \\"release\\""]</parameter>\n</invoke>\n</minimax:tool_call>',
    tools: ['search_web'],
    expect: [
      [
        'search_web',
        {
          query_tag: ['technology', 'events'],
          query_list: ['"OpenAI" "latest" "release"'],
        },
      ],
      [
        'search_web',
        {
          query_tag: ['technology', 'events'],
          query_list: ['"Gemini" "latest" "release"'],
        },
      ],
    ],
    note: 'array-typed parameters written as JSON text, escaped quotes inside',
    firstRun: 'exact',
  },
  {
    id: 'w4-053',
    format: 'minimax_m2',
    source: 'MiniMax-AI/MiniMax-M2 docs/tool_calling_guide.md (commit 6a63837ae5e09836b296513ba8d7bc10106dae70)',
    text: 'Let me help you query the weather.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">San Francisco</parameter>\n<parameter name="unit">celsius</parameter>\n</invoke>\n</minimax:tool_call>',
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
    note: 'prose before the block',
    firstRun: 'exact',
  },
  {
    id: 'w4-054',
    format: 'glm45',
    source: 'https://iranjankumar.com/how-to-call-functions-in-glm4-5-a-step-by-step-guide',
    text: '<tool_call>get_weather\n  <arg_key>city</arg_key>\n  <arg_value>Beijing</arg_value>\n  <arg_key>date</arg_key>\n  <arg_value>2024-06-27</arg_value>\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Beijing',
          date: '2024-06-27',
        },
      ],
    ],
    note: 'blog example of GLM-4.5 output with indented arg tags (as the page renders it)',
    firstRun: 'exact',
  },
  {
    id: 'w4-055',
    format: 'react',
    source: 'crewAIInc/crewAI#400 (https://github.com/crewAIInc/crewAI/issues/400)',
    text: "Ahoy matey! I be the Influencer, here to share me knowledge o' physics with ye. What be yer question?\n\nThought: This be the summary o' me work so far:\n\nCurrent Task: Write a very short paragraph about physics.\n\nThis be the expect criteria fer yer final answer: Free text, not a summary.\n\nNow then, what be yer question?",
    tools: [],
    expect: 'none',
    derived: 'unescaped from the OutputParserException text in the log',
    note: 'ReAct agent: Thought: but no Action:, nothing to run; tool names not shown',
    firstRun: 'exact',
  },
  {
    id: 'w4-056',
    format: 'react',
    source: 'langchain-ai/langchain#21912 (https://github.com/langchain-ai/langchain/issues/21912)',
    text: 'Question: Write an academic abstract about Bitcoin\nThought: I need to research the topic to write a good abstract\nAction: Wikipedia Research Tool\nAction Input: Bitcoin\nObservation: The first result is about the history of Bitcoin, it seems to be a decentralized digital currency\nThought: I need to know more about the technical aspects of Bitcoin\nAction: Duck Duck Go Search Results Tool\nAction Input: Bitcoin technical aspects\nObservation: The first result is about the blockchain technology used by Bitcoin, it seems to be a distributed ledger technology\nThought: I need to know more about the benefits of Bitcoin\nAction: Wikipedia Research Tool\nAction Input: Bitcoin benefits\nObservation: The first result is about the advantages of Bitcoin, it seems to be a secure and transparent way to make transactions\nThought: I now know the final answer\nFinal Answer: Bitcoin is a decentralized digital currency that uses blockchain technology to facilitate secure and transparent transactions. It has several benefits, including being a secure and transparent way to make transactions. It has a long history and has been widely adopted. It',
    tools: ['Wikipedia Research Tool', 'Duck Duck Go Search Results Tool'],
    expect: [['Wikipedia Research Tool', 'Bitcoin']],
    note: "UNSURE: model hallucinated Observations and a Final Answer in one turn (LangChain raises 'both a final answer and a parse-able action'). Careful reading: only the first Action is real; later ones follow invented observations. Argument is a plain string (ReAct single input). Text also cut off at the end",
    firstRun: 'miss',
  },
  {
    id: 'w4-057',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: 'Example only, do not execute: `<tool_call>ping</tool_call>`.',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: 'none',
    note: 'complete, valid-looking call inside an inline code span that the text says not to execute (corpus id complete-call-code-example)',
    firstRun: 'exact',
  },
  {
    id: 'w4-058',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: 'The token "<tool_call>" begins the example syntax.',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: 'none',
    note: 'opening marker quoted in prose (incomplete-marker-in-prose)',
    firstRun: 'exact',
  },
  {
    id: 'w4-059',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: '<tool_call>delete_everything<arg_key>confirm</arg_key><arg_value>true</arg_value></tool_call>',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: 'none',
    note: 'well-formed call to a tool that was not offered (unknown-tool)',
    firstRun: 'exact',
  },
  {
    id: 'w4-060',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: '<tool_call>echo<arg_key>message</arg_key><arg_value>literal </tool_call> marker</arg_value></tool_call>',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: [
      [
        'echo',
        {
          message: 'literal </tool_call> marker',
        },
      ],
    ],
    note: 'raw closing marker inside an unescaped string value',
    firstRun: 'miss',
  },
  {
    id: 'w4-061',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: 'Before <tool_call>echo<arg_key>message</arg_key><arg_value>hello 🚀</arg_value></tool_call> after.',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: [
      [
        'echo',
        {
          message: 'hello 🚀',
        },
      ],
    ],
    note: 'prose on both sides, emoji in value',
    firstRun: 'exact',
  },
  {
    id: 'w4-062',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-corpus.ts (commit 20f128138cb6f9e8d22555990ccffb041941b449)',
    text: '<tool_call>echo<arg_key>message<arg_value>missing key close</arg_value></tool_call>',
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: [
      [
        'echo',
        {
          message: 'missing key close',
        },
      ],
    ],
    note: '</arg_key> missing; corpus labels it recoverable (outer call is closed)',
    firstRun: 'miss',
  },
  {
    id: 'w4-063',
    format: 'glm5',
    source:
      'minpeter/ai-sdk-tool-call-middleware benchmarks/glm-5.2-tool-calling/src/glm5-reference-decoders.test.ts (commit 69ad49e847659da79bcd75ddfec107e152526893)',
    text: "<tool_call>aggregate<arg_key>items</arg_key><arg_value>[1, 2, 3]</arg_value><arg_key>config</arg_key><arg_value>{'mode': 'safe', 'enabled': True}</arg_value></tool_call>",
    tools: ['echo', 'add', 'aggregate', 'ping'],
    expect: [
      [
        'aggregate',
        {
          items: [1, 2, 3],
          config: {
            mode: 'safe',
            enabled: true,
          },
        },
      ],
    ],
    derived: "joined from the test's string array",
    note: 'object value written as a Python literal (single quotes, True); schema says object',
    firstRun: 'exact',
  },
  {
    id: 'w4-064',
    format: 'morph_xml',
    source:
      'minpeter/ai-sdk-tool-call-middleware packages/parser/src/__tests__/protocols/xml-protocol.real-usecases.shell-tool.test.ts (commit 0afe8756f81b1d5216b5070e1dc583ce2b29fb1c)',
    text: '<shell><command>ls</command><command>app</command><command>components</command><command>shared</command></command><justification>List contents of key source\n  directories</justification><timeout_ms>5000</timeout_ms><with_escalated_permissions>false</with_escalated_permissions><workdir>/Users/minpeter/github.com/minpeter/\n  minpeter.v2</workdir></shell>',
    tools: ['shell'],
    expect: [
      [
        'shell',
        {
          command: ['ls', 'app', 'components', 'shared'],
          justification: 'List contents of key source\n  directories',
          timeout_ms: 5000,
          with_escalated_permissions: false,
          workdir: '/Users/minpeter/github.com/minpeter/\n  minpeter.v2',
        },
      ],
    ],
    derived: "joined from the test's string concatenation",
    note: 'tool name as the XML tag, repeated <command> builds an array, stray extra </command>, line-wrapped workdir kept as written',
    firstRun: 'miss',
  },
  {
    id: 'w4-065',
    format: 'hermes',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_qwen3_tool_parser_trailing_content.py (commit 7904412ff2825343520e7e2e9541e89933cfac6e)',
    text: '<tool_call>\n{"name":"get_weather","arguments":{"location":"Paris"}}\n</tool_call> It is sunny.',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
    derived: 'streamed increments concatenated',
    note: 'Qwen3 hermes call followed by trailing prose',
    firstRun: 'exact',
  },
  {
    id: 'w4-066',
    format: 'functiongemma',
    source: 'ml-explore/mlx-lm tests/test_tool_parsing.py (commit 05d377e949a8a767e06f38da37af72d2ab9aa928)',
    text: '<start_function_call>call:get_current_temperature{location:<escape>London<escape>}<end_function_call>',
    tools: ['get_current_temperature'],
    expect: [
      [
        'get_current_temperature',
        {
          location: 'London',
        },
      ],
    ],
    derived: 'the test passes the inner text; <start_function_call>/<end_function_call> wrapper added',
    note: 'FunctionGemma: unquoted keys, <escape> string delimiters',
    firstRun: 'exact',
  },
  {
    id: 'w4-067',
    format: 'qwen3_coder_xml',
    source: 'ml-explore/mlx-lm tests/test_tool_parsing.py (commit 05d377e949a8a767e06f38da37af72d2ab9aa928)',
    text: '<tool_call>\n        <function=multiply>\n        <parameter=a>\n        12234585\n        </parameter>\n        <parameter=b>\n        48838483920\n        </parameter>\n        </function>\n</tool_call>',
    tools: ['multiply'],
    expect: [
      [
        'multiply',
        {
          a: 12234585,
          b: 48838483920,
        },
      ],
    ],
    derived: 'inner text as in the test (indented by the Python source); <tool_call> wrapper added',
    note: 'numbers typed by schema (number); large integer; indented lines',
    firstRun: 'exact',
  },
  {
    id: 'w4-068',
    format: 'harmony',
    source: 'openai/harmony docs/format.md (commit 20cd04c17fa327f01f9f28240fb70183d4feb406)',
    text: '<|channel|>analysis<|message|>Need to use function get_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'San Francisco',
        },
      ],
    ],
    note: "recipient in channel header, <|constrain|>json; NB the doc's sample developer message declares get_current_weather, the output calls get_weather (tools set to the called name)",
    firstRun: 'exact',
  },
  {
    id: 'w4-069',
    format: 'harmony',
    source: 'openai/harmony docs/format.md (commit 20cd04c17fa327f01f9f28240fb70183d4feb406)',
    text: '<|channel|>analysis<|message|>{long chain of thought}<|end|><|start|>assistant<|channel|>commentary<|message|>**Action plan**:\n1. Generate an HTML file\n2. Generate a JavaScript for the Node.js server\n3. Start the server\n---\nWill start executing the plan step by step<|end|><|start|>assistant<|channel|>commentary to=functions.generate_file<|constrain|>json<|message|>{"template": "basic_html", "path": "index.html"}<|call|>',
    tools: ['generate_file'],
    expect: [
      [
        'generate_file',
        {
          template: 'basic_html',
          path: 'index.html',
        },
      ],
    ],
    note: 'user-visible commentary preamble (an action plan naming steps) before the real call; no space before <|constrain|>',
    firstRun: 'exact',
  },
  {
    id: 'w4-070',
    format: 'harmony',
    source: 'openai/harmony docs/format.md (commit 20cd04c17fa327f01f9f28240fb70183d4feb406)',
    text: '<|channel|>analysis<|message|>User asks: "What is 2 + 2?" Simple arithmetic. Provide answer.<|end|>\n<|start|>assistant<|channel|>final<|message|>2 + 2 = 4.<|return|>',
    tools: [],
    expect: 'none',
    note: 'analysis + final only',
    firstRun: 'exact',
  },
  {
    id: 'w4-071',
    format: 'llama4_pythonic',
    source: 'vllm-project/vllm#22917 (https://github.com/vllm-project/vllm/issues/22917)',
    text: '[get_todays_date(), get_weather(location="Dublin, Ireland", date="2025-04-14")]',
    tools: ['get_todays_date', 'get_weather'],
    expect: [
      ['get_todays_date', {}],
      [
        'get_weather',
        {
          location: 'Dublin, Ireland',
          date: '2025-04-14',
        },
      ],
    ],
    derived: 'DELTA TEXT lines from the server log concatenated',
    note: 'Llama 4 pythonic: a zero-arg call next to a call whose date argument is a literal (not a nested call)',
    firstRun: 'exact',
  },
  {
    id: 'w4-072',
    format: 'llama4_json',
    source: 'jundot/omlx#1153 (https://github.com/jundot/omlx/pull/1153)',
    text: '{"name": "get_weather", "parameters": {"location": "Paris"}}',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
    derived: 'unescaped from the JSON-encoded content string shown in the PR',
    note: 'Llama-4-Scout (Meta template) emits bare {name, parameters} JSON, no markers',
    firstRun: 'exact',
  },
  {
    id: 'w4-073',
    format: 'bare_json',
    source: 'thClaws/thClaws#50 (https://github.com/thClaws/thClaws/issues/50)',
    text: '{ "name": "Skill", "arguments": { "name": "none" } }',
    tools: [],
    expect: 'none',
    note: "qwen2.5-coder:14b answers 'hello' with a call to Skill, which the issue says is NOT a registered tool (tool list not shown, left empty): unknown tool must not run",
    review:
      'W4 review: the expectation holds for what RUNS, not for what is read. The text is a well-formed call, and the parser reads it as one; the loop then refuses it in checkCalls (loop-reply.ts) with TOOL_NOT_FOUND — "there is no tool named Skill; the tools are: …" — before anything runs. held-out.test.ts applies that same gate (a call runs only when its name is an offered tool), so nothing runs here; the raw scorer, which has no catalog, counts it.',
    firstRun: 'miss',
  },
  {
    id: 'w4-074',
    format: 'kimi_k2',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_kimi_k2_tool_parser.py (commit 8c63c1135d32c8c13c0cdfb581d193bb22710e73)',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query":"Deep',
    tools: ['search'],
    expect: 'none',
    derived: "first reference chunk only (the test's first streamed delta); section_begin added",
    note: 'cut off mid-string inside the argument JSON',
    firstRun: 'exact',
  },
  {
    id: 'w4-075',
    format: 'hermes',
    source: 'sgl-project/sglang#30480 (https://github.com/sgl-project/sglang/issues/30480)',
    text: 'I will check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "San Fr',
    tools: ['get_weather'],
    expect: 'none',
    note: 'hermes/Qwen output truncated by max_tokens mid-string; prose before',
    firstRun: 'exact',
  },
  {
    id: 'w4-076',
    format: 'phi4_mini',
    source: 'vllm-project/vllm#48795 (https://github.com/vllm-project/vllm/pull/48795)',
    text: 'functools[{"name": "search", "arguments": {"tags": ["a", "b"]}}]',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          tags: ['a', 'b'],
        },
      ],
    ],
    note: "Phi-4-mini functools marker; array argument contains ']' which breaks naive regexes",
    firstRun: 'exact',
  },
  {
    id: 'w4-077',
    format: 'hermes',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_parser.py (commit 16ca1cb59fb75026a93a894c6466fd2f4eebfbd3)',
    text: 'This is the mock user prompt. reasoning</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "北京", "unit": "celsius"}}\n</tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: '北京',
          unit: 'celsius',
        },
      ],
    ],
    derived: 'REFERENCE_CHUNKS_2 concatenated',
    note: 'Qwen3 thinking without opening <think>; CJK value',
    firstRun: 'exact',
  },
  {
    id: 'w4-078',
    format: 'hermes',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_qwen3_parser.py (commit 16ca1cb59fb75026a93a894c6466fd2f4eebfbd3)',
    text: '<tool_call>\n{"name":"write_file","arguments":{"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    tools: ['write_file'],
    expect: 'none',
    derived:
      "from test_decode_incremental_keeps_json_argument_buffer_bounded: the pending prefix plus two of its 32-char 'x' chunks; the test never closes the string",
    note: 'cut off inside a long string argument',
    firstRun: 'exact',
  },
  {
    id: 'w4-079',
    format: 'mimo_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_mimo_parser.py (commit 85469360299e46fbb57c2c29f52c5bebff20d3f5)',
    text: '<think>Need a tool.</think><tool_call><function=run_command><parameter=command>line 1\n  line 2</parameter><parameter=timeout>10</parameter></function></tool_call>',
    tools: ['run_command'],
    expect: [
      [
        'run_command',
        {
          command: 'line 1\n  line 2',
          timeout: 10,
        },
      ],
    ],
    derived: 'stream chunks concatenated',
    note: 'MiMo-V2: Qwen3-Coder-like XML without newlines; multiline value; integer by schema',
    firstRun: 'exact',
  },
  {
    id: 'w4-080',
    format: 'mimo_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_mimo_parser.py (commit 85469360299e46fbb57c2c29f52c5bebff20d3f5)',
    text: '<tool_call><function=run_command><parameter=command>  printf &quot;a&amp;b&quot;\nnext  </parameter><parameter=timeout>30</parameter><parameter=options>{"check":true}</parameter></function></tool_call>',
    tools: ['run_command'],
    expect: [
      [
        'run_command',
        {
          command: '  printf "a&b"\nnext  ',
          timeout: 30,
          options: {
            check: true,
          },
        },
      ],
    ],
    derived: 'inner payload wrapped in <tool_call>',
    note: 'UNSURE: HTML entities (&quot; &amp;) in a value; lmdeploy decodes them and keeps leading/trailing spaces. A parser that does not unescape would give the literal entities',
    firstRun: 'miss',
  },
  {
    id: 'w4-081',
    format: 'mimo_xml',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_mimo_parser.py (commit 85469360299e46fbb57c2c29f52c5bebff20d3f5)',
    text: '<tool_call><function=unknown></function></tool_call>',
    tools: ['run_command'],
    expect: 'none',
    derived: 'inner payload wrapped in <tool_call>',
    note: 'call to a tool that was not offered',
    firstRun: 'exact',
  },
  {
    id: 'w4-082',
    format: 'hermes',
    source:
      'InternLM/lmdeploy tests/test_lmdeploy/serve/parsers/test_json_tool_parser.py (commit 6e7cbbd605b56e03e3fd9d8dee1aa9988d999a0a)',
    text: '<tool_call>{"function":"f","arguments":{"x":1}}</tool_call>',
    tools: ['f'],
    expect: [
      [
        'f',
        {
          x: 1,
        },
      ],
    ],
    derived: 'payload wrapped in the <tool_call> tags the test parser declares',
    note: '"function" key instead of "name"',
    firstRun: 'exact',
  },
  {
    id: 'w4-083',
    format: 'granite3_json',
    source: 'https://huggingface.co/ibm-granite/granite-3.0-8b-instruct/discussions/8',
    text: '<|start_of_role|>assistant<|end_of_role|>{\n  "tool": {\n    "name": "calculator.add",\n    "arguments": {\n      "num1": 123,\n      "num2": 456\n    }\n  }\n}<|end_of_text|>',
    tools: ['calculator.add'],
    expect: [
      [
        'calculator.add',
        {
          num1: 123,
          num2: 456,
        },
      ],
    ],
    note: 'Granite-3.0-8B-Instruct: no <|tool_call|> token, call nested under a "tool" key, dotted tool name, role header echoed',
    firstRun: 'miss',
  },
  {
    id: 'w4-084',
    format: 'prose_mentions_syntax',
    source: 'openclaw/openclaw#989 (https://github.com/openclaw/openclaw/issues/989)',
    text: 'You\'re right to suspect poisoning, and it\'s coming from *our own chat history*.\n\n**What I was outputting that can poison models (especially GLM):**\n- In the WhatsApp group thread, I explicitly wrote the literal pattern **`[Tool Call: ...] Arguments: {...}`** as an example multiple times (e.g. "tool calls leaking… (the literal `[Tool Call: ...] Arguments: {...}` text)").\n- That string is basically a "spell" that teaches weaker / more literal-following models to *print* tool syntax instead of triggering real tool calls.',
    tools: [],
    expect: 'none',
    derived:
      'first paragraphs of the quoted assistant message (gpt-5.2) as the thread shows it; the rest of the message omitted',
    note: 'plain answer that quotes tool-call syntax as an example; tools of that session not listed',
    firstRun: 'exact',
  },
  {
    id: 'w4-085',
    format: 'harmony',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_harmony_parsing.py (commit 2d6bc80262dd1d2c073bbcd2fb3bb57b39c305b7)',
    text: '<|start|>assistant<|channel|>analysis to=functions.get_weather <|constrain|>json<|message|>{"city":"SF"}<|call|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'SF',
        },
      ],
    ],
    derived:
      "'Raw harmony output from model' quoted in the test docstring; the docstring's line wrap before <|constrain|> / the message body is joined back (a space before <|constrain|>, nothing before the body)",
    note: 'function call on the analysis channel (not commentary)',
    firstRun: 'exact',
  },
  {
    id: 'w4-086',
    format: 'harmony',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_harmony_parsing.py (commit 2d6bc80262dd1d2c073bbcd2fb3bb57b39c305b7)',
    text: '<|start|>assistant<|channel|>analysis to=browser.search <|constrain|>json<|message|>{"query":"test"}<|call|>',
    tools: ['browser.search'],
    expect: [
      [
        'browser.search',
        {
          query: 'test',
        },
      ],
    ],
    derived:
      "'Raw harmony output from model' quoted in the test docstring; the docstring's line wrap before <|constrain|> / the message body is joined back (a space before <|constrain|>, nothing before the body)",
    note: 'built-in dotted recipient without functions. prefix',
    firstRun: 'exact',
  },
  {
    id: 'w4-087',
    format: 'harmony',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_harmony_parsing.py (commit 2d6bc80262dd1d2c073bbcd2fb3bb57b39c305b7)',
    text: '<|start|>assistant<|channel|>analysis to=functions.get_weather <|constrain|>json<|message|>{}<|call|>',
    tools: ['other_tool'],
    expect: 'none',
    derived:
      "'Raw harmony output from model' quoted in the test docstring; the docstring's line wrap before <|constrain|> / the message body is joined back (a space before <|constrain|>, nothing before the body)",
    note: 'call to get_weather when only other_tool was offered',
    firstRun: 'exact',
  },
  {
    id: 'w4-088',
    format: 'harmony',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_harmony_parsing.py (commit 2d6bc80262dd1d2c073bbcd2fb3bb57b39c305b7)',
    text: '<|start|>assistant<|channel|>commentary<|message|>**Action plan**:\n1. Generate HTML file\n2. Start the server<|end|>',
    tools: ['generate_file'],
    expect: 'none',
    derived:
      "'Raw harmony output from model' quoted in the test docstring; the docstring's line wrap before <|constrain|> / the message body is joined back (a space before <|constrain|>, nothing before the body)",
    note: 'preamble that lists planned steps but contains no call (tools set to the action the plan names; unknown)',
    firstRun: 'exact',
  },
  {
    id: 'w4-089',
    format: 'harmony',
    source:
      'NVIDIA/TensorRT-LLM tests/unittest/llmapi/apps/test_harmony_parsing.py (commit 2d6bc80262dd1d2c073bbcd2fb3bb57b39c305b7)',
    text: '<|start|>assistant<|channel|>analysis<|message|>Let me think...<|end|>',
    tools: [],
    expect: 'none',
    derived:
      "'Raw harmony output from model' quoted in the test docstring; the docstring's line wrap before <|constrain|> / the message body is joined back (a space before <|constrain|>, nothing before the body)",
    note: 'pure reasoning',
    firstRun: 'exact',
  },
  {
    id: 'w4-090',
    format: 'mistral_v3',
    source:
      'mistralai/mistral-common tests/data/expected/chat-sample-several-calls-spm-v3/expected.json (commit 04d5bad7bf73c0ce768142657174a9a2a8c944b0)',
    text: '[TOOL_CALLS] [{"name": "send_email", "arguments": {"attachment": "report.pdf", "body": "Attached is the monthly report for your review.", "subject": "Monthly Report", "to": "manager@company.com"}, "id": "123456789"}]</s>',
    tools: ['send_email'],
    expect: [
      [
        'send_email',
        {
          attachment: 'report.pdf',
          body: 'Attached is the monthly report for your review.',
          subject: 'Monthly Report',
          to: 'manager@company.com',
        },
      ],
    ],
    derived: "assistant turn cut out of decoded_text; SentencePiece '▁' markers replaced by spaces",
    note: 'Mistral v3 tokenizer: [TOOL_CALLS] + JSON array with an "id" field beside name/arguments',
    firstRun: 'exact',
  },
  {
    id: 'w4-091',
    format: 'mistral_v3',
    source:
      'mistralai/mistral-common tests/data/expected/chat-sample-several-calls-spm-v3/expected.json (commit 04d5bad7bf73c0ce768142657174a9a2a8c944b0)',
    text: '[TOOL_CALLS] [{"name": "send_email", "arguments": {"attachment": "report.pdf", "body": "Attached is the monthly report for your review.", "subject": "Monthly Report", "to": "finance2@company.com."}, "id": "123456789"}]</s>',
    tools: ['send_email'],
    expect: [
      [
        'send_email',
        {
          attachment: 'report.pdf',
          body: 'Attached is the monthly report for your review.',
          subject: 'Monthly Report',
          to: 'finance2@company.com.',
        },
      ],
    ],
    derived: "assistant turn cut out of decoded_text; SentencePiece '▁' markers replaced by spaces",
    note: 'value keeps the trailing period the sample has',
    firstRun: 'exact',
  },
  {
    id: 'w4-092',
    format: 'mistral_v3',
    source:
      'mistralai/mistral-common tests/data/expected/chat-sample-several-calls-spm-v3/expected.json (commit 04d5bad7bf73c0ce768142657174a9a2a8c944b0)',
    text: "I've sent the report to your manager. Anything else?</s>",
    tools: ['send_email'],
    expect: 'none',
    derived: "assistant turn cut out of decoded_text; SentencePiece '▁' markers replaced by spaces",
    note: 'text reply after a tool result; names no tool',
    firstRun: 'exact',
  },
];
