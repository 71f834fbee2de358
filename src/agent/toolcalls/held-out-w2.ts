/**
 * The held-out batch of issue 28 (round W2): 139 raw model outputs from
 * public threads, other projects' parser fixtures and chat-template docs,
 * collected by someone who had not seen the parser, and scored once on the
 * code before this round's changes — 101/139 exact (72.7%), 4 "none" cases
 * that ran a call. It joins the corpus as it was written: each case keeps its
 * source, its `derived` note (how a sample was assembled) and its `note`.
 * `format` is the collector's label for the wire format; `expect` the calls a
 * careful reader runs, or "none". Asserted by held-out.test.ts.
 */

export interface HeldOutCase {
  id: string;
  /** the collector's label for the wire format */
  format: string;
  source: string;
  text: string;
  tools: string[];
  /** the calls to run, or "none"; a ReAct single input is a bare string, as LangChain passes it */
  expect: Array<[name: string, args: Record<string, unknown> | string]> | 'none';
  derived?: string;
  note?: string;
}

export const HELD_OUT_W2: HeldOutCase[] = [
  {
    id: 'w2-001',
    format: 'glm45',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm4_moe_tool_parser.py (commit 024364d6695352f41c029121af6b8ecf2ae60184)',
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
    note: 'reasoning block before prose and call',
  },
  {
    id: 'w2-002',
    format: 'glm45',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm4_moe_tool_parser.py (commit 024364d6695352f41c029121af6b8ecf2ae60184)',
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
    note: 'prose between two calls',
  },
  {
    id: 'w2-003',
    format: 'glm45',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm4_moe_tool_parser.py (commit 024364d6695352f41c029121af6b8ecf2ae60184)',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'missing </tool_call>: output ends after last arg_value; the fixture treats it as not a call (cut off)',
  },
  {
    id: 'w2-004',
    format: 'glm45',
    source:
      'vllm-project/vllm tests/tool_parsers/test_glm4_moe_tool_parser.py (commit 024364d6695352f41c029121af6b8ecf2ae60184)',
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
    note: 'indented tags',
  },
  {
    id: 'w2-005',
    format: 'minimax_m2',
    source: 'MiniMax-AI/MiniMax-M2.5#10 (https://github.com/MiniMax-AI/MiniMax-M2.5/issues/10)',
    text: '<minimax:tool_call>\n  <invoke name="exec">\n    <parameter name="command">ls</parameter>\n  </invoke>\n</minimax:tool_call>',
    tools: ['exec'],
    expect: [
      [
        'exec',
        {
          command: 'ls',
        },
      ],
    ],
    note: 'returned as an anthropic text block; text taken from the JSON-escaped content the user pasted',
  },
  {
    id: 'w2-006',
    format: 'glm47',
    source: 'lmstudio-ai/lmstudio-bug-tracker#1528 (https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1528)',
    text: '<tool_call>get_file_info<arg_key>path</arg_key><arg_value>file1.jpg</arg_value></tool_call>\n<tool_call>get_file_info<arg_key>path</arg_key><arg_value>file2.jpg</arg_value></tool_call>',
    tools: ['get_file_info'],
    expect: [
      [
        'get_file_info',
        {
          path: 'file1.jpg',
        },
      ],
      [
        'get_file_info',
        {
          path: 'file2.jpg',
        },
      ],
    ],
    note: "GLM-4.7-Flash parallel calls, no newline after name; LM Studio failed with 'Extra content after end of tool call'",
  },
  {
    id: 'w2-007',
    format: 'glm4_0414_markerless',
    source: 'ml-explore/mlx-swift-lm#491 (https://github.com/ml-explore/mlx-swift-lm/issues/491)',
    text: 'get_weather\n{"location": "Paris", "unit": "celsius"}',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
          unit: 'celsius',
        },
      ],
    ],
    note: 'GLM-4-9B-0414: no delimiters at all, name line then JSON',
  },
  {
    id: 'w2-008',
    format: 'glm45',
    source: 'vllm-project/vllm#47311 (https://github.com/vllm-project/vllm/pull/47311)',
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
    note: 'poolside_v1 / GLM-style without newline after the name',
  },
  {
    id: 'w2-009',
    format: 'glm47',
    source: 'alibaba/rtp-llm#525 (https://github.com/alibaba/rtp-llm/pull/525)',
    text: '<tool_call>get_all_func</tool_call>',
    tools: ['get_all_func'],
    expect: [['get_all_func', {}]],
    note: 'zero-argument call, no newline',
  },
  {
    id: 'w2-010',
    format: 'glm46',
    source: 'alibaba/rtp-llm#525 (https://github.com/alibaba/rtp-llm/pull/525)',
    text: '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>杭州</arg_value>\n</tool_call>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          location: '杭州',
        },
      ],
    ],
    note: 'CJK argument value',
  },
  {
    id: 'w2-011',
    format: 'glm45',
    source: 'osaurus-ai/osaurus#2346 (https://github.com/osaurus-ai/osaurus/pull/2346)',
    text: '<tool_call>list_mailboxes</tool_call>',
    tools: ['list_mailboxes'],
    expect: [['list_mailboxes', {}]],
    note: 'bare-name zero-argument call (Raptor/laguna routed to GLM format)',
  },
  {
    id: 'w2-012',
    format: 'kimi_k2',
    source: 'MoonshotAI/Kimi-K2#26 (https://github.com/MoonshotAI/Kimi-K2/issues/26)',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.TodoWrite:1<|tool_call_argument_begin|>"{\\"todos\\": [{\\"id\\": \\"transform-analysis\\", \\"content\\": \\"Analyze transform.ts file - data structures, type safety, and error handling patterns\\", \\"status\\": \\"in_progress\\", \\"priority\\": \\"high\\"}]}"<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['TodoWrite'],
    expect: [
      [
        'TodoWrite',
        {
          todos: [
            {
              id: 'transform-analysis',
              content: 'Analyze transform.ts file - data structures, type safety, and error handling patterns',
              status: 'in_progress',
              priority: 'high',
            },
          ],
        },
      ],
    ],
    note: "double-encoded JSON: the argument is a JSON string literal containing the object (SGLang kimi_k2 parser left it in content). Text un-repr'd from the Python ChatCompletion repr the user pasted",
  },
  {
    id: 'w2-013',
    format: 'kimi_k2',
    source: 'vybestack/llxprt-code#749 (https://github.com/vybestack/llxprt-code/issues/749)',
    text: '<think>I\'ll analyze the codebase to understand what it does. Let me start by exploring the structure and key files. <|tool_calls_section_begin|> <|tool_call_begin|> functions.list_directory:0 <|tool_call_argument_begin|> {"path": "/Users/..."} <|tool_call_end|> <|tool_calls_section_end|></think>',
    tools: ['list_directory'],
    expect: [
      [
        'list_directory',
        {
          path: '/Users/...',
        },
      ],
    ],
    note: "Kimi K2 Thinking: tool section inside the <think> block, spaces around special tokens; the path was elided ('/Users/...') by the reporter and is kept as written",
  },
  {
    id: 'w2-014',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: 'Getting weather for both cities.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"London"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
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
  },
  {
    id: 'w2-015',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: 'Processing data.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>process_data<｜tool▁sep｜>{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95}}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
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
        },
      ],
    ],
    note: 'nested object, array, boolean, float',
  },
  {
    id: 'w2-016',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: 'I\'ll help you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location":"Tokyo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>完成 ✅',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Tokyo',
        },
      ],
    ],
    note: 'CJK + emoji text after the tool section',
  },
  {
    id: 'w2-017',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: 'Processing data.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>execute_command<｜tool▁sep｜>{"command":"ls && echo \\"done\\"","path":"/home/user"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['execute_command'],
    expect: [
      [
        'execute_command',
        {
          command: 'ls && echo "done"',
          path: '/home/user',
        },
      ],
    ],
    note: 'escaped quotes inside a JSON string',
  },
  {
    id: 'w2-018',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: "Here's the weather: <｜tool▁output▁begin｜>Temperature: 22°C, Sunny<｜tool▁output▁end｜> Hope that helps!",
    tools: ['get_weather'],
    expect: 'none',
    note: 'tool OUTPUT tokens echoed in the answer; no call tokens; tools list assumed (fixture passes none)',
  },
  {
    id: 'w2-019',
    format: 'deepseek_v31',
    source: 'ollama/ollama model/parsers/deepseek3_test.go (commit 09ce8405838ed87a42195d2ef9e95934636b489e)',
    text: 'Searching for information.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query":"北京天气","language":"中文"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: '北京天气',
          language: '中文',
        },
      ],
    ],
    note: 'CJK arguments',
  },
  {
    id: 'w2-020',
    format: 'deepseek_v4_text_xml',
    source: 'felinics/Memoh#435 (https://github.com/felinics/Memoh/issues/435)',
    text: '<tool_call id="call_00_xxx" name="wechat_get_chat_history">\n{"chat_name":"Aide & GPT-Runner 交流群","limit":80}\n</tool_call>',
    tools: ['wechat_get_chat_history'],
    expect: [
      [
        'wechat_get_chat_history',
        {
          chat_name: 'Aide & GPT-Runner 交流群',
          limit: 80,
        },
      ],
    ],
    note: 'DeepSeek V4 Pro API fell back to writing an XML-attribute tool_call into content; name in attribute, JSON body, CJK + ampersand; the id was elided (call_00_xxx) by the reporter',
  },
  {
    id: 'w2-021',
    format: 'lmstudio_tool_request',
    source: 'lmstudio-ai/lmstudio-bug-tracker#456 (https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/456)',
    text: '<think>\n好的，我现在需要帮助用户查询今天的天气情况。用户的问题是“今天广州的天气如何”。首先，我要确定用户的需求是什么，他们想知道广州今天的天气状况。\n\n接下来，我需要查看可用的工具。根据提供的工具列表，有一个“weather_GET”工具，可以用来获取当前天气信息。这个工具需要一个参数“zoneId”，即IANA时区数据库标识符。广州的时区是“Asia/Shanghai”，所以我需要使用这个参数来调用工具。\n\n然后，我需要按照指定的格式发送工具请求。正确的格式是[TOOL_REQUEST]标签内包含JSON对象，指定工具名称和参数。因此，我会发送以下请求：\n\n[TOOL_REQUEST]\n{"name": "weather_GET", "arguments": {"zoneId": "Asia/Shanghai"}}\n[END_TOOL_REQUEST]\n\n发送请求后，我会等待工具返回结果。假设工具返回了天气数据，我需要解析这些数据，并以用户友好的方式呈现出来。例如，如果返回的数据包括温度、天气状况和风速等信息，我会将这些内容整理成一段自然的中文回复。\n\n如果工具返回的结果不完整或有误，我需要检查是否正确调用了工具，并确保参数无误。如果问题依旧存在，可能需要联系技术支持或寻找其他途径获取天气信息。\n\n最后，确保回复内容准确无误，并且语言自然流畅，符合用户的需求。这样，用户就能清楚地了解今天广州的天气情况了。\n</think>\n\n[TOOL_REQUEST]\n{"name": "weather_GET", "arguments": {"zoneId": "Asia/Shanghai"}}\n[END_TOOL_REQUEST]',
    tools: ['weather_GET'],
    expect: [
      [
        'weather_GET',
        {
          zoneId: 'Asia/Shanghai',
        },
      ],
    ],
    note: "DeepSeek-R1-distill-Qwen (MLX) in LM Studio's [TOOL_REQUEST] format; the same request is rehearsed inside <think> (must not run twice); CJK reasoning",
  },
  {
    id: 'w2-022',
    format: 'qwen3_coder_xml',
    source: 'pwilkin/llama.cpp#9 (https://github.com/pwilkin/llama.cpp/issues/9)',
    text: '<tool_call>\n<function=bash>\n<parameter=command>\ntest -d .planning && echo "exists" || echo "missing"\n</parameter>\n<parameter=description>\nCheck if planning directory exists\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n<parameter=filePath>\n/home/gary/dev/opencode_rs/.planning/STATE.md\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n<parameter=filePath>\n/home/gary/dev/opencode_rs/.planning/ROADMAP.md\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n<parameter=filePath>\n/home/gary/dev/opencode_rs/.planning/PROJECT.md\n</parameter>\n</function>\n</tool_call>',
    tools: ['bash', 'read'],
    expect: [
      [
        'bash',
        {
          command: 'test -d .planning && echo "exists" || echo "missing"',
          description: 'Check if planning directory exists',
        },
      ],
      [
        'read',
        {
          filePath: '/home/gary/dev/opencode_rs/.planning/STATE.md',
        },
      ],
      [
        'read',
        {
          filePath: '/home/gary/dev/opencode_rs/.planning/ROADMAP.md',
        },
      ],
      [
        'read',
        {
          filePath: '/home/gary/dev/opencode_rs/.planning/PROJECT.md',
        },
      ],
    ],
    derived:
      "taken from the llama.cpp error string 'Failed to parse input at pos 72: …' (the text after the colon), with its \\n and \\\" escapes decoded once; the reporter's opencode tool list is unknown, names are those called",
    note: 'Qwen3-Coder-Next: four parallel calls; shell operators && || and quotes inside a parameter',
  },
  {
    id: 'w2-023',
    format: 'qwen3_coder_xml',
    source: 'pwilkin/llama.cpp#9 (https://github.com/pwilkin/llama.cpp/issues/9)',
    text: '<tool_call>\n<function=bash>\n<parameter=command>\ncd /home/gary/dev/opencode_rs && git status\n</parameter>\n<parameter=description>\nCheck git status\n</parameter>\n</function>\n</tool_call>',
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'cd /home/gary/dev/opencode_rs && git status',
          description: 'Check git status',
        },
      ],
    ],
    derived:
      "taken from the llama.cpp error string 'Failed to parse input at pos 60: …', escapes decoded once; text before pos 60 was not shown by the error",
  },
  {
    id: 'w2-024',
    format: 'granite4',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite4_tool_parser.py (commit 34f830e95846db95409c0cd6d8a168066ebd8df9)',
    text: 'Here goes the bbox call: \n<tool_call> {"name": "find_bbox", "arguments": "{\\"coordinates\\": [[23.54, 43.1], [-12.2, 54.3], [4, 5]], \\"coordinate_type\\": \\"latlong\\"}"} </tool_call> Now the stock price call: \n <tool_call> {"name": "get_stock_price", "arguments": {"symbol": "AAPL", "start_date": "2021-01-01", "end_date": "2021-12-31"}} </tool_call> Now another bbox call: \n <tool_call> {"name": "find_bbox", "arguments": "{\\"coordinates\\": [[23.54, 43.1], [-12.2, 54.3], [4, 5]], \\"coordinate_type\\": \\"latlong\\"}"} </tool_call> See? I\'m a helpful assistant.',
    tools: ['find_bbox', 'get_stock_price'],
    expect: [
      [
        'find_bbox',
        {
          coordinates: [
            [23.54, 43.1],
            [-12.2, 54.3],
            [4, 5],
          ],
          coordinate_type: 'latlong',
        },
      ],
      [
        'get_stock_price',
        {
          symbol: 'AAPL',
          start_date: '2021-01-01',
          end_date: '2021-12-31',
        },
      ],
      [
        'find_bbox',
        {
          coordinates: [
            [23.54, 43.1],
            [-12.2, 54.3],
            [4, 5],
          ],
          coordinate_type: 'latlong',
        },
      ],
    ],
    derived:
      "assembled exactly as the test builds it (json.dumps of each call wrapped in '<tool_call> … </tool_call>', interleaved with the test's text_messages)",
    note: "Granite 4 emits find_bbox arguments as a JSON-encoded STRING (double-encoded, 'test granite behavior'); prose between and after three calls; negative floats and nested arrays",
  },
  {
    id: 'w2-025',
    format: 'granite4',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite4_tool_parser.py (commit 34f830e95846db95409c0cd6d8a168066ebd8df9)',
    text: '<tool_call> {"name": "find_bbox", "arguments": {}} </tool_call>some explanation <tool_call> {"name": "get_stock_price", "arguments": {}} </tool_call>',
    tools: ['find_bbox', 'get_stock_price'],
    expect: [
      ['find_bbox', {}],
      ['get_stock_price', {}],
    ],
    derived: "the test's two stream deltas concatenated",
    note: 'prose glued directly after a closing tag',
  },
  {
    id: 'w2-026',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: 'Let me check the weather for you. <|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: "'parameters' key instead of 'arguments'",
  },
  {
    id: 'w2-027',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}<|action_end|>',
    tools: ['test_function'],
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
    note: 'all JSON types incl. null, pretty-printed',
  },
  {
    id: 'w2-028',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: '<|action_start|><|plugin|>{\n  "name": "test_function",\n  "parameters": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}<|action_end|>',
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
    note: 'JSON escapes: quotes, backslashes, \\n',
  },
  {
    id: 'w2-029',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: '<|action_start|><|plugin|>{"name": "func", "parameters": {',
    tools: ['func'],
    expect: 'none',
    note: 'cut off right after the opening brace of parameters',
  },
  {
    id: 'w2-030',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: '<|action_start|><|plugin|>',
    tools: ['func'],
    expect: 'none',
    note: 'cut off right after the opening tags',
  },
  {
    id: 'w2-031',
    format: 'internlm2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_internlm2_tool_parser.py (commit 0661799351bff0ebe06a5c4799b0be7a96fa6ff0)',
    text: '<|action_start|><|plugin|>{"name": "delete_everything", "parameters": {"city": "Tokyo"}}<|action_end|>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'well-formed call to a tool the request never offered (only get_weather was); the fixture requires it not be emitted. Unsure: a parser might report it and leave rejection to the client',
  },
  {
    id: 'w2-032',
    format: 'jamba',
    source:
      'vllm-project/vllm tests/tool_parsers/test_jamba_tool_parser.py (commit 045d7575500e01e0f4a7ff84e039a9f7f7dc3bd0)',
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
    id: 'w2-033',
    format: 'jamba',
    source:
      'vllm-project/vllm tests/tool_parsers/test_jamba_tool_parser.py (commit 045d7575500e01e0f4a7ff84e039a9f7f7dc3bd0)',
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
    note: 'JSON array of calls inside one tag, leading space',
  },
  {
    id: 'w2-034',
    format: 'hunyuan_a13b',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
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
    note: "an argument literally named 'name' inside arguments",
  },
  {
    id: 'w2-035',
    format: 'hunyuan_a13b',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
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
    note: 'text after the call block',
  },
  {
    id: 'w2-036',
    format: 'hunyuan_a13b',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
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
    derived: 'streaming deltas of the test concatenated (the first delta is empty)',
    note: 'stray </answer> closing tag after the block',
  },
  {
    id: 'w2-037',
    format: 'hunyuan_a13b',
    source:
      'vllm-project/vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py (commit 10a67515200ceb7bd3f91f6e5aba0c4c13e6ef8f)',
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
    note: 'CJK',
  },
  {
    id: 'w2-038',
    format: 'seed_oss',
    source:
      'vllm-project/vllm tests/tool_parsers/test_seed_oss_tool_parser.py (commit 0f120751344c09af442c1800020908d2b7ff71f2)',
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
    note: "the complete call is first drafted inside <seed:think> ('The format is …'); only the one after </seed:think> must run — exactly one call",
  },
  {
    id: 'w2-039',
    format: 'seed_oss',
    source:
      'vllm-project/vllm tests/tool_parsers/test_seed_oss_tool_parser.py (commit 0f120751344c09af442c1800020908d2b7ff71f2)',
    text: "<seed:think>The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question. The user wants to know the weather in Barcelona, Spain. Looking at the functions available, there's a get_weather function that can retrieve the current temperature for a given location. \n\nFirst, check the parameters required by get_weather: location is mandatory (needs city and country), and unit is optional. The user provided \"Barcelona Spain\" as the location, which fits the required format (city, country). \n<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n Since the unit isn't specified, the function will default to Celsius, which is fine. \n\nThere's no need to ask for more information because the location is clear. So I should call the get_weather function with location set to \"Barcelona, Spain\" (adding a comma for clarity, though the user's input has a space, but the function might accept either; to be safe, using the standard format with a comma).\n<seed:cot_budget_reflect>I have used 257 tokens, and there are 255 tokens remaining for use.</seed:cot_budget_reflect>\n The unit parameter can be omitted since it's optional.</seed:think>\n<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Barcelona, Spain',
        },
      ],
    ],
    note: 'budget-reflection tags (one unbalanced) inside the reasoning block',
  },
  {
    id: 'w2-040',
    format: 'seed_oss',
    source:
      'vllm-project/vllm tests/tool_parsers/test_seed_oss_tool_parser.py (commit 0f120751344c09af442c1800020908d2b7ff71f2)',
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
    note: 'stray closing tags, comma inside the value',
  },
  {
    id: 'w2-041',
    format: 'step3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py (commit 04b590e613452c30240e574e66102b4838570054)',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜><｜tool_call_begin｜><steptml:invoke name="get_time"><steptml:parameter name="timezone">Asia/Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
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
    note: '<｜tool_sep｜> between the two calls',
  },
  {
    id: 'w2-042',
    format: 'step3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py (commit 04b590e613452c30240e574e66102b4838570054)',
    text: 'Let me check the weather for you.\n\n<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\nI\'ll get that information.',
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
    id: 'w2-043',
    format: 'step3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py (commit 04b590e613452c30240e574e66102b4838570054)',
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
    derived: "the test's _ws_output() with value '    if x:\\n        return 1\\n' substituted",
    note: "whitespace in a string value is data (exact-match edit); ' 4 ' and ' true ' typed by schema (integer, boolean); DeepSeek-style 'function<｜tool_sep｜>name' header before the steptml invoke",
  },
  {
    id: 'w2-044',
    format: 'step3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_step3_tool_parser.py (commit 04b590e613452c30240e574e66102b4838570054)',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="func">',
    tools: ['func'],
    expect: 'none',
    note: 'cut off right after the opening invoke tag',
  },
  {
    id: 'w2-045',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
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
    derived: "built with the test's build_tool_call() helper",
  },
  {
    id: 'w2-046',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
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
  },
  {
    id: 'w2-047',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
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
    note: 'string="false" marks JSON-typed values',
  },
  {
    id: 'w2-048',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
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
    note: 'object and array parameter values as inline JSON',
  },
  {
    id: 'w2-049',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_time">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    tools: ['get_time'],
    expect: [['get_time', {}]],
    note: 'no parameters',
  },
  {
    id: 'w2-050',
    format: 'deepseek_v32_dsml',
    source:
      'vllm-project/vllm tests/tool_parsers/test_deepseekv32_tool_parser.py (commit 00816550e740a13736f7ef9921097d51a3f01ede)',
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
    note: "model wrapped everything in a single 'arguments' parameter that the schema (only 'location') lacks; the fixture unwraps it. Unsure: a strict reader would pass {'arguments': {...}}",
  },
  {
    id: 'w2-051',
    format: 'gpt_oss_harmony',
    source: 'waybarrios/vllm-mlx#562 (https://github.com/waybarrios/vllm-mlx/pull/562)',
    text: '<|channel|>analysis<|message|>We need to run ffgrep. Let us search.\n<|end|><|start|>assistant<|channel|>analysis to=functions.ffgrep code<|message|>\n{"path":"","pattern":"TextualDisplayView"}<|call|>',
    tools: ['ffgrep'],
    expect: [
      [
        'ffgrep',
        {
          path: '',
          pattern: 'TextualDisplayView',
        },
      ],
    ],
    note: "gpt-oss-20b puts the recipient on the ANALYSIS channel (not commentary) with a 'code' content type; empty-string argument",
  },
  {
    id: 'w2-052',
    format: 'llama4_python_start_json',
    source: 'vllm-project/vllm#16214 (https://github.com/vllm-project/vllm/issues/16214)',
    text: '<|python_start|>{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|python_end|>',
    tools: ['brave_web_search'],
    expect: [
      [
        'brave_web_search',
        {
          query: 'latest news',
        },
      ],
    ],
    note: 'Llama 4 with llama3_json parser: JSON wrapped in <|python_start|>…<|python_end|>, left in content',
  },
  {
    id: 'w2-053',
    format: 'llama3_json',
    source: 'ollama/ollama#13519 (https://github.com/ollama/ollama/issues/13519)',
    text: '```json\n{"name": "query_web_search", "parameters": {"query": "install ollama models"}}\n```',
    tools: ['query_web_search'],
    expect: [
      [
        'query_web_search',
        {
          query: 'install ollama models',
        },
      ],
    ],
    note: "llama3.2:3b: the call is the whole answer but wrapped in a ```json fence; 'parameters' key",
  },
  {
    id: 'w2-054',
    format: 'gpt_oss_harmony',
    source: 'Augustas11/macprovider#743 (https://github.com/Augustas11/macprovider/issues/743)',
    text: 'analysisWe need to answer "What is 2+2? Answer in one word." The answer is "four".\nWe should output only that word. And nothing else.assistantfinalfour',
    tools: [],
    expect: 'none',
    note: "harmony channels with the special tokens stripped by the server ('analysis…assistantfinal…'); plain answer, no call (no tools in the request)",
  },
  {
    id: 'w2-055',
    format: 'mistral_v11_args',
    source: 'ollama/ollama model/parsers/ministral_test.go (commit 3181dcbbabe568641261cc3a00e721c9f0bd9e5c)',
    text: '[TOOL_CALLS]create_entities[ARGS]{"entities": [{"entityType": "Person", "name": "Jack", "observations": ["Works as a baker at Big Baker Co."]}]}',
    tools: ['create_entities'],
    expect: [
      [
        'create_entities',
        {
          entities: [
            {
              entityType: 'Person',
              name: 'Jack',
              observations: ['Works as a baker at Big Baker Co.'],
            },
          ],
        },
      ],
    ],
    note: "Ministral 3 / Devstral 2 '[TOOL_CALLS]name[ARGS]{json}' form",
  },
  {
    id: 'w2-056',
    format: 'mistral_v11_args',
    source: 'ollama/ollama model/parsers/ministral_test.go (commit 3181dcbbabe568641261cc3a00e721c9f0bd9e5c)',
    text: '[TOOL_CALLS]search[ARGS]{"query": "say \\"hello\\""}',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'say "hello"',
        },
      ],
    ],
    note: 'escaped quotes',
  },
  {
    id: 'w2-057',
    format: 'mistral_v11_args',
    source: 'ollama/ollama model/parsers/ministral_test.go (commit 3181dcbbabe568641261cc3a00e721c9f0bd9e5c)',
    text: '[TOOL_CALLS]format[ARGS]{"template": "Hello {name}!"}',
    tools: ['format'],
    expect: [
      [
        'format',
        {
          template: 'Hello {name}!',
        },
      ],
    ],
    note: 'braces inside a JSON string',
  },
  {
    id: 'w2-058',
    format: 'mistral_v11_args',
    source: 'ollama/ollama model/parsers/ministral_test.go (commit 3181dcbbabe568641261cc3a00e721c9f0bd9e5c)',
    text: '[TOOL_CALLS]path[ARGS]{"dir": "C:\\\\Users\\\\test"}',
    tools: ['path'],
    expect: [
      [
        'path',
        {
          dir: 'C:\\Users\\test',
        },
      ],
    ],
    note: 'escaped backslashes (Windows path)',
  },
  {
    id: 'w2-059',
    format: 'mistral_v11_args',
    source: 'ollama/ollama model/parsers/ministral_test.go (commit 3181dcbbabe568641261cc3a00e721c9f0bd9e5c)',
    text: '[TOOL_CALLS]test[ARGS]{invalid json}',
    tools: ['test'],
    expect: 'none',
    note: 'arguments are not JSON at all; the fixture expects an error, nothing to run',
  },
  {
    id: 'w2-060',
    format: 'mistral_tool_calls_json',
    source:
      'matlab-deep-learning/llms-with-matlab#94 (https://github.com/matlab-deep-learning/llms-with-matlab/issues/94)',
    text: '[TOOL_CALLS]{"content": Movement complete}',
    tools: [],
    expect: 'none',
    note: "mistral-nemo (Ollama) 'fake tool call': after a tool result it wraps its plain completion message in [TOOL_CALLS]; no function name, unquoted value. The request's tool names are not given in the thread",
  },
  {
    id: 'w2-061',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'Action: ```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {"location": "New York"}\n    },\n    {\n        "tool_name": "get_time",\n        "parameters": {"timezone": "EST"}\n    }\n]\n```',
    tools: ['get_weather', 'get_time'],
    expect: [
      [
        'get_weather',
        {
          location: 'New York',
        },
      ],
      [
        'get_time',
        {
          timezone: 'EST',
        },
      ],
    ],
    note: "'tool_name'/'parameters' keys inside a fenced JSON list after 'Action:'",
  },
  {
    id: 'w2-062',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'I\'ll look up the weather for you.\nAction: ```json\n[{"tool_name": "get_weather", "parameters": {"location": "NYC"}}]\n```',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'NYC',
        },
      ],
    ],
    derived: "the test's three stream chunks concatenated",
  },
  {
    id: 'w2-063',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'Action: ```json\n[\n    {\n        "tool_name": "directly-answer",\n        "parameters": {}\n    }\n]\n```',
    tools: ['get_weather'],
    expect: 'none',
    note: "Command-R's 'directly-answer' pseudo-tool means 'answer without tools'; must not be run. Tool list assumed (the fixture passes none)",
  },
  {
    id: 'w2-064',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'Action: ```json\n{\n    "tool_name": "read_file",\n    "parameters": {"path": "/etc/hosts"}\n}\n```',
    tools: ['read_file'],
    expect: [
      [
        'read_file',
        {
          path: '/etc/hosts',
        },
      ],
    ],
    note: 'single object without the list wrapper',
  },
  {
    id: 'w2-065',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'Action: ```json\n[{"tool_name": "bash", "parameters": {"command": "pwd"}}]',
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'pwd',
        },
      ],
    ],
    derived: "the test's two chunks concatenated",
    note: 'closing ``` fence missing at end of output but the JSON list is complete. Unsure: the fixture accepts either a call or content',
  },
  {
    id: 'w2-066',
    format: 'command_r_action',
    source: 'ollama/ollama model/parsers/commandr_test.go (commit 87d8a555ee7c23a667ff465b6ec9b6cba3de30af)',
    text: 'Here is my response. Actually, let me think...',
    tools: ['bash'],
    expect: 'none',
    derived: "the test's two chunks concatenated",
    note: "prefix 'Act…' looks like the start of 'Action:' but is prose",
  },
  {
    id: 'w2-067',
    format: 'apertus',
    source: 'ollama/ollama model/parsers/apertus15_test.go (commit 15b4c6cfeda3b1d2f7da7b71c13fc3c4b1d36852)',
    text: 'I will check.<|tools_prefix|>[{"get_weather":{"city":"Zurich"}},{"get_time":{"offset":2,"dst":true}}]<|tools_suffix|>',
    tools: ['get_weather', 'get_time'],
    expect: [
      [
        'get_weather',
        {
          city: 'Zurich',
        },
      ],
      [
        'get_time',
        {
          offset: 2,
          dst: true,
        },
      ],
    ],
    derived: 'token constants (<|tools_prefix|>/<|tools_suffix|>) substituted from model/parsers/apertus15.go',
    note: 'name-as-key objects: [{NAME: {args}}]',
  },
  {
    id: 'w2-068',
    format: 'apertus',
    source: 'ollama/ollama model/parsers/apertus15_test.go (commit 15b4c6cfeda3b1d2f7da7b71c13fc3c4b1d36852)',
    text: '<|inner_prefix|>Need weather.<|tools_prefix|>[{"get_weather":{"city":"Bern"}}]<|tools_suffix|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Bern',
        },
      ],
    ],
    derived: 'token constants substituted',
    note: 'call emitted while the reasoning block (<|inner_prefix|>) is still open',
  },
  {
    id: 'w2-069',
    format: 'apertus',
    source: 'ollama/ollama model/parsers/apertus15_test.go (commit 15b4c6cfeda3b1d2f7da7b71c13fc3c4b1d36852)',
    text: 'Before.<|tools_prefix|>[{"first":{"x":1}}]<|tools_suffix|>Between.<|tools_prefix|>[{"second":{"y":2}}]<|tools_suffix|>After.',
    tools: ['first', 'second'],
    expect: [
      [
        'first',
        {
          x: 1,
        },
      ],
      [
        'second',
        {
          y: 2,
        },
      ],
    ],
    derived: 'token constants substituted',
    note: 'two separate tool envelopes with prose around them',
  },
  {
    id: 'w2-070',
    format: 'apertus',
    source: 'ollama/ollama model/parsers/apertus15_test.go (commit 15b4c6cfeda3b1d2f7da7b71c13fc3c4b1d36852)',
    text: '<|tools_prefix|>[{"lookup":<|tools_suffix|>',
    tools: ['lookup'],
    expect: 'none',
    derived: 'token constants substituted',
    note: 'JSON cut off after the name key, then the envelope closes',
  },
  {
    id: 'w2-071',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: "Processing data.<|tool_call_start|>[process_data(items=['item1','item2'], config={'enabled': True, 'threshold': 0.95})]<|tool_call_end|>",
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
        },
      ],
    ],
    note: 'Python literals: single quotes, True, dict/list',
  },
  {
    id: 'w2-072',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: "Running commands.<|tool_call_start|>[bash(command='ls'),bash(command='pwd')]<|tool_call_end|>",
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'ls',
        },
      ],
      [
        'bash',
        {
          command: 'pwd',
        },
      ],
    ],
    note: 'two calls in one list',
  },
  {
    id: 'w2-073',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: '<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|>Checking again.<|tool_call_start|>[get_weather(location="Paris")]<|tool_call_end|>',
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
          location: 'Paris',
        },
      ],
    ],
    note: 'identical call repeated in two envelopes with prose between; both are emitted',
  },
  {
    id: 'w2-074',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: 'Processing.<|tool_call_start|>[process(name="test", count=42, enabled=true)]<|tool_call_end|>',
    tools: ['process'],
    expect: [
      [
        'process',
        {
          name: 'test',
          count: 42,
          enabled: true,
        },
      ],
    ],
    note: 'JSON-style lowercase true inside a pythonic call',
  },
  {
    id: 'w2-075',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: 'Example: <|tool_call_sta',
    tools: ['get_weather'],
    expect: 'none',
    note: 'output ends in the middle of the opening tag',
  },
  {
    id: 'w2-076',
    format: 'lfm2_pythonic',
    source: 'ollama/ollama model/parsers/lfm2_test.go (commit 24e37f51bd05efde54057cbb63809a3dafaf5082)',
    text: 'Example: <|tool_call_started|>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'a near-miss tag name; no call',
  },
  {
    id: 'w2-077',
    format: 'longcat',
    source:
      'vllm-project/vllm tests/tool_parsers/test_longcat_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: 'Let me check the weather for you.\n<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\nHere is the result.',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: "text after the call ('Here is the result.') is not a tool result",
  },
  {
    id: 'w2-078',
    format: 'longcat',
    source:
      'vllm-project/vllm tests/tool_parsers/test_longcat_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\n<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</longcat_tool_call>',
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
  },
  {
    id: 'w2-079',
    format: 'longcat',
    source:
      'vllm-project/vllm tests/tool_parsers/test_longcat_tool_parser.py (commit 41c5903d049b80b83a6e570f52f0f55e31316e49)',
    text: 'Some text with <longcat_tool_call>invalid json',
    tools: ['func'],
    expect: 'none',
    note: 'opening tag followed by non-JSON and no closing tag',
  },
  {
    id: 'w2-080',
    format: 'granite3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_tool_parser.py (commit 2ab4733ef9fc3c039a5868e0141fee3b7fd95890)',
    text: 'Let me check the weather for you.\n<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nI\'ll get that information.',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Tokyo',
        },
      ],
    ],
    note: 'no closing tag; JSON list ends, then prose continues',
  },
  {
    id: 'w2-081',
    format: 'granite3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_tool_parser.py (commit 2ab4733ef9fc3c039a5868e0141fee3b7fd95890)',
    text: '<|tool_call|> [{"arguments": {"city": "Tokyo"}, "name": "get_weather"}, {"arguments": {"timezone": "Asia/Tokyo"}, "name": "get_time"}]',
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
    note: "Granite emits 'arguments' before 'name'",
  },
  {
    id: 'w2-082',
    format: 'granite3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_tool_parser.py (commit 2ab4733ef9fc3c039a5868e0141fee3b7fd95890)',
    text: '<tool_call> [{\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}]',
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
    note: "Granite 3.1 plain-text '<tool_call>' prefix (no closing tag)",
  },
  {
    id: 'w2-083',
    format: 'granite3',
    source:
      'vllm-project/vllm tests/tool_parsers/test_granite_tool_parser.py (commit 2ab4733ef9fc3c039a5868e0141fee3b7fd95890)',
    text: 'Some text [{"name": "func"}]',
    tools: ['func'],
    expect: 'none',
    note: 'JSON list in prose without the tool-call marker and without arguments',
  },
  {
    id: 'w2-084',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>get_weather(location="San Francisco")\nget_weather(location="New York")</function_calls>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'San Francisco',
        },
      ],
      [
        'get_weather',
        {
          location: 'New York',
        },
      ],
    ],
    note: 'one call per line inside <function_calls>',
  },
  {
    id: 'w2-085',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>create_request(data={"user": {"name": "John", "age": 30}, "active": true})</function_calls>',
    tools: ['create_request'],
    expect: [
      [
        'create_request',
        {
          data: {
            user: {
              name: 'John',
              age: 30,
            },
            active: true,
          },
        },
      ],
    ],
    note: 'nested dict kwarg',
  },
  {
    id: 'w2-086',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>search(query="say \\"hello\\"")</function_calls>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'say "hello"',
        },
      ],
    ],
    note: 'escaped quotes in a Python string',
  },
  {
    id: 'w2-087',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>get_weather(location="San Francisco")',
    tools: ['get_weather'],
    expect: 'none',
    note: 'closing </function_calls> never arrives; the fixture drops the unterminated body',
  },
  {
    id: 'w2-088',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>not a function call</function_calls>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'tags present, body is prose',
  },
  {
    id: 'w2-089',
    format: 'olmo3_pythonic',
    source: 'ollama/ollama model/parsers/olmo3_test.go (commit 4d1439705d32fb722e70f1e2eef2a4cfebdcd787)',
    text: '<function_calls>clear_value(field=null)</function_calls>',
    tools: ['clear_value'],
    expect: [
      [
        'clear_value',
        {
          field: null,
        },
      ],
    ],
    note: 'null literal',
  },
  {
    id: 'w2-090',
    format: 'functiongemma',
    source:
      'vllm-project/vllm tests/tool_parsers/test_functiongemma_tool_parser.py (commit 26c3628ca8265f4f5007ed8e3e28ac66dd23c8ae)',
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
    note: '<escape> delimiters instead of quotes',
  },
  {
    id: 'w2-091',
    format: 'functiongemma',
    source:
      'vllm-project/vllm tests/tool_parsers/test_functiongemma_tool_parser.py (commit 26c3628ca8265f4f5007ed8e3e28ac66dd23c8ae)',
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
    id: 'w2-092',
    format: 'functiongemma',
    source:
      'vllm-project/vllm tests/tool_parsers/test_functiongemma_tool_parser.py (commit 26c3628ca8265f4f5007ed8e3e28ac66dd23c8ae)',
    text: '<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call><start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>',
    tools: ['get_weather', 'get_time'],
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
    id: 'w2-093',
    format: 'functiongemma',
    source:
      'vllm-project/vllm tests/tool_parsers/test_functiongemma_tool_parser.py (commit 26c3628ca8265f4f5007ed8e3e28ac66dd23c8ae)',
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
    note: "no commas between the key/value pairs; '10' inside <escape> is a number per the fixture",
  },
  {
    id: 'w2-094',
    format: 'ernie45',
    source:
      'vllm-project/vllm tests/tool_parsers/test_ernie45_moe_tool_parser.py (commit 0a26f84cc20c2dae0b6af221007a9a26d507a417)',
    text: 'I need to call two tools to handle these two issues separately.\n</think>\n\n<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n<tool_call>\n{"name": "get_temperature_unit", "arguments": {"location": "Guangzhou", "unit": "c"}}\n</tool_call>\n',
    tools: ['get_current_temperature', 'get_temperature_unit'],
    expect: [
      [
        'get_current_temperature',
        {
          location: 'Beijing',
        },
      ],
      [
        'get_temperature_unit',
        {
          location: 'Guangzhou',
          unit: 'c',
        },
      ],
    ],
    note: 'ERNIE-4.5 Thinking: reasoning without an opening <think>, only the closing </think>, then two hermes-style calls',
  },
  {
    id: 'w2-095',
    format: 'command_a_action',
    source:
      'vllm-project/vllm tests/tool_parsers/test_cohere_command_tool_parser.py (commit 6bcd488866e07589f62d793e513368a4eb5818f9)',
    text: '<|START_THINKING|>first I think about foo<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}},\n    {"tool_call_id": "1", "tool_name": "bar", "parameters": {"x": 42}}\n]\n<|END_ACTION|>',
    tools: ['foo', 'bar'],
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
    note: 'Command-A: reasoning block, then a JSON list with tool_call_id/tool_name/parameters',
  },
  {
    id: 'w2-096',
    format: 'command_a_action',
    source:
      'vllm-project/vllm tests/tool_parsers/test_cohere_command_tool_parser.py (commit 6bcd488866e07589f62d793e513368a4eb5818f9)',
    text: '<|START_THINKING|>This is a rainbow <co>emoji: 🌈</co: 0:[1]><|END_THINKING|>\n<|START_RESPONSE|>foo <co>bar</co: 0:[1,2],1:[3,4]><|END_RESPONSE|>',
    tools: ['foo', 'bar'],
    expect: 'none',
    note: 'citation markup (<co>…</co: 0:[1,2]>) in a plain response; the words foo/bar are tool names but no call. Tool list assumed from the sibling cases',
  },
  {
    id: 'w2-097',
    format: 'react_text',
    source:
      'langchain-ai/langchain libs/langchain/tests/unit_tests/agents/output_parsers/test_react_single_input.py (commit 25ef4afbc413de905bf8fe5519b8e873881c7321)',
    text: 'Thought: agent thought here\nAction: search\nAction Input: what is the temperature in SF?',
    tools: ['search'],
    expect: [['search', 'what is the temperature in SF?']],
    note: "ReAct single-input: the argument is a bare string, not an object (kept as a string here; LangChain passes it as the tool's single input)",
  },
  {
    id: 'w2-098',
    format: 'react_text',
    source:
      'langchain-ai/langchain libs/langchain/tests/unit_tests/agents/output_parsers/test_react_single_input.py (commit 25ef4afbc413de905bf8fe5519b8e873881c7321)',
    text: 'Thought: agent thought here\nFinal Answer: The temperature is 100',
    tools: ['search'],
    expect: 'none',
    note: 'final answer, no action',
  },
  {
    id: 'w2-099',
    format: 'react_text',
    source:
      'langchain-ai/langchain libs/langchain/tests/unit_tests/agents/output_parsers/test_react_single_input.py (commit 25ef4afbc413de905bf8fe5519b8e873881c7321)',
    text: 'Thought: agent thought here\nAction: search Final Answer:\nAction Input: what is the temperature in SF?',
    tools: ['search'],
    expect: 'none',
    note: 'action line and final answer mixed on one line; LangChain refuses to parse it (OutputParserException). Unsure: a lenient reader might run search',
  },
  {
    id: 'w2-100',
    format: 'react_json',
    source:
      'langchain-ai/langchain libs/langchain/tests/unit_tests/agents/output_parsers/test_react_json_single_input.py (commit 25ef4afbc413de905bf8fe5519b8e873881c7321)',
    text: 'Thought: agent thought here\n```\n{\n    "action": "search",\n    "action_input": "what is the temperature in SF?"\n}\n```\n',
    tools: ['search'],
    expect: [['search', 'what is the temperature in SF?']],
    note: "ReAct-JSON blob in a bare ``` fence; 'action'/'action_input' keys; string input kept as a string",
  },
  {
    id: 'w2-101',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|channel>thought\nI need to check the weather<channel|><|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'Paris',
        },
      ],
    ],
    note: 'Gemma 4 thought channel then call; <|"|> string delimiters',
  },
  {
    id: 'w2-102',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|tool_call>call:search{query:<|"|>say "hello", then "goodbye"<|"|>}<tool_call|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'say "hello", then "goodbye"',
        },
      ],
    ],
    note: 'raw (unescaped) double quotes and a comma inside a <|"|>-delimited string',
  },
  {
    id: 'w2-103',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|tool_call>call:edit{edits:[\n  {newText:<|"|># Gemma4 + openclaude speed optimization guide\n\nUse "nvfp4" only after validating tool calls.\n<|"|>,oldText:<|"|># Gemma4 + openclaude speed optimization guide\n\nUse the default quantization.\n<|"|>},\n  {newText:<|"|>## 14. Methods tried but not adopted\n\n### 1. Model quantization\nDo not enable "mxfp8" by default.\n<|"|>,oldText:<|"|>## 14. Methods tried but not adopted\n<|"|>}\n]}<tool_call|>',
    tools: ['edit'],
    expect: [
      [
        'edit',
        {
          edits: [
            {
              newText:
                '# Gemma4 + openclaude speed optimization guide\n\nUse "nvfp4" only after validating tool calls.\n',
              oldText: '# Gemma4 + openclaude speed optimization guide\n\nUse the default quantization.\n',
            },
            {
              newText:
                '## 14. Methods tried but not adopted\n\n### 1. Model quantization\nDo not enable "mxfp8" by default.\n',
              oldText: '## 14. Methods tried but not adopted\n',
            },
          ],
        },
      ],
    ],
    note: 'array of objects with unquoted keys, multi-line markdown values with raw quotes',
  },
  {
    id: 'w2-104',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|tool_call>call:open_file{path:<|"|>C:\\users\\bob\\file.txt<|"|>}<tool_call|>',
    tools: ['open_file'],
    expect: [
      [
        'open_file',
        {
          path: 'C:\\users\\bob\\file.txt',
        },
      ],
    ],
    note: 'single backslashes are literal (\\u, \\b, \\f must NOT be treated as escapes)',
  },
  {
    id: 'w2-105',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|tool_call>call:search{query:<|"|>say "hello" and "bye"<|"|>}',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'say "hello" and "bye"',
        },
      ],
    ],
    note: 'closing <tool_call|> missing at end of output but the argument braces are closed; the fixture flushes it as a call. Unsure (compare the GLM case with no end marker, marked none)',
  },
  {
    id: 'w2-106',
    format: 'gemma4',
    source: 'ollama/ollama model/parsers/gemma4_test.go (commit 06d5fba07d2f1b542c62737d638f1c5d79f59297)',
    text: '<|tool_call>call:search{query:"raw \\"quoted\\"",note:<|"|>gemma "quoted"<|"|>}<tool_call|>',
    tools: ['search'],
    expect: [
      [
        'search',
        {
          query: 'raw "quoted"',
          note: 'gemma "quoted"',
        },
      ],
    ],
    note: 'one value JSON-quoted with escapes, the other <|"|>-quoted',
  },
  {
    id: 'w2-107',
    format: 'kimi_k2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py (commit 0825a6c362795d1643ce5684bb3cfa26ff6ffed2)',
    text: 'Multiple tasks. <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>{"city": "New York"}<|tool_call_end|><|tool_call_begin|>functions.get_news:1 <|tool_call_argument_begin|>{"topic": "technology"}<|tool_call_end|><|tool_call_begin|>functions.send_email:2 <|tool_call_argument_begin|>{"to": "user@example.com", "subject": "Daily Update"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['get_weather', 'get_news', 'send_email'],
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
    id: 'w2-108',
    format: 'kimi_k2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py (commit 0825a6c362795d1643ce5684bb3cfa26ff6ffed2)',
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
    derived: "built with the test's helpers",
    note: 'angle brackets inside a JSON string',
  },
  {
    id: 'w2-109',
    format: 'kimi_k2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py (commit 0825a6c362795d1643ce5684bb3cfa26ff6ffed2)',
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
    derived: "built with the test's helpers",
    note: "pretty-printed JSON; an argument literally named 'name'",
  },
  {
    id: 'w2-110',
    format: 'kimi_k2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_kimi_k2_tool_parser.py (commit 0825a6c362795d1643ce5684bb3cfa26ff6ffed2)',
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
    derived: "built with the test's helpers",
    note: "id without the 'functions.' prefix",
  },
  {
    id: 'w2-111',
    format: 'minimax_m2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_m2_tool_parser.py (commit 0c927c3451653f28e60cd552cff13ddc3c9ff49e)',
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
    derived: "the test's two stream chunks concatenated",
  },
  {
    id: 'w2-112',
    format: 'minimax_m2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_m2_tool_parser.py (commit 0c927c3451653f28e60cd552cff13ddc3c9ff49e)',
    text: '<minimax:tool_call><invoke name="get_weather"><parameter name="city">NYC</parameter></invoke><invoke name="get_stock"><parameter name="ticker">AAPL</parameter></invoke></minimax:tool_call>',
    tools: ['get_weather', 'get_stock'],
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
    derived: "the test's stream chunks concatenated",
    note: 'two invokes in one block',
  },
  {
    id: 'w2-113',
    format: 'minimax_m2',
    source:
      'vllm-project/vllm tests/tool_parsers/test_minimax_m2_tool_parser.py (commit 0c927c3451653f28e60cd552cff13ddc3c9ff49e)',
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
    derived: "the test's stream chunks concatenated",
    note: "no schema given in the fixture, so days stays the string '5' (with an integer schema it would be 5)",
  },
  {
    id: 'w2-114',
    format: 'qwen35_xml',
    source: 'ollama/ollama model/parsers/qwen35_test.go (commit 050b6db095db556a36fa1fb2a13611ebe1eb9349)',
    text: '<tool_call><function=get_weather><parameter=location>\nSan Francisco\n</parameter><parameter=days>\n3\n</parameter></function></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'San Francisco',
          days: 3,
        },
      ],
    ],
    note: 'days is integer in the schema; values wrapped in newlines',
  },
  {
    id: 'w2-115',
    format: 'qwen35_xml',
    source: 'ollama/ollama model/parsers/qwen35_test.go (commit 050b6db095db556a36fa1fb2a13611ebe1eb9349)',
    text: 'Need weather lookup<tool_call><function=get_weather><parameter=location>\nSF\n</parameter></function></tool_call>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          location: 'SF',
        },
      ],
    ],
    note: 'thinking mode: the prompt pre-opens <think>; the model emits the call before any </think>',
  },
  {
    id: 'w2-116',
    format: 'qwen35_xml',
    source: 'ollama/ollama model/parsers/qwen35_test.go (commit 050b6db095db556a36fa1fb2a13611ebe1eb9349)',
    text: 'Need weather lookup<tool_c</think>',
    tools: ['get_weather'],
    expect: 'none',
    derived: "the test's three stream chunks concatenated ('Need weather lookup<tool_c', '</thi', 'nk>')",
    note: "a partial '<tool_c' that never becomes a tag, inside reasoning",
  },
  {
    id: 'w2-117',
    format: 'qwen35_xml',
    source: 'ollama/ollama model/parsers/qwen35_test.go (commit 050b6db095db556a36fa1fb2a13611ebe1eb9349)',
    text: "Let me help</think>\n<tool_call><function=write_file><parameter=content>print('hel",
    tools: ['write_file'],
    expect: 'none',
    note: 'cut off mid-string inside a parameter',
  },
  {
    id: 'w2-118',
    format: 'qwen35_xml',
    source: 'ollama/ollama model/parsers/qwen35_test.go (commit 050b6db095db556a36fa1fb2a13611ebe1eb9349)',
    text: '<tool_call>not valid xml</tool_call>',
    tools: ['get_weather'],
    expect: 'none',
    note: 'tool_call tags around prose',
  },
  {
    id: 'w2-119',
    format: 'gpt_oss_harmony',
    source:
      'sgl-project/sglang test/registered/function_call/test_gpt_oss_detector.py (commit 4e285c7766ea604ac2100100d7d02962b0831a57)',
    text: '<|channel|>analysis<|message|>Reasoning...<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{\n  "files": []\n}<|call|><|start|>assistant<|channel|>final<|message|>This text should be truncated.',
    tools: ['read_file'],
    expect: [
      [
        'read_file',
        {
          files: [],
        },
      ],
    ],
    note: 'analysis + commentary call + a trailing final-channel message after <|call|> (the fixture drops it); empty-array argument',
  },
  {
    id: 'w2-120',
    format: 'gpt_oss_harmony',
    source:
      'sgl-project/sglang test/registered/function_call/test_gpt_oss_detector.py (commit 4e285c7766ea604ac2100100d7d02962b0831a57)',
    text: '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{}<|call|>This is normal text that should be ignored.',
    tools: ['read_file'],
    expect: [['read_file', {}]],
    derived: "the test's two stream chunks concatenated",
    note: 'stray text after <|call|>',
  },
  {
    id: 'w2-121',
    format: 'qwen3_coder_xml',
    source:
      'sgl-project/sglang test/registered/function_call/test_qwen3_coder_detector/test_cases.py (commit 2c5fa03198d0630444a1bfe74b4eaae310173eee)',
    text: 'Text prefix + implicit parameter close test\n\n<function=get_current_weather>\n<parameter=location>Paris\n<parameter=unit>celsius\n<parameter=days>3\n</function>',
    tools: ['get_current_weather'],
    expect: [
      [
        'get_current_weather',
        {
          location: 'Paris',
          unit: 'celsius',
          days: 3,
        },
      ],
    ],
    note: 'no </parameter> closers and no <tool_call> wrapper; days typed by schema (integer)',
  },
  {
    id: 'w2-122',
    format: 'qwen3_coder_xml',
    source:
      'sgl-project/sglang test/registered/function_call/test_qwen3_coder_detector/test_cases.py (commit 2c5fa03198d0630444a1bfe74b4eaae310173eee)',
    text: 'Text prefix + complex schema tool call test\n\n<function=TodoWrite>\n<parameter=todos>\n[\n {"content": "Buy a new car", "status": \'pending\'},\n {"content": "Buy a new house", "status": "completed"}\n]\n</parameter>\n</function>\n\n',
    tools: ['TodoWrite'],
    expect: [
      [
        'TodoWrite',
        {
          todos: [
            {
              content: 'Buy a new car',
              status: 'pending',
            },
            {
              content: 'Buy a new house',
              status: 'completed',
            },
          ],
        },
      ],
    ],
    note: "array parameter with a single-quoted value ('pending') — not valid JSON",
  },
  {
    id: 'w2-123',
    format: 'qwen3_coder_xml',
    source:
      'sgl-project/sglang test/registered/function_call/test_qwen3_coder_detector/test_cases.py (commit 2c5fa03198d0630444a1bfe74b4eaae310173eee)',
    text: 'Text prefix + double tool call test\n\n<function=get_current_weather>\n<parameter=location>New York</parameter>\n</function>\n<function=sql_interpreter>\n<parameter=query>SELECT * FROM users</parameter>\n<parameter=dry_run>True</parameter>\n</function>\n',
    tools: ['get_current_weather', 'sql_interpreter'],
    expect: [
      [
        'get_current_weather',
        {
          location: 'New York',
        },
      ],
      [
        'sql_interpreter',
        {
          query: 'SELECT * FROM users',
          dry_run: true,
        },
      ],
    ],
    note: "Python-style 'True' for a boolean parameter",
  },
  {
    id: 'w2-124',
    format: 'minimax_m2',
    source: 'earendil-works/pi#368 (https://github.com/earendil-works/pi/issues/368)',
    text: '<minimax:tool_call>\n<invoke name="bash">\n<parameter name="command">mb --help</parameter>\n</invoke>\n<invoke name="bash">\n<parameter name="command">cm --help</parameter>\n</invoke>\n</minimax:tool_call>',
    tools: ['bash'],
    expect: [
      [
        'bash',
        {
          command: 'mb --help',
        },
      ],
      [
        'bash',
        {
          command: 'cm --help',
        },
      ],
    ],
    note: 'MiniMax-M2.1 via OpenRouter; text taken from the JSON-escaped session log the reporter pasted',
  },
  {
    id: 'w2-125',
    format: 'minimax_tool_call_bracket',
    source: 'NousResearch/hermes-agent#35935 (https://github.com/NousResearch/hermes-agent/issues/35935)',
    text: '[TOOL_CALL]\n{tool => "terminal", args => {\n  --command "echo test"\n}}\n[/TOOL_CALL]',
    tools: ['terminal'],
    expect: [
      [
        'terminal',
        {
          command: 'echo test',
        },
      ],
    ],
    note: 'MiniMax M2.7-highspeed invented a Perl/CLI-ish syntax (=> and --flag "value"); not JSON. Unsure: a strict reader may refuse it',
  },
  {
    id: 'w2-126',
    format: 'minimax_tool_call_bracket',
    source: 'lmstudio-ai/lmstudio-bug-tracker#1177 (https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1177)',
    text: '[TOOL_CALL] { "tool": "write", "args": { "filePath": "test.html", "content": "<html>...</html>" } } [/TOOL_CALL]',
    tools: ['write'],
    expect: [
      [
        'write',
        {
          filePath: 'test.html',
          content: '<html>...</html>',
        },
      ],
    ],
    note: "MiniMax-M2 (MLX) in LM Studio: [TOOL_CALL] … [/TOOL_CALL] with 'tool'/'args' keys; the content was shortened to '<html>...</html>' by the reporter",
  },
  {
    id: 'w2-127',
    format: 'minimax_m3_garbled',
    source: 'github/app#2128 (https://github.com/github/app/issues/2128)',
    text: ']<]minimax[>[]<]minimax[>[<initial_wait>10]<]minimax[>[</initial_wait>]<]minimax[>[\n]<]minimax[>[</tool_call>',
    tools: [],
    expect: 'none',
    note: "only the tail of a MiniMax call came through, interleaved with the raw ']<]minimax[>[' delimiter; no function name survives — nothing can be run. Tool list unknown",
  },
  {
    id: 'w2-128',
    format: 'continue_tool_codeblock',
    source:
      'continuedev/continue core/tools/systemMessageTools/toolCodeblocks/interceptSystemToolCalls.vitest.ts (commit 2e544feb843535c52c08a8b55a1d81d8c6aabd16)',
    text: "I'll help you with that. Let me use a tool:\n```tool\nTOOL_NAME: test_tool\nBEGIN_ARG: arg1\nvalue1\nEND_ARG\n```",
    tools: ['test_tool'],
    expect: [
      [
        'test_tool',
        {
          arg1: 'value1',
        },
      ],
    ],
    derived: "the test's stream chunks concatenated",
    note: "Continue's system-message tool format (models without native tools)",
  },
  {
    id: 'w2-129',
    format: 'continue_tool_codeblock',
    source:
      'continuedev/continue core/tools/systemMessageTools/toolCodeblocks/interceptSystemToolCalls.vitest.ts (commit 2e544feb843535c52c08a8b55a1d81d8c6aabd16)',
    text: '```tool\nTOOL_NAME: first_tool\nBEGIN_ARG: arg1\nvalue1\nEND_ARG\n```\nNow running another tool.\n```tool\nTOOL_NAME: second_tool\nBEGIN_ARG: arg2\nvalue2\nEND_ARG\n```',
    tools: ['first_tool', 'second_tool'],
    expect: [
      [
        'first_tool',
        {
          arg1: 'value1',
        },
      ],
      [
        'second_tool',
        {
          arg2: 'value2',
        },
      ],
    ],
    derived: "the test's stream chunks concatenated",
  },
  {
    id: 'w2-130',
    format: 'continue_tool_codeblock',
    source:
      'continuedev/continue core/tools/systemMessageTools/toolCodeblocks/interceptSystemToolCalls.vitest.ts (commit 2e544feb843535c52c08a8b55a1d81d8c6aabd16)',
    text: '```tool\nTOOL_NAME: test_tool\nBEGIN_ARG: number_arg\n123\nEND_ARG\nBEGIN_ARG: boolean_arg\ntrue\nEND_ARG\n```',
    tools: ['test_tool'],
    expect: [
      [
        'test_tool',
        {
          number_arg: 123,
          boolean_arg: true,
        },
      ],
    ],
    derived: "the test's stream chunks concatenated",
    note: 'argument values are JSON-parsed (123, true)',
  },
  {
    id: 'w2-131',
    format: 'qwen25_coder_tools_tag',
    source:
      'hanXen/vllm-qwen2.5-coder-tool-parser tests/test_parser_unit.py (commit 1b921501f30cbfe347dccb1db7de3c82a1d55131)',
    text: '<tools>{"name": "get_weather", "arguments": {"city": "Seoul"}}\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools>',
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
    note: 'Qwen2.5-Coder uses <tools> (not <tool_call>); two JSON lines (JSONL) in one tag',
  },
  {
    id: 'w2-132',
    format: 'qwen25_coder_tools_tag',
    source:
      'hanXen/vllm-qwen2.5-coder-tool-parser tests/test_parser_unit.py (commit 1b921501f30cbfe347dccb1db7de3c82a1d55131)',
    text: '<tools>{"name": "foo", "arguments": {"a": 1}}, {"name": "bar", "arguments": {"b": 2}}</tools>',
    tools: ['foo', 'bar'],
    expect: [
      [
        'foo',
        {
          a: 1,
        },
      ],
      [
        'bar',
        {
          b: 2,
        },
      ],
    ],
    note: 'comma-separated objects without array brackets',
  },
  {
    id: 'w2-133',
    format: 'qwen25_coder_tools_tag',
    source:
      'hanXen/vllm-qwen2.5-coder-tool-parser tests/test_parser_unit.py (commit 1b921501f30cbfe347dccb1db7de3c82a1d55131)',
    text: '<tools>{"name": "get_weather", "arguments": {"city": "Seoul"}}',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'Seoul',
        },
      ],
    ],
    note: 'closing </tools> missing, JSON complete; the fixture accepts it',
  },
  {
    id: 'w2-134',
    format: 'qwen25_coder_tools_tag',
    source:
      'hanXen/vllm-qwen2.5-coder-tool-parser tests/test_parser_unit.py (commit 1b921501f30cbfe347dccb1db7de3c82a1d55131)',
    text: '<tools>{"name": "write_file", "arguments": {"path": "out.json", "content": "{\\"name\\": \\"test\\", \\"value\\": 123}"}}</tools>',
    tools: ['write_file'],
    expect: [
      [
        'write_file',
        {
          path: 'out.json',
          content: '{"name": "test", "value": 123}',
        },
      ],
    ],
    derived: "wrapped the test's _try_parse_json input in <tools>…</tools> as its extract tests do",
    note: 'a string argument that itself contains JSON — must stay a string',
  },
  {
    id: 'w2-135',
    format: 'qwen25_coder_tools_tag',
    source:
      'hanXen/vllm-qwen2.5-coder-tool-parser tests/test_parser_unit.py (commit 1b921501f30cbfe347dccb1db7de3c82a1d55131)',
    text: '<tools>{"name": "foo", "arguments": {}}</tools><tools>invalid json</tools>',
    tools: ['foo'],
    expect: [['foo', {}]],
    note: 'second block is garbage; only the first runs',
  },
  {
    id: 'w2-136',
    format: 'bare_json',
    source: 'webbrain-one/webbrain#2682 (https://github.com/webbrain-one/webbrain/pull/2682)',
    text: 'I will save it now.\n{"name":"click","arguments":{"text":"Save","meta":{"source":"dialog"}}}',
    tools: ['click'],
    expect: [
      [
        'click',
        {
          text: 'Save',
          meta: {
            source: 'dialog',
          },
        },
      ],
    ],
    note: 'bare JSON call on its own line after prose (no tags); nested object in arguments',
  },
  {
    id: 'w2-137',
    format: 'bare_json',
    source: 'webbrain-one/webbrain#2682 (https://github.com/webbrain-one/webbrain/pull/2682)',
    text: '{"name":"click","arguments":{"meta":{"source":"dialog"},"text":"Save {draft}"}}',
    tools: ['click'],
    expect: [
      [
        'click',
        {
          meta: {
            source: 'dialog',
          },
          text: 'Save {draft}',
        },
      ],
    ],
    note: 'braces inside a quoted string',
  },
  {
    id: 'w2-138',
    format: 'bare_json',
    source: 'ahwurm/localharness#105 (https://github.com/ahwurm/localharness/issues/105)',
    text: '```json\n{"name": "my-app", "version": "1.0.0"}\n```',
    tools: [],
    expect: 'none',
    derived: 'the detector inputs quoted in the issue (the answer when a user asks to see a package.json)',
    note: "ordinary JSON data with a 'name' key in a fence — not a call. Tool list not given in the issue",
  },
  {
    id: 'w2-139',
    format: 'bare_json',
    source: 'ahwurm/localharness#105 (https://github.com/ahwurm/localharness/issues/105)',
    text: '```json\n[{"name": "alice", "age": 30}]\n```',
    tools: [],
    expect: 'none',
    derived: 'detector input quoted in the issue',
    note: "a JSON list of records with 'name' keys — data, not calls",
  },
];
