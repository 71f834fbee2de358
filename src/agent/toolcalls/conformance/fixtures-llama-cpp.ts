/**
 * llama.cpp's own tool-call parser fixtures (ggml-org/llama.cpp tests/test-chat.cpp (the chat-format parser tests)), ported as data:
 * each case is the model output a test feeds the engine's parser and the
 * calls the test expects back, with the test's name and the file and commit
 * it is quoted from. Only the samples are quoted; none of llama.cpp's code.
 * `derived` says how a sample was assembled when the test builds it (string
 * constants, helper functions, streaming chunks joined); `differs` says where
 * and why our parser deliberately reads it otherwise (asserted too).
 * Scored by conformance.test.ts; summed up in docs/tool-call-formats.md.
 */
import type { EngineFixture } from './fixture.js';

export const LLAMA_CPP_FIXTURES: EngineFixture[] = [
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'three_tool_calls_counter',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print(1)"}<|tool_call_end|><|tool_call_begin|>functions.html:2<|tool_call_argument_begin|>{"markup": "<p>test</p>"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['special_function', 'python', 'html'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'python',
        {
          code: 'print(1)',
        },
      ],
      [
        'html',
        {
          markup: '<p>test</p>',
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'calls_inside_thinking_block',
    text: '<think>I need to call two functions<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print(\'hey\')"}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['special_function', 'python', 'html'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'python',
        {
          code: "print('hey')",
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
    note: 'Kimi K2 Thinking makes its calls inside the reasoning block',
  },
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'calls_inside_thinking_without_end_markers',
    text: '<think>I need to call two functions<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print(\'hey\')"}',
    tools: ['special_function', 'python', 'html'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'python',
        {
          code: "print('hey')",
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'real_life_execute_command',
    text: '<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{"command": "ls -lah", "cwd": "/home/jarvis/development/exllamav3", "timeout": 10}',
    tools: ['execute_command'],
    expect: [
      [
        'execute_command',
        {
          command: 'ls -lah',
          cwd: '/home/jarvis/development/exllamav3',
          timeout: 10,
        },
      ],
    ],
    schemas: {
      execute_command: {
        type: 'object',
        properties: {
          command: {
            type: 'string',
          },
          cwd: {
            type: 'string',
          },
          timeout: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'kimi_k2_template',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'kimi_k2',
    parser: 'Kimi-K2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'content_only',
    text: "Hello, world!\nWhat's up?",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'single_tool_call',
    text: '<|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'string_argument',
    text: '<|tool_call_start|>[get_time(city="XYZCITY")]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'get_time',
        {
          city: 'XYZCITY',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'with_reasoning',
    text: "<think>I'm\nthinking</think><|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>",
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'parallel',
    text: '<|tool_call_start|>[special_function(arg1=1), special_function_with_opt(arg1=1, arg2=2)]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'special_function_with_opt',
        {
          arg1: 1,
          arg2: 2,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'reasoning_and_content',
    text: '<think>I need to call a function</think>Let me check the time.<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'get_time',
        {
          city: 'Paris',
        },
      ],
    ],
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'python_multiline_code',
    text: '<|tool_call_start|>[python(code="def hello():\\n    print(\'hey\')")]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [
      [
        'python',
        {
          code: "def hello():\\n    print('hey')",
        },
      ],
    ],
    differs: {
      reason:
        'the value is a Python string literal, so its \\n escape is read as a newline (llama.cpp keeps the two characters)',
      ours: [
        [
          'python',
          {
            code: "def hello():\n    print('hey')",
          },
        ],
      ],
    },
  },
  {
    format: 'lfm2',
    parser: 'LFM2-8B-A1B',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'empty_arguments',
    text: '<|tool_call_start|>[empty_args()]<|tool_call_end|>',
    tools: ['special_function', 'special_function_with_opt', 'get_time', 'python', 'empty_args'],
    expect: [['empty_args', {}]],
  },
  {
    format: 'apertus',
    parser: 'Apertus-8B-Instruct',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'func_name_as_key',
    text: '<|tools_prefix|>[{"special_function": {"arg1": 1}}]<|tools_suffix|>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'minimax_m2',
    parser: 'MiniMax-M2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'invoke',
    text: '<minimax:tool_call>\n<invoke name="special_function">\n<parameter name="arg1">1</parameter>\n</invoke>\n</minimax:tool_call>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
    note: 'schema: arg1 integer',
  },
  {
    format: 'nemotron_toolcall',
    parser: 'NVIDIA-Nemotron-Nano-v2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'toolcall',
    text: '<TOOLCALL>[{"name": "special_function", "arguments": {"arg1": 1}}]</TOOLCALL><SPECIAL_12>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'command_r7b',
    parser: 'CohereForAI-c4ai-command-r7b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'response_only',
    text: "<|START_RESPONSE|>Hello, world!\nWhat's up?<|END_RESPONSE|>",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'command_r7b',
    parser: 'CohereForAI-c4ai-command-r7b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'thinking_then_action',
    text: '<|START_THINKING|>I\'m\nthinking<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]<|END_ACTION|>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'command_r',
    parser: 'CohereForAI-c4ai-command-r-plus',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'content',
    text: "<|CHATBOT_TOKEN|>Hello, world!\nWhat's up?<|END_OF_TURN_TOKEN|>",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'command_r',
    parser: 'CohereForAI-c4ai-command-r-plus',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'action_json_block',
    text: 'Action:\n```json\n[{"tool_name": "special_function", "parameters": {"arg1": 1}}]\n```',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'mistral',
    parser: 'Mistral-Nemo-Instruct-2407',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'nemo_tool_calls_with_id',
    text: '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'mistral',
    parser: 'Mistral-Nemo-Instruct-2407',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'content_only',
    text: "Hello, world!\nWhat's up?",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'function_tag',
    parser: 'functionary-medium-v3.1',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'function_tag',
    text: '<function=special_function>{"arg1": 1}</function>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'functionary_v32',
    parser: 'functionary-medium-v3.2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'all_recipient_is_content',
    text: ">>>all\nHello, world!\nWhat's up?",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'functionary_v32',
    parser: 'functionary-medium-v3.2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'recipient_call',
    text: '>>>special_function\n{"arg1": 1}',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'functools',
    parser: 'firefunction-v2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'functools',
    text: ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'functools',
    parser: 'firefunction-v2',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'content_only',
    text: "Hello, world!\nWhat's up?",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'deepseek_v3',
    parser: 'llama-cpp-deepseek-r1',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'r1_fenced_call',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'deepseek_v3',
    parser: 'llama-cpp-deepseek-r1',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'r1_thinking_content',
    text: "I'm\nthinking</think>Hello, world!\nWhat's up?",
    tools: ['special_function'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'hermes',
    parser: 'MiMo-VL/Hermes-3/Qwen2.5',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'tool_call_json',
    text: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'tool_calls_json',
    parser: 'Apriel-1.5',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'apriel_tool_calls',
    text: '<tool_calls>[{"name": "special_function", "arguments": {"arg1": 1}}]</tool_calls>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'tool_calls_json',
    parser: 'Apriel-1.5',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'apriel_16_reasoning_then_call',
    text: 'I\'m\nthinking\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "special_function", "arguments": {"arg1": 1}}]</tool_calls>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'mistral',
    parser: 'Mistral-Small-3.2/Devstral',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'func_bracket_tag_call_id',
    text: '[TOOL_CALLS]special_function[CALL_ID]123456789[ARGS]{"arg1": 1}',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'mistral',
    parser: 'Mistral-Small-3.2/Devstral',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'devstral_args',
    text: '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'mistral',
    parser: 'Mistral-Small-3.2/Devstral',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'devstral_content_then_call',
    text: 'Hello, world!\nWhat\'s up?[TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'final_channel_content',
    text: "<|channel|>final<|message|>Hello, world!\nWhat's up?",
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'commentary_channel_content',
    text: "<|channel|>commentary<|message|>Hello, world!\nWhat's up?",
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'recipient_in_role_header',
    text: ' to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'recipient_in_channel_header',
    text: '<|channel|>analysis to=functions.special_function<|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'recipient_with_constraint',
    text: ' to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'commentary_channel_call',
    text: '<|channel|>commentary to=functions.special_function<|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'analysis_then_call',
    text: '<|channel|>analysis<|message|>I\'m\nthinking<|end|>\n<|start|>assistant to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'extra_channel_before',
    text: '<|channel|>analysis<|message|>I\'m\nthinking<|end|><|start|>assistant<|channel|>commentary to=functions.special_function <|message|>{"arg1": 1}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'reasoning_after_final',
    text: '<|channel|>final<|message|><|end|><|start|>assistant<|channel|>analysis<|message|>Thinking about edit...',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'call_after_final_channel',
    text: '<|channel|>final<|message|><|end|><|start|>assistant<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary to=functions.edit <|constrain|>json<|message|>{"oldString": "if (part < railCount - 1) {", "newString": "if (part < 4) {", "replaceAll": false}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'edit',
        {
          oldString: 'if (part < railCount - 1) {',
          newString: 'if (part < 4) {',
          replaceAll: false,
        },
      ],
    ],
    schemas: {
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'harmony',
    parser: 'gpt-oss-120b',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'parallel_calls',
    text: ' to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}\n<|start|>assistant to=functions.special_function_with_opt<|channel|>analysis<|message|>{"arg1": 1, "arg2": 2}',
    tools: ['special_function', 'special_function_with_opt', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'special_function_with_opt',
        {
          arg1: 1,
          arg2: 2,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'StepFun3.5-Flash',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'numeric_string_per_schema',
    text: 'Let me call the magic tool\n</think>\n<tool_call>\n<function=magic>\n<parameter=name>\nfooBar\n</parameter>\n<parameter=ref>\n5123123\n</parameter>\n</function>\n</tool_call>',
    tools: ['magic', 'special_function', 'special_function_with_opt', 'magic_int', 'string_param', 'quoted_unquoted'],
    expect: [
      [
        'magic',
        {
          name: 'fooBar',
          ref: '5123123',
        },
      ],
    ],
    schemas: {
      magic: {
        type: 'object',
        properties: {
          name: {
            type: 'string',
          },
          ref: {
            type: 'string',
          },
        },
      },
    },
    note: 'schema: ref string',
  },
  {
    format: 'qwen3_coder',
    parser: 'StepFun3.5-Flash',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'number_per_schema',
    text: 'Let me call the special function\n</think>\n<tool_call>\n<function=special_function>\n<parameter=arg1>\n42555916\n</parameter>\n</function>\n</tool_call>',
    tools: ['magic', 'special_function', 'special_function_with_opt', 'magic_int', 'string_param', 'quoted_unquoted'],
    expect: [
      [
        'special_function',
        {
          arg1: 42555916,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'StepFun3.5-Flash',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'two_params',
    text: 'Let me call the magic_int function\n</think>\n<tool_call>\n<function=magic_int>\n<parameter=ref>\n42555916\n</parameter>\n<parameter=name>\nbaz\n</parameter>\n</function>\n</tool_call>',
    tools: ['magic', 'special_function', 'special_function_with_opt', 'magic_int', 'string_param', 'quoted_unquoted'],
    expect: [
      [
        'magic_int',
        {
          ref: 42555916,
          name: 'baz',
        },
      ],
    ],
    schemas: {
      magic_int: {
        type: 'object',
        properties: {
          ref: {
            type: 'integer',
          },
          name: {
            type: 'string',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'StepFun3.5-Flash',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'empty_string_param',
    text: 'Call string_param with empty text\n</think>\n<tool_call>\n<function=string_param>\n<parameter=text>\n\n</parameter>\n</function>\n</tool_call>',
    tools: ['magic', 'special_function', 'special_function_with_opt', 'magic_int', 'string_param', 'quoted_unquoted'],
    expect: [
      [
        'string_param',
        {
          text: '',
        },
      ],
    ],
    schemas: {
      string_param: {
        type: 'object',
        properties: {
          text: {
            type: 'string',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'StepFun3.5-Flash',
    source: 'tests/test-chat.cpp@v127542chars',
    name: 'quoted_unquoted',
    text: 'Test simple quoted unquoted\n</think>\n<tool_call>\n<function=quoted_unquoted>\n<parameter=quoted>\n"foo"\n</parameter>\n<parameter=unquoted>\nfoo\n</parameter>\n</function>\n</tool_call>',
    tools: ['magic', 'special_function', 'special_function_with_opt', 'magic_int', 'string_param', 'quoted_unquoted'],
    expect: [
      [
        'quoted_unquoted',
        {
          quoted: '"foo"',
          unquoted: 'foo',
        },
      ],
    ],
    schemas: {
      quoted_unquoted: {
        type: 'object',
        properties: {
          quoted: {
            type: 'string',
          },
          unquoted: {
            type: 'string',
          },
        },
      },
    },
  },
  {
    format: 'hermes',
    parser: 'Hermes-2-Pro',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'hermes_no_newline_before_close',
    text: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'hermes',
    parser: 'Hermes-2-Pro',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'hermes_content_then_call',
    text: 'Hello, world!\nWhat\'s up?<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'hermes',
    parser: 'granite-4.0',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'granite4_tool_call',
    text: '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>',
    tools: ['special_function'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'seed_oss',
    parser: 'ByteDance-Seed-OSS',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'single',
    text: '<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'special_function_with_opt', 'todo_list', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'seed_oss',
    parser: 'ByteDance-Seed-OSS',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'parallel',
    text: '<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>\n<seed:tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>1</parameter>\n<parameter=arg2>2</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'special_function_with_opt', 'todo_list', 'edit'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'special_function_with_opt',
        {
          arg1: 1,
          arg2: 2,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'seed_oss',
    parser: 'ByteDance-Seed-OSS',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'json_array_param',
    text: '<seed:tool_call>\n<function=todo_list>\n<parameter=todos>[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'special_function_with_opt', 'todo_list', 'edit'],
    expect: [
      [
        'todo_list',
        {
          todos: [
            {
              item: 'Check stuff',
              selected: false,
            },
            {
              item: 'Prepare stuff',
              selected: true,
            },
          ],
        },
      ],
    ],
  },
  {
    format: 'seed_oss',
    parser: 'ByteDance-Seed-OSS',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'inside_quotes',
    text: '<seed:tool_call>\n<function=edit>\n<parameter=filename>foo.cpp</parameter>\n<parameter=oldString>def foo(arg = "14"):\n    return arg + "bar"\n</parameter>\n<parameter=newString>def foo(arg = "15"):\n    pass\n</parameter>\n</function>\n</seed:tool_call>',
    tools: ['special_function', 'special_function_with_opt', 'todo_list', 'edit'],
    expect: [
      [
        'edit',
        {
          filename: 'foo.cpp',
          oldString: 'def foo(arg = "14"):\n    return arg + "bar"\n',
          newString: 'def foo(arg = "15"):\n    pass\n',
        },
      ],
    ],
    schemas: {
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'seed_oss',
    parser: 'ByteDance-Seed-OSS',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'thinking_content',
    text: "<seed:think>I'm thinking about the answer</seed:think>\nHello, world!",
    tools: ['special_function', 'special_function_with_opt', 'todo_list', 'edit'],
    expect: 'none',
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
      edit: {
        type: 'object',
        properties: {
          oldString: {
            type: 'string',
          },
          newString: {
            type: 'string',
          },
          replaceAll: {
            type: 'boolean',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'Qwen3-Coder',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'single',
    text: '<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>',
    tools: ['special_function', 'special_function_with_opt'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'Qwen3-Coder',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'missing_opening_tool_call',
    text: '<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>',
    tools: ['special_function', 'special_function_with_opt'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'Qwen3-Coder',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'content_then_missing_opening',
    text: 'Let me call it.\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>',
    tools: ['special_function', 'special_function_with_opt'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'Qwen3-Coder',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'first_call_omits_opening',
    text: '<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>\n1\n</parameter>\n<parameter=arg2>\n2\n</parameter>\n</function>\n</tool_call>',
    tools: ['special_function', 'special_function_with_opt'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'special_function_with_opt',
        {
          arg1: 1,
          arg2: 2,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
    },
  },
  {
    format: 'qwen3_coder',
    parser: 'Qwen3-Coder',
    source: 'tests/test-chat.cpp@0042e2079d34',
    name: 'two_calls',
    text: '<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>\n1\n</parameter>\n<parameter=arg2>\n2\n</parameter>\n</function>\n</tool_call>',
    tools: ['special_function', 'special_function_with_opt'],
    expect: [
      [
        'special_function',
        {
          arg1: 1,
        },
      ],
      [
        'special_function_with_opt',
        {
          arg1: 1,
          arg2: 2,
        },
      ],
    ],
    schemas: {
      special_function: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
        },
      },
      special_function_with_opt: {
        type: 'object',
        properties: {
          arg1: {
            type: 'integer',
          },
          arg2: {
            type: 'integer',
          },
        },
      },
    },
  },
];
