/**
 * The held-out "real" set (issue 14): raw model outputs as they were quoted in
 * public inference-server and agent-framework threads, parser test fixtures and
 * chat-template docs — text the parser was not written against. Each case names
 * its source (repository + issue/PR number, or the test file the sample was
 * quoted from). Only the samples are quoted (data); no code from those projects.
 *
 * A case expects exact tool names and typed arguments, or `none`: prose that
 * shows an example call, truncated or garbage output must yield no call.
 * `derived` marks a case made from a quoted sample by the transformation a
 * cited thread reports (special tokens stripped by skip_special_tokens, the
 * SentencePiece ▁ left in by a detokenizer, …); the rest are verbatim.
 * Asserted by real-corpus.test.ts; `npm run bench:parse` reports recovery on it.
 */

export type Family =
  | 'harmony'
  | 'gemma'
  | 'deepseek'
  | 'mistral'
  | 'qwen-xml'
  | 'hermes'
  | 'bracket-react'
  | 'pythonic'
  | 'llama-json'
  | 'tokenizer'
  | 'arguments'
  | 'no-call';

export interface RealCase {
  id: string;
  family: Family;
  /** repository and issue/PR number, or the test file the sample is quoted from */
  source: string;
  /** the model's raw text (content), or for family 'arguments' a tool_calls[].function.arguments string */
  text: string;
  /** tools the request offered (default: the expected names) */
  tools?: string[];
  /** the calls a person reads in the text, or 'none' */
  expect: Array<[name: string, args: Record<string, unknown>]> | 'none';
  /** made from a quoted sample by a transformation a cited thread reports */
  derived?: string;
}

const cases: RealCase[] = [];
let counter = 0;
function add(
  family: Family,
  source: string,
  text: string,
  expect: RealCase['expect'],
  extra: Partial<RealCase> = {},
): void {
  counter++;
  const entry: RealCase = { id: '', family, source, text, expect, ...extra };
  entry.id = `${entry.family}-${String(counter).padStart(3, '0')}`;
  cases.push(entry);
}

// ── Mistral [TOOL_CALLS] ────────────────────────────────────────────────
{
  const S = 'vllm-project/vllm tests/tool_use/test_mistral_tool_parser.py';
  const W = { city: 'San Francisco', state: 'CA', unit: 'celsius' };
  add('mistral', S, '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]', [['add', { a: 3.5, b: 4 }]]);
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    [['get_current_weather', W]],
  );
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]',
    [['get_current_weather', W]],
  );
  add('mistral', S, '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]', [
    ['get_age', { name: 'John Doe' }],
  ]);
  add('mistral', S, '[TOOL_CALLS]add{"a": 3.5, "b": 4}', [['add', { a: 3.5, b: 4 }]]);
  add('mistral', S, '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}', [
    ['get_current_weather', W],
  ]);
  add('mistral', S, '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]', [['add', { a: 3, b: 4 }]]);
  add('mistral', S, '[TOOL_CALLS] [{"name": "add", "arguments":{"a": "3", "b": "4"}}]', [['add', { a: '3', b: '4' }]]);
  add(
    'mistral',
    S,
    '[TOOL_CALLS][{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}]',
    [
      ['add', { a: 3.5, b: 4 }],
      ['get_current_weather', W],
    ],
  );
  add('mistral', S, 'This is a test', 'none', { tools: ['add', 'get_current_weather', 'get_age'] });
}

// ── Qwen3-Coder XML ─────────────────────────────────────────────────────
{
  const S = 'vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py';
  const DALLAS = { city: 'Dallas', state: 'TX', unit: 'fahrenheit' };
  const dallas =
    '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>';
  add('qwen-xml', S, dallas, [['get_current_weather', DALLAS]]);
  add('qwen-xml', S, `Sure! Let me check the weather for you.${dallas}`, [['get_current_weather', DALLAS]]);
  add(
    'qwen-xml',
    S,
    '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    [['calculate_area', { shape: 'rectangle', dimensions: { width: 10, height: 20 }, precision: 2 }]],
  );
  add(
    'qwen-xml',
    S,
    `${dallas}\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nOrlando\n</parameter>\n<parameter=state>\nFL\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>`,
    [
      ['get_current_weather', DALLAS],
      ['get_current_weather', { city: 'Orlando', state: 'FL', unit: 'fahrenheit' }],
    ],
  );
  add(
    'qwen-xml',
    S,
    'Let me calculate that area for you.<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n<parameter=dimensions>\n{"radius": 15.5}\n</parameter>\n<parameter=precision>\n3\n</parameter>\n</function>\n</tool_call>',
    [['calculate_area', { shape: 'circle', dimensions: { radius: 15.5 }, precision: 3 }]],
  );
  add(
    'qwen-xml',
    S,
    '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>',
    [['get_current_weather', { city: 'Dallas', state: 'TX' }]],
  );
  add(
    'qwen-xml',
    S,
    '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>',
    [
      [
        'test_types',
        { int_param: 42, float_param: 3.14, bool_param: true, str_param: 'hello world', obj_param: { key: 'value' } },
      ],
    ],
  );
  add('qwen-xml', S, 'This is a test response without any tool calls', 'none', {
    tools: ['get_current_weather', 'calculate_area'],
  });
  add(
    'qwen-xml',
    'PrimeIntellect-ai/renderers#47',
    '<function=filesystem_server_get_directory_tree>\n<parameter=path>/</parameter>\n<parameter=max_depth>2</parameter>\n<parameter=include_files>True</parameter>\n<parameter=show_size>True</parameter>\n</function>',
    [['filesystem_server_get_directory_tree', { path: '/', max_depth: 2, include_files: true, show_size: true }]],
  );
  add(
    'qwen-xml',
    'modelscope/ms-swift#9968',
    '<tool_call>\n<function=configure>\n<parameter=enabled>\nTrue\n</parameter>\n<parameter=optional>\nNone\n</parameter>\n</function>\n</tool_call>',
    [['configure', { enabled: true, optional: null }]],
    { derived: 'the PR quotes the two parameters; wrapped in the tool_call/function envelope of the same template' },
  );
}

// ── DeepSeek V3 / R1 special tokens ─────────────────────────────────────
{
  const S = 'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_deepseekv3_tool_parser.py';
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['get_weather', { city: 'Tokyo', unit: 'celsius' }]],
  );
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>search_hotels\n```json\n{"location": "Tokyo", "check_in": "2025-01-15"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [
      ['get_weather', { city: 'Tokyo', unit: 'celsius' }],
      ['search_hotels', { location: 'Tokyo', check_in: '2025-01-15' }],
    ],
  );
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>test_function\n```json\n{"string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": true, "null_field": null, "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}, "empty_array": [], "empty_object": {}}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: { nested: 'value' },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  );
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_time\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['get_current_time', {}]],
  );
  add(
    'deepseek',
    S,
    'Let me check the weather for you.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['get_weather', { city: 'Paris' }]],
  );
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>send_message\n```json\n{"text": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file", "newline": "line1\\nline2"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['send_message', { text: 'He said "hello"', path: 'C:\\Users\\file', newline: 'line1\nline2' }]],
  );
  add(
    'deepseek',
    S,
    '<｜tool▁calls▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"}\n```<｜tool▁calls▁end｜>',
    [['get_weather', { city: 'Tokyo' }]],
  );
  add('deepseek', S, 'How can I help you today? I can check weather for you.', 'none', { tools: ['get_weather'] });
  add(
    'deepseek',
    'google/adk-python#5654',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>analysis_input\n```json\n{"work_dir_name":"..."}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['analysis_input', { work_dir_name: '...' }]],
  );
  add(
    'deepseek',
    'tenstorrent/tt-inference-server#3683',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```\njson\n{"location":"San Francisco"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['get_weather', { location: 'San Francisco' }]],
    { derived: 'the issue reports ``` and json arriving as separate tokens, leaving "json\\n" before the object' },
  );
}

// ── pythonic (Llama 3.2/4, vLLM pythonic parser) ───────────────────────
{
  const S = 'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py';
  const SIMPLE = "get_weather(city='San Francisco', metric='celsius')";
  const MORE =
    "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
  const MORE_ARGS = {
    name: 'John Doe',
    age: 37,
    address: { city: 'San Francisco', state: 'CA' },
    role: null,
    passed_test: true,
    aliases: ['John', 'Johnny'],
  };
  add('pythonic', S, `[${SIMPLE}]`, [['get_weather', { city: 'San Francisco', metric: 'celsius' }]]);
  add('pythonic', S, `[${MORE}]`, [['register_user', MORE_ARGS]]);
  add('pythonic', S, '[get_weather()]', [['get_weather', {}]]);
  add('pythonic', S, '[do_something_cool(additional_data={})]', [['do_something_cool', { additional_data: {} }]]);
  add('pythonic', S, '[do_something_cool(steps=[])]', [['do_something_cool', { steps: [] }]]);
  add('pythonic', S, String.raw`[get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')]`, [
    ['get_weather', { city: "Martha's Vineyard", metric: '"cool units"' }],
  ]);
  add('pythonic', S, `[${SIMPLE}, ${MORE}]`, [
    ['get_weather', { city: 'San Francisco', metric: 'celsius' }],
    ['register_user', MORE_ARGS],
  ]);
  add('pythonic', S, 'How can I help you today?', 'none', { tools: ['get_weather', 'register_user'] });
  add(
    'pythonic',
    S,
    "[get_weather(city='San Francisco', metric='celsius'), get_weather(), do_something_cool(steps=[])]",
    [
      ['get_weather', { city: 'San Francisco', metric: 'celsius' }],
      ['get_weather', {}],
      ['do_something_cool', { steps: [] }],
    ],
  );
}

// ── Gemma 4 call:NAME{…<|"|>…} and Gemma 3 tool_code ───────────────────
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_gemma4_tool_parser.py';
  add('gemma', S, '<|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|>', [
    ['get_weather', { location: 'London' }],
  ]);
  add('gemma', S, '<|tool_call>call:get_weather{location:<|"|>San Francisco<|"|>,unit:<|"|>celsius<|"|>}<tool_call|>', [
    ['get_weather', { location: 'San Francisco', unit: 'celsius' }],
  ]);
  add(
    'gemma',
    S,
    'Let me check the weather for you. <|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>',
    [['get_weather', { location: 'Paris' }]],
  );
  add(
    'gemma',
    S,
    '<|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|><|tool_call>call:get_time{location:<|"|>London<|"|>}<tool_call|>',
    [
      ['get_weather', { location: 'London' }],
      ['get_time', { location: 'London' }],
    ],
  );
  add(
    'gemma',
    S,
    '<|tool_call>call:complex_function{nested:{inner:<|"|>value<|"|>},list:[<|"|>a<|"|>,<|"|>b<|"|>]}<tool_call|>',
    [['complex_function', { nested: { inner: 'value' }, list: ['a', 'b'] }]],
  );
  add('gemma', S, '<|tool_call>call:set_status{is_active:true,count:42,score:3.14}<tool_call|>', [
    ['set_status', { is_active: true, count: 42, score: 3.14 }],
  ]);
  add('gemma', S, '<|tool_call>call:get_weather{location:<|"|>London', 'none', { tools: ['get_weather'] });
  add('gemma', S, '<|tool_call>call:get-weather{location:<|"|>London<|"|>}<tool_call|>', [
    ['get-weather', { location: 'London' }],
  ]);
  add('gemma', S, '<|tool_call>call:weather.get{location:<|"|>London<|"|>}<tool_call|>', [
    ['weather.get', { location: 'London' }],
  ]);
  add('gemma', S, '<|tool_call>call:get_status{}<tool_call|>', [['get_status', {}]]);
  add(
    'gemma',
    S,
    '<|tool_call>call:update{record_map:{<|"|>3<|"|>:<|"|>new text<|"|>}}<tool_call|>',
    [['update', { record_map: { '3': 'new text' } }]],
    { derived: 'the test quotes the argument body record_map:{<|"|>3<|"|>:…}; wrapped in the call envelope' },
  );
  add('gemma', S, '<|tool_call>call:set_param{param:null}<tool_call|>', [['set_param', { param: null }]], {
    derived: 'argument body param:null from the test, in the call envelope',
  });
  add(
    'gemma',
    'ollama/ollama#15315',
    'call:grep{include:<|"|>*.py<|"|>,output_mode:<|"|>content<|"|>,path:<|"|>/data/robotics/experiment1<|"|>,pattern:\':\\s*\\w+\'<|"|>}',
    [['grep', { include: '*.py', output_mode: 'content', path: '/data/robotics/experiment1', pattern: ':\\s*\\w+' }]],
  );
  add('gemma', 'jundot/omlx#581', '<|tool_call>call:bash{command:"ls"}<tool_call|>', [['bash', { command: 'ls' }]]);
  add(
    'gemma',
    'vybestack/llxprt-code project-plans/multi-provider/08e-verify-text-tool-parsing.md',
    'Here is the result:\n[TOOL_REQUEST]\nlist_directory {"path": "/home"}\n[TOOL_REQUEST_END]',
    [['list_directory', { path: '/home' }]],
  );
}

// ── gpt-oss Harmony ─────────────────────────────────────────────────────
{
  add(
    'harmony',
    'kekzl/imp#1719',
    '<|channel|>analysis<|message|>We need to use the get_weather function. Provide city "Berlin".<|end|>\n<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Berlin"}',
    [['get_weather', { city: 'Berlin' }]],
  );
  add(
    'harmony',
    'ggml-org/llama.cpp#15158',
    '<|start|>assistant<|channel|>commentary to=functions.shell json<|message|>{"command":["ls","-la"]}<|call|>',
    [['shell', { command: ['ls', '-la'] }]],
    { derived: 'the PR quotes the header commentary to=functions.NAME json<|message|>{...}; with a shell call' },
  );
  add(
    'harmony',
    'ggml-org/llama.cpp#15158',
    '<|start|>assistant<|channel|>commentary to=functions.shelljson<|message|>{"command":["ls","-la"]}<|call|>',
    [['shell', { command: ['ls', '-la'] }]],
    { derived: 'the "glued json" variant the PR names (shelljson)' },
  );
}

// ── more Mistral: several calls, call followed by prose, no leading marker ──
{
  add(
    'mistral',
    'vllm-project/vllm#11097',
    '[TOOL_CALLS] [{"arguments": {"video_path": "/home/Desktop/vids/donald_fernando.mp4", "script": "Donald Drewski and Fernando Whitehall are having a conversation.", "base_img": "/home/stable_diffusion_output.jpg", "mp3_path": ""}, "name": "create_ai_video", "id": "fgGIFgbG4"}]\n\n[TOOL_CALLS] [{"arguments": {"content": "Donald Drewski and Fernando Whitehall are having a conversation.", "image_path": "/home/stable_diffusion_output.jpg", "video_path": "/home/Desktop/vids/donald_fernando.mp4"}, "name": "post_on_x", "id": "fgGIFgbG4"}]',
    [
      [
        'create_ai_video',
        {
          video_path: '/home/Desktop/vids/donald_fernando.mp4',
          script: 'Donald Drewski and Fernando Whitehall are having a conversation.',
          base_img: '/home/stable_diffusion_output.jpg',
          mp3_path: '',
        },
      ],
      [
        'post_on_x',
        {
          content: 'Donald Drewski and Fernando Whitehall are having a conversation.',
          image_path: '/home/stable_diffusion_output.jpg',
          video_path: '/home/Desktop/vids/donald_fernando.mp4',
        },
      ],
    ],
  );
  add(
    'mistral',
    'vllm-project/vllm#5649',
    "[TOOL_CALLS][{'name': 'get_current_weather', 'arguments': {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}}, {'name': 'get_current_weather', 'arguments': {'city': 'San Francisco', 'state': 'CA', 'unit': 'fahrenheit'}}]$$ In order to execute these functions, I need to provide the current weather API. Let me find the data for you.\n\nIn Dallas, Texas, the temperature is currently 89°F.",
    [
      ['get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' }],
      ['get_current_weather', { city: 'San Francisco', state: 'CA', unit: 'fahrenheit' }],
    ],
  );
  add(
    'mistral',
    'ml-explore/mlx-lm#1448',
    'get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[ARGS]{"city": "Tokyo"}',
    [
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
    ],
  );
  add('mistral', 'ml-explore/mlx-lm#1448', 'grep[ARGS]{"pattern": "TODO"}\n\nLet me search for that.', [
    ['grep', { pattern: 'TODO' }],
  ]);
  add('mistral', 'ml-explore/mlx-lm#1374', '[{"name": "calculator", "arguments": {"expression": "2+3"}}]', [
    ['calculator', { expression: '2+3' }],
  ]);
  add('mistral', 'ml-explore/mlx-lm#1374', 'calculator[ARGS]{"expression": "2+3"}', [
    ['calculator', { expression: '2+3' }],
  ]);
  add(
    'mistral',
    'ml-explore/mlx-lm#1374',
    '[TOOL_CALLS] [{"name": "calculator", "arguments": {"expression": "2+3"}}]',
    [['calculator', { expression: '2+3' }]],
  );
  add(
    'mistral',
    'vllm-project/vllm#48318',
    'I will help.[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}',
    [
      ['add', { a: 3.5, b: 4 }],
      ['multiply', { a: 3, b: 6 }],
    ],
  );
  add(
    'mistral',
    'ml-explore/mlx-lm#1394',
    '[TOOL_CALLS] [{"name": "calculator", "arguments": "{\\"expression\\": \\"2+3\\"}", "id": "abc123def"}]',
    [['calculator', { expression: '2+3' }]],
    { derived: 'the PR adds the form where templates render arguments as a JSON string and keep the id' },
  );
}

// ── DeepSeek V3.1 (name<｜tool▁sep｜>{json}) ─────────────────────────────
{
  const S = 'vllm-project/vllm tests/tool_use/test_deepseekv31_tool_parser.py';
  add(
    'deepseek',
    S,
    'normal text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['foo', { x: 1 }]],
  );
  add(
    'deepseek',
    S,
    'some prefix text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁call▁begin｜>bar<｜tool▁sep｜>{"y":2}<｜tool▁call▁end｜><｜tool▁calls▁end｜> some suffix text',
    [
      ['foo', { x: 1 }],
      ['bar', { y: 2 }],
    ],
  );
  add(
    'deepseek',
    'tenstorrent/tt-inference-server#3683',
    '<|tool_calls_begin|><|tool_call_begin|>get_weather<|tool_sep|>{"location":"San Francisco"}<|tool_call_end|><|tool_calls_end|>',
    [['get_weather', { location: 'San Francisco' }]],
    {
      derived: 'the issue quotes the tokens as <|tool_calls_begin|> (ASCII bars and underscores) leaking into content',
    },
  );
}

// ── Hermes <tool_call> quirks ───────────────────────────────────────────
{
  add(
    'hermes',
    'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_hermes_tool_parser.py',
    '好的，用户现在要研发一个5MW的燃气轮机，需要确定总体参数。\n</think>\n\n<tool_call>\n{"name": "internet_search", "arguments": {"question": "5MW燃气轮机设计参数 空气流量 压气机压比 转速 燃烧室出口温度 压气机级数 支点布局"}}\n</tool_call>\n\n ',
    [
      [
        'internet_search',
        { question: '5MW燃气轮机设计参数 空气流量 压气机压比 转速 燃烧室出口温度 压气机级数 支点布局' },
      ],
    ],
    {
      derived:
        "the fixture's long reasoning shortened to its first sentence; the closing </think> without an opening tag is kept",
    },
  );
  add(
    'hermes',
    'minpeter/ai-sdk-tool-call-middleware#297',
    '<tool_call>{"name":"bash","arguments":{"cmd":"echo </tool_call> test"}}</tool_call>',
    [['bash', { cmd: 'echo </tool_call> test' }]],
  );
  add(
    'hermes',
    'ahwurm/localharness#104',
    '<tool_call>{"name": "write_file", "parameters": {"path": "a.txt", "content": "hello"}}</tool_call>',
    [['write_file', { path: 'a.txt', content: 'hello' }]],
  );
  add(
    'hermes',
    'NousResearch/atropos#478',
    '<tool_call>{"name": "web_search", "arguments": {"query": "what\'s the weather"}}</tool_call>',
    [['web_search', { query: "what's the weather" }]],
  );
  add(
    'hermes',
    'ollama/ollama#18357',
    '<tool_call>\n{"name": "ha_call_service", "args": {"action": "turn_off", "device_id": "light.salon"}}\n</tool_call>',
    [['ha_call_service', { action: 'turn_off', device_id: 'light.salon' }]],
  );
  add(
    'hermes',
    'ollama/ollama#9680',
    '<tool>\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n</tool>',
    [['get_weather', { city: 'Paris' }]],
    {
      derived:
        'the gemma3-tools template quoted in the issue teaches <tool>{"name": …, "parameters": {…}}</tool>; filled with one call',
    },
  );
}

// ── bracket styles, ReAct ───────────────────────────────────────────────
{
  add('bracket-react', 'waybarrios/vllm-mlx#146', '[read({"file_path": "/some/path"})]', [
    ['read', { file_path: '/some/path' }],
  ]);
  add(
    'bracket-react',
    'waybarrios/vllm-mlx#15',
    '[Calling tool: searchReddit({"query": "SaaS pricing"})]',
    [['searchReddit', { query: 'SaaS pricing' }]],
    {
      derived:
        'the PR names the Qwen3 bracket shape [Calling tool: function_name({"arg": "value"})] for its searchReddit request',
    },
  );
  add(
    'bracket-react',
    'vybestack/llxprt-code project-plans/multi-provider/08d-implement-text-tool-parsing.md',
    '[TOOL_REQUEST]\ntool_name {"param1":"value1"}\n[TOOL_REQUEST_END]',
    [['tool_name', { param1: 'value1' }]],
  );
}

// ── arguments strings that are not valid JSON ───────────────────────────
{
  add(
    'arguments',
    'OpenHands/software-agent-sdk#2488',
    '{"command": "view", "path": "/workspace/django/query.py", "view_range": \\n[2142, 2250]\\n\\n}',
    [['(arguments)', { command: 'view', path: '/workspace/django/query.py', view_range: [2142, 2250] }]],
  );
  add('arguments', 'NousResearch/hermes-agent#36271', '{"path": "a.py", "content": "env.get("KEY", "default")"}', [
    ['(arguments)', { path: 'a.py', content: 'env.get("KEY", "default")' }],
  ]);
  add(
    'arguments',
    'QwenLM/qwen-code#288',
    '{"paths": [\'app.py\', "utils.py"]}',
    [['(arguments)', { paths: ['app.py', 'utils.py'] }]],
    { derived: 'the error quotes the start "paths": [\'app.py\', "…; completed with a second path' },
  );
  add(
    'arguments',
    'mistralai/mistral-vibe#216',
    '{"path": "C:\\Users\\me\\notes.txt"}',
    [['(arguments)', { path: 'C:\\Users\\me\\notes.txt' }]],
    { derived: 'the PR reports Windows paths like C:\\Users with unescaped backslashes' },
  );
}

// ── more Harmony (ai-dynamo/dynamo harmony parser tests, vLLM, llama.cpp) ──
{
  const D = 'ai-dynamo/dynamo lib/parsers/src/tool_calling/harmony/harmony_parser.rs';
  add(
    'harmony',
    D,
    '<|channel|>analysis<|message|>Need to use function get_current_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location":"San Francisco", "unit":"fahrenheit"}<|call|>',
    [['get_current_weather', { location: 'San Francisco', unit: 'fahrenheit' }]],
  );
  add(
    'harmony',
    D,
    '<|channel|>analysis<|message|>Need to use function get_current_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>',
    [['get_current_weather', { location: 'San Francisco' }]],
  );
  add(
    'harmony',
    D,
    '<|start|>assistant<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":1}<|call|><|start|>assistant<|channel|>commentary to=functions.b <|constrain|>json<|message|>{"y":2}<|call|>',
    [
      ['a', { x: 1 }],
      ['b', { y: 2 }],
    ],
  );
  add(
    'harmony',
    D,
    '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"NYC"}',
    [['get_weather', { location: 'NYC' }]],
  );
  add(
    'harmony',
    D,
    'PREFIX <|start|>assistant<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":1}<|call|> SUFFIX',
    [['a', { x: 1 }]],
  );
  add(
    'harmony',
    D,
    '<|channel|>analysis<|message|>We need to call get_weather function. The user asks "What\'s the weather like in San Francisco in Celsius?" So location: "San Francisco, CA" unit: "celsius". Let\'s call function.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco, CA","unit":"celsius"}',
    [['get_weather', { location: 'San Francisco, CA', unit: 'celsius' }]],
  );
  add(
    'harmony',
    D,
    '<|channel|>analysis<|message|>Need to use function get_current_weather.<|end|><|message|>{"location":"San Francisco"}<|call|>',
    'none',
    { tools: ['get_current_weather'] },
  );
  add(
    'harmony',
    D,
    '<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json',
    'none',
    { tools: ['get_current_weather'] },
  );
  add(
    'harmony',
    'lablup/mlxcel#654',
    '<|channel|>analysis<|message|>User wants to read /etc/hosts. Use read_file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path":"/etc/hosts"}<|call|>',
    [['read_file', { path: '/etc/hosts' }]],
    {
      derived:
        'the issue quotes the leak <|channel|>analysis<|message|>…<|start|>assistant<|channel|>commentary to=functions.read_file … for its read_file request; completed with the path it asked for',
    },
  );
  add(
    'harmony',
    'kekzl/imp#1719',
    'analysisWe need to use the get_weather function. Provide city "Berlin".assistantcommentary to=functions.get_weather json{"city":"Berlin"}',
    [['get_weather', { city: 'Berlin' }]],
    {
      derived:
        'the quoted output with its special tokens dropped, as a server decoding with skip_special_tokens=true returns it',
    },
  );
  add(
    'harmony',
    'kekzl/imp#1719',
    'We need to use the get_weather function. Provide city "Berlin". commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Berlin"}',
    [['get_weather', { city: 'Berlin' }]],
    { derived: 'the quoted output with <|channel|>, <|start|> and <|end|> stripped, <|constrain|>/<|message|> kept' },
  );
  add(
    'harmony',
    'vllm-project/vllm#25514',
    '<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>{"query":"how to reset the password"}<|call|>',
    [['search_docs', { query: 'how to reset the password' }]],
    { derived: 'the PR streams a {"query":"how to …"} call of gpt-oss-20b; the same call as non-streamed raw text' },
  );
  add(
    'harmony',
    'huggingface/transformers#40620',
    '<|channel|>analysis<|message|>Need to call get_weather for Paris.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather json<|message|>{"location":"Paris"}<|call|>',
    [['get_weather', { location: 'Paris' }]],
    { derived: 'the issue shows the analysis channel leaking ("Need to call …") before the tool call of gpt-oss-20b' },
  );
  add(
    'harmony',
    'ggml-org/llama.cpp#15158',
    '<|start|>assistant<|channel|>final<|message|>The files are listed above.<|return|>',
    'none',
    { tools: ['shell'] },
  );
  add(
    'harmony',
    'lablup/mlxcel#654',
    '<|channel|>analysis<|message|>I should call read_file with path /etc/hosts and then summarize.',
    'none',
    { tools: ['read_file'] },
  );
}

// ── sglang pythonic / Llama 4 <|python_start|> ───────────────────────────
{
  const S = 'sgl-project/sglang test/srt/test_function_call_parser.py';
  const T = ['get_weather', 'search'];
  add(
    'pythonic',
    S,
    "Here's a tool call: [get_weather(location='New York', unit='celsius')]",
    [['get_weather', { location: 'New York', unit: 'celsius' }]],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "This is some text before [get_weather(location='London')]",
    [['get_weather', { location: 'London' }]],
    { tools: T },
  );
  add('pythonic', S, "[search(query='python programming')]", [['search', { query: 'python programming' }]], {
    tools: T,
  });
  add('pythonic', S, "[get_weather(location='Tokyo')] Here's the forecast:", [['get_weather', { location: 'Tokyo' }]], {
    tools: T,
  });
  add(
    'pythonic',
    S,
    "[get_weather(location='Berlin')] and [search(query='restaurants')]",
    [
      ['get_weather', { location: 'Berlin' }],
      ['search', { query: 'restaurants' }],
    ],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "[get_weather(location='New York', unit='celsius', data=[1, 2, 3])]",
    [['get_weather', { location: 'New York', unit: 'celsius', data: [1, 2, 3] }]],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "[search(query='test', config={'options': [1, 2], 'nested': {'key': 'value'}})]",
    [['search', { query: 'test', config: { options: [1, 2], nested: { key: 'value' } } }]],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "[get_weather(location='Paris', data=[10, 20]), search(query='test', filters=['a', 'b'])]",
    [
      ['get_weather', { location: 'Paris', data: [10, 20] }],
      ['search', { query: 'test', filters: ['a', 'b'] }],
    ],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "Here's a call: <|python_start|>[get_weather(location='Tokyo', data=[1, 2, 3])]<|python_end|>",
    [['get_weather', { location: 'Tokyo', data: [1, 2, 3] }]],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "User wants to get the weather in Mars. <|python_start|>[get_weather(location='Mars', unit='celsius')]<|python_end|> In this way we will get the weather in Mars.",
    [['get_weather', { location: 'Mars', unit: 'celsius' }]],
    { tools: T },
  );
  add('pythonic', S, 'This is just normal text without any tool calls.', 'none', { tools: T });
  add('pythonic', S, 'Let me check the weather: [get_weather(location=', 'none', { tools: T });
  add('pythonic', S, "Here's a call: [get_weather(location='Tokyo', data=[1, 2", 'none', { tools: T });
  add('pythonic', S, "Let's try this: [", 'none', { tools: T });
}

// ── sglang Mistral ──────────────────────────────────────────────────────
{
  const S = 'sgl-project/sglang test/srt/test_function_call_parser.py';
  const T = ['make_next_step_decision'];
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"","content":"```\\nTOOL: Access a weather API or service\\nOBSERVATION: Retrieve the current weather data for the top 5 populated cities in the US\\nANSWER: The weather in the top 5 populated cities in the US is as follows: [City Name] - [Weather Conditions] - [Temperature]\\n```"}}]',
    [
      [
        'make_next_step_decision',
        {
          decision: '',
          content:
            '```\nTOOL: Access a weather API or service\nOBSERVATION: Retrieve the current weather data for the top 5 populated cities in the US\nANSWER: The weather in the top 5 populated cities in the US is as follows: [City Name] - [Weather Conditions] - [Temperature]\n```',
        },
      ],
    ],
    { tools: T },
  );
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"TOOL", "content":"Use weather API"}}]',
    [['make_next_step_decision', { decision: 'TOOL', content: 'Use weather API' }]],
    { tools: T },
  );
  add(
    'mistral',
    S,
    'Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"ANSWER", "content":"The answer is 42"}}]',
    [['make_next_step_decision', { decision: 'ANSWER', content: 'The answer is 42' }]],
    { tools: T },
  );
  add('mistral', S, 'This is just normal text without any tool calls.', 'none', { tools: T, family: 'no-call' });
}

// ── DeepSeek V3.2 / V4 DSML (llama.cpp tests/test-chat.cpp) ─────────────
{
  const S = 'ggml-org/llama.cpp tests/test-chat.cpp';
  const dsml = (block: string, invokes: string) => `<｜DSML｜${block}>\n${invokes}</｜DSML｜${block}>`;
  const inv = (name: string, params: string) => `<｜DSML｜invoke name="${name}">\n${params}</｜DSML｜invoke>\n`;
  const par = (name: string, string: boolean, value: string) =>
    `<｜DSML｜parameter name="${name}" string="${string}">${value}</｜DSML｜parameter>\n`;
  add(
    'deepseek',
    S,
    'Thinking about it</think>Let me call the function.\n\n' +
      dsml('function_calls', inv('special_function', par('arg1', false, '1'))),
    [['special_function', { arg1: 1 }]],
  );
  add('deepseek', S, 'Test negative</think>\n\n' + dsml('function_calls', inv('magic_int', par('ref', false, '-14'))), [
    ['magic_int', { ref: -14 }],
  ]);
  add('deepseek', S, 'Test decimal</think>\n\n' + dsml('function_calls', inv('amount', par('orig', false, '3.14'))), [
    ['amount', { orig: 3.14 }],
  ]);
  add(
    'deepseek',
    S,
    'Test boolean</think>\n\n' + dsml('function_calls', inv('toggle', par('enabled', false, 'true'))),
    [['toggle', { enabled: true }]],
  );
  add(
    'deepseek',
    S,
    'Test array</think>\n\n' + dsml('function_calls', inv('todo_list', par('todos', false, '["buy milk","walk dog"]'))),
    [['todo_list', { todos: ['buy milk', 'walk dog'] }]],
  );
  add(
    'deepseek',
    S,
    'Test object</think>\n\n' +
      dsml('function_calls', inv('set_config', par('config', false, '{"theme":"dark","level":2}'))),
    [['set_config', { config: { theme: 'dark', level: 2 } }]],
  );
  add('deepseek', S, '</think>\n\n' + dsml('function_calls', inv('get_time', par('city', true, 'XYZCITY'))), [
    ['get_time', { city: 'XYZCITY' }],
  ]);
  add(
    'deepseek',
    S,
    'Multi-arg call</think>\n\n' +
      dsml('function_calls', inv('magic_int', par('ref', false, '42') + par('name', true, 'foo bar'))),
    [['magic_int', { ref: 42, name: 'foo bar' }]],
  );
  add(
    'deepseek',
    S,
    'Let me check the time</think>\n\n' + dsml('tool_calls', inv('get_time', par('city', true, 'Tokyo'))),
    [['get_time', { city: 'Tokyo' }]],
  );
  add(
    'deepseek',
    S,
    'Calling both</think>\n\n' +
      dsml('tool_calls', inv('get_time', par('city', true, 'Paris')) + inv('get_weather', par('city', true, 'Paris'))),
    [
      ['get_time', { city: 'Paris' }],
      ['get_weather', { city: 'Paris' }],
    ],
  );
  add('deepseek', S, 'Let me check the time\n\n' + dsml('tool_calls', inv('get_time', par('city', true, 'Tokyo'))), [
    ['get_time', { city: 'Tokyo' }],
  ]);
}

// ── tokenizer artefacts: stray end tokens, SentencePiece ▁ ──────────────
{
  add(
    'tokenizer',
    'ml-explore/mlx-lm#1335',
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</tool_call>',
    [['get_weather', { city: 'Tokyo' }]],
  );
  add('tokenizer', 'ai-dynamo/dynamo#10115', '[{"name": "get_weather", "arguments": {"location": "NYC"}}]</TOOLCALL>', [
    ['get_weather', { location: 'NYC' }],
  ]);
  add('tokenizer', 'ai-dynamo/dynamo#10115', '<TOOLCALL>[{"name":"get_weather","arguments":{"loc', 'none', {
    tools: ['get_weather'],
  });
  add('tokenizer', 'ai-dynamo/dynamo#10115', '<TOOLCALL>not a json array</TOOLCALL>', 'none', {
    tools: ['get_weather'],
  });
  add('tokenizer', 'ai-dynamo/dynamo#10344', 'The capital of France is Paris.<|im_end|>', 'none', {
    tools: ['get_weather'],
  });
  add(
    'tokenizer',
    'huggingface/transformers#42249',
    '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris"}}\n</tool_call><|im_end|>',
    [['get_weather', { location: 'Paris' }]],
    { derived: 'the issue reports parse_response keeping the EOS <|im_end|> after the tool call of Qwen3-0.6B' },
  );
  add(
    'tokenizer',
    'meta-llama/llama-models#44',
    '{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|>',
    [['get_weather', { city: 'Paris' }]],
    { derived: 'a Llama 3.1 JSON call with the end-of-turn token the thread explains left in the text' },
  );
  add(
    'tokenizer',
    'ggml-org/llama.cpp#22371',
    'Reminder: the literal token <|tool_call>call: marks a call. <|tool_call>call:get_time{city:<|"|>Paris<|"|>}<tool_call|>',
    [['get_time', { city: 'Paris' }]],
    { derived: "the issue's request: a sentence that quotes <|tool_call>call: and then the get_time call for Paris" },
  );
  add(
    'tokenizer',
    'ml-explore/mlx-lm#1335',
    '<tool_call>\n{"name":▁"get_weather",▁"arguments":▁{"city":▁"Tokyo"}}\n</tool_call>',
    [['get_weather', { city: 'Tokyo' }]],
    {
      derived:
        'the quoted call as SentencePiece pieces, ▁ for each space (a server returning pieces, not detokenized text)',
    },
  );
  add(
    'tokenizer',
    'vllm-project/vllm tests/tool_use/test_mistral_tool_parser.py',
    '[TOOL_CALLS]▁[{"name":▁"get_current_weather",▁"arguments":{"city":▁"San▁Francisco",▁"state":▁"CA",▁"unit":▁"celsius"}}]',
    [['get_current_weather', { city: 'San Francisco', state: 'CA', unit: 'celsius' }]],
    { derived: 'the fixture as SentencePiece pieces (Mistral v0.3 tokenizer), ▁ for spaces' },
  );
  add(
    'tokenizer',
    'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_pythonic_tool_parser.py',
    "[get_weather(city='San▁Francisco',▁metric='celsius')]",
    [['get_weather', { city: 'San Francisco', metric: 'celsius' }]],
    { derived: 'the fixture as SentencePiece pieces, ▁ for spaces' },
  );
  add('tokenizer', 'ai-dynamo/dynamo#10344', 'I▁can▁help▁with▁that.▁What▁city?<|im_end|>', 'none', {
    tools: ['get_weather'],
    derived: 'a plain answer as pieces with the EOS the PR shows leaking',
  });
}

// ── Hermes: more quirks ─────────────────────────────────────────────────
{
  add(
    'hermes',
    'vllm-project/vllm#45167',
    '<tool_call>\n{"name": "write_file", "arguments": {"path": "notes.md", "content": "Wrap each call in <tool_call></tool_call> tags."}}\n</tool_call>',
    [['write_file', { path: 'notes.md', content: 'Wrap each call in <tool_call></tool_call> tags.' }]],
    { derived: "the issue's case: a file-writing call whose content quotes the literal </tool_call>" },
  );
  add(
    'hermes',
    'sgl-project/sglang test/srt/test_function_call_parser.py',
    '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_tourist_attractions", "arguments": {"city": "London"}}</tool_call>',
    [
      ['get_weather', { city: 'Paris' }],
      ['get_tourist_attractions', { city: 'London' }],
    ],
  );
  add(
    'hermes',
    'ahwurm/localharness#104',
    '<tool_call>{"name": "Write File", "parameters": {"path": "a.txt", "content": "hello"}}</tool_call>',
    [['write_file', { path: 'a.txt', content: 'hello' }]],
    {
      tools: ['write_file'],
      derived: "the issue's call with the tool name written with a space and capitals, as small models do",
    },
  );
  add(
    'hermes',
    'ai-dynamo/dynamo lib/parsers/src/tool_calling/test_cases/fixtures/hermes.rs',
    '<tool_call>{"name":"get_weather","arguments":{"location":"NYC"}}\n',
    [['get_weather', { location: 'NYC' }]],
  );
  add(
    'hermes',
    'NousResearch/hermes-agent#13480',
    '<tool_call>\n{"name": "write_file", "arguments": {"path": "guide.md", "content": "# Hermes Agent Guide: Building and Maintaining a 4-Profile Team\\n\\n## The Mental Model — Roles, N',
    'none',
    { tools: ['write_file'] },
  );
}

// ════ held-out batch: added after the parser changes above, measured before any further change ════

// ── Llama 3 JSON (vLLM llama3_json parser tests) ────────────────────────
{
  const S = 'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama3_json_tool_parser.py';
  const T = ['getOpenIncidentsTool', 'searchTool', 'complexTool', 'simpleTool', 'parserTool'];
  add(
    'llama-json',
    S,
    'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
    [['getOpenIncidentsTool', {}]],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}',
    [['searchTool', { query: 'test query', limit: 10 }]],
    { tools: T },
  );
  add('llama-json', S, 'This is just some text without any tool calls', 'none', { tools: T, family: 'no-call' });
  add('llama-json', S, '{"name": "searchTool", "arguments": {"query": "test"}}', [['searchTool', { query: 'test' }]], {
    tools: T,
  });
  add(
    'llama-json',
    S,
    '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
    [
      ['searchTool', { query: 'test1' }],
      ['getOpenIncidentsTool', {}],
      ['searchTool', { query: 'test2' }],
    ],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "searchTool", "parameters": {"query": "test1"}} ; {"name": "getOpenIncidentsTool", "parameters": {}} ; {"name": "searchTool", "parameters": {"query": "test2"}}',
    [
      ['searchTool', { query: 'test1' }],
      ['getOpenIncidentsTool', {}],
      ['searchTool', { query: 'test2' }],
    ],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    'Here are the results: {"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}} Would you like to know more?',
    [
      ['searchTool', { query: 'test1' }],
      ['getOpenIncidentsTool', {}],
      ['searchTool', { query: 'test2' }],
    ],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
    [['complexTool', { level1: { level2: { level3: { level4: { value: 'deep' } } } } }]],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "simpleTool", "parameters": {"value": "test"}}; {"name": "complexTool", "parameters": {"config": {"database": {"connection": {"pool": {"size": 10}}}}}}',
    [
      ['simpleTool', { value: 'test' }],
      ['complexTool', { config: { database: { connection: { pool: { size: 10 } } } } }],
    ],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
    [['searchTool', { query: 'test {value} [complex]', nested: { inner: 'more {brackets}' } }]],
    { tools: T },
  );
  add(
    'llama-json',
    S,
    '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
    [['parserTool', { text: 'He said "Hello {world}"' }]],
    { tools: T },
  );
  add(
    'llama-json',
    'vllm-project/vllm#28219',
    '{"name": "get_weather", "parameters": {"location": "San Francisco"}}',
    [['get_weather', { location: 'San Francisco' }]],
    {
      derived:
        'the issue reports DeepSeek-R1-Distill-Llama-8B writing the llama3_json call as content; a weather call in that shape',
    },
  );
}

// ── Llama 4 pythonic (vLLM llama4_pythonic parser tests) ─────────────────
{
  const S = 'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama4_pythonic_tool_parser.py';
  const T = ['get_weather', 'register_user', 'do_something_cool'];
  add('pythonic', S, "[get_weather(city='LA', metric='C')]", [['get_weather', { city: 'LA', metric: 'C' }]], {
    tools: T,
  });
  add(
    'pythonic',
    S,
    "[register_user(name='Doe', age=9, address={'city': 'LA', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]",
    [
      [
        'register_user',
        {
          name: 'Doe',
          age: 9,
          address: { city: 'LA', state: 'CA' },
          role: null,
          passed_test: true,
          aliases: ['John', 'Johnny'],
        },
      ],
    ],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]",
    [
      ['get_weather', { city: 'LA', metric: 'C' }],
      ['register_user', { name: 'Doe', age: 9 }],
    ],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>",
    [['get_weather', { city: 'LA', metric: 'C' }]],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "<|python_start|>[get_weather(city='LA', metric='C'),register_user(name='Doe', age=9)]",
    [
      ['get_weather', { city: 'LA', metric: 'C' }],
      ['register_user', { name: 'Doe', age: 9 }],
    ],
    { tools: T },
  );
  add(
    'pythonic',
    S,
    "<|python_start|>[get_weather(city='LA', metric='C'), get_weather(), do_something_cool(steps=[])]<|python_end|>",
    [
      ['get_weather', { city: 'LA', metric: 'C' }],
      ['get_weather', {}],
      ['do_something_cool', { steps: [] }],
    ],
    { tools: T },
  );
  add('pythonic', S, 'hello world[A(A=\t)A(A=,\t\t)A(A=,\t', 'none', { tools: T });
  add(
    'pythonic',
    'https://ai.google.dev/gemma/docs/capabilities/function-calling',
    '[get_product_name_by_PID(PID="807ZPKBL9V")]',
    [['get_product_name_by_PID', { PID: '807ZPKBL9V' }]],
  );
}

// ── Gemma 3 tool_code and more Gemma 4 ──────────────────────────────────
{
  const G = 'https://ai.google.dev/gemma/docs/capabilities/function-calling';
  add(
    'gemma',
    G,
    '```tool_code\nprint(get_product_name_by_PID(PID="807ZPKBL9V"))\n```',
    [['get_product_name_by_PID', { PID: '807ZPKBL9V' }]],
    {
      derived:
        "the guide's call in the ```tool_code``` block Gemma 3 writes when prompted with the Python-block convention",
    },
  );
  add(
    'gemma',
    'ollama/ollama#9680',
    '```tool_code\nget_current_weather(location="London", unit="celsius")\n```',
    [['get_current_weather', { location: 'London', unit: 'celsius' }]],
    { derived: "the thread's gemma3 templates; a weather call in the ```tool_code``` block" },
  );
  add(
    'gemma',
    'waybarrios/vllm-mlx#267',
    '<|tool_call>call:get_weather{<|"|>location<|"|>:<|"|>Tokyo<|"|>}<tool_call|>',
    [['get_weather', { location: 'Tokyo' }]],
    { derived: 'the PR names the quoted-key form call:name{<|"|>key<|"|>:val}' },
  );
  add(
    'gemma',
    'waybarrios/vllm-mlx#267',
    '<think>The user wants Tokyo weather.</think><|tool_call>call:get_weather{location:<|"|>Tokyo, {Japan}<|"|>}<tool_call|>',
    [['get_weather', { location: 'Tokyo, {Japan}' }]],
    { derived: 'the PR tests braces inside strings and think-tag stripping' },
  );
  add(
    'gemma',
    'NousResearch/hermes-agent#7449',
    '<|tool_call>call:kanban_complete{\n  metadata:{priority:<|"|>high<|"|>,labels:[<|"|>infra<|"|>,<|"|>ci<|"|>]}\n}<tool_call|>',
    [['kanban_complete', { metadata: { priority: 'high', labels: ['infra', 'ci'] } }]],
    {
      derived:
        'the comment reports brace-syntax args with nested bare-key objects (call:kanban_complete{ metad…); completed with a nested object and list',
    },
  );
  add(
    'gemma',
    'ollama/ollama#18471',
    'call:get_weather{location:<|"|>Paris<|"|>}',
    [['get_weather', { location: 'Paris' }]],
    { derived: 'the JSON-like call:<name>{…} format the PR keeps, without the special tokens' },
  );
  add(
    'gemma',
    'dogkeeper886/ollama37#43',
    '<start_function_call>call:get_weather{city:<escape>NYC<escape>}<end_function_call>',
    [['get_weather', { city: 'NYC' }]],
  );
  add(
    'gemma',
    'dogkeeper886/ollama37#43',
    'I will call a function<start_function_call>call:get_weather{param:<escape>value<escape>}<end_function_call>\n\nI will call another function<start_function_call>call:get_time{}<end_function_call>',
    [
      ['get_weather', { param: 'value' }],
      ['get_time', {}],
    ],
    {
      derived:
        'the FunctionGemma escape-delimited format of the issue, two calls with prose as in FunctionGemma parser tests',
    },
  );
  add(
    'gemma',
    'ollama/ollama#15315',
    "call:write{content:\n\n# Project Style Guide for Autonomous Agents' Code Generation (AGENTS.md)\n\nThis document captures the *de facto* coding standards observed across the `src/` and `components/` source code",
    'none',
    { tools: ['write'] },
  );
}

// ── bracket styles and ReAct ────────────────────────────────────────────
{
  add(
    'bracket-react',
    'waybarrios/vllm-mlx#15',
    'Let me search.\n[Calling tool: searchReddit({"query": "SaaS pricing", "limit": 5})]',
    [['searchReddit', { query: 'SaaS pricing', limit: 5 }]],
    { derived: 'the Qwen3 bracket shape the PR parses, with prose before' },
  );
  add(
    'bracket-react',
    'waybarrios/vllm-mlx#146',
    '[read({"file_path": "/some/path"})]\n[write({"file_path": "/tmp/out.txt", "content": "done"})]',
    [
      ['read', { file_path: '/some/path' }],
      ['write', { file_path: '/tmp/out.txt', content: 'done' }],
    ],
    { derived: 'the issue lists [read(, [write(, [exec( markers; two bare-bracket calls' },
  );
  add(
    'bracket-react',
    'langchain-ai/langchain#9658',
    'Action: json_spec_list_keys\nAction Input: {"data": "/pets"}',
    [['json_spec_list_keys', { data: '/pets' }]],
    {
      derived:
        "the issue's GPT4All output Action: json_spec_list_keys(data) in the Action/Action Input form the agent expects",
    },
  );
  add(
    'bracket-react',
    'run-llama/llama_index#627',
    "Thought: Do I need to use a tool? Yes\nAction: Use the requests library to write a Python code to do a post request\nAction Input:\n\n```\nimport requests\n\nurl = 'https://example.com/api'",
    'none',
    { tools: ['search'] },
  );
  add(
    'bracket-react',
    'crewAIInc/crewAI#1545',
    'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Hangzhou"}\nObservation: sunny\nFinal Answer: It is sunny in Hangzhou.',
    [['get_weather', { city: 'Hangzhou' }]],
    { derived: 'the "both perform Action and give a Final Answer" output the issue reports from qwen-plus' },
  );
  add(
    'bracket-react',
    'langchain-ai/langchain#1358',
    'Thought: I should look up the weather\nAction: get_weather\nAction Input: {"city": "Paris"}',
    [['get_weather', { city: 'Paris' }]],
    { derived: 'the Thought/Action/Action Input form whose parse failures the thread collects' },
  );
  add(
    'bracket-react',
    'langchain-ai/langchain#10970',
    'Thought: The question is about Stoicism.\nAction: Other philosophy QA System\nAction Input: {"query": "What is Stoicism?"}',
    [['Other philosophy QA System', { query: 'What is Stoicism?' }]],
    {
      tools: ['Other philosophy QA System', 'The Prophet Source Text QA System'],
      derived: "the issue's tools have names with spaces; a ReAct step naming one",
    },
  );
  add(
    'bracket-react',
    'posit-dev/querychat#89',
    '[ToolCall] update_dashboard({"query": "SELECT * FROM sales"})',
    [['update_dashboard', { query: 'SELECT * FROM sales' }]],
    { derived: 'the issue reports the model writing [ToolCall] … syntax as text' },
  );
}

// ── arguments strings (tool_calls[].function.arguments) ─────────────────
{
  add(
    'arguments',
    'openai/openai-python#2958',
    '{"entity_id": "light.kitchen", "message": "Say \\\'hi\\\'"}',
    [['(arguments)', { entity_id: 'light.kitchen', message: "Say 'hi'" }]],
    { derived: "the issue: escaped double quotes turned into \\' inside the arguments string" },
  );
  add(
    'arguments',
    'yigit353/langchain-qwq#30',
    '{"query": "weather in Beijing"}}',
    [['(arguments)', { query: 'weather in Beijing' }]],
    { derived: 'the issue: the args string has an extra closing brace' },
  );
  add('arguments', 'NousResearch/atropos#478', '{"query": "what\'s the weather"}', [
    ['(arguments)', { query: "what's the weather" }],
  ]);
  add(
    'arguments',
    'OpenHands/software-agent-sdk#2488',
    '{"command": "str_replace", "path": "/workspace/a.py",\\n"old_str": "x = 1",\\n"new_str": "x = 2"\\n}',
    [['(arguments)', { command: 'str_replace', path: '/workspace/a.py', old_str: 'x = 1', new_str: 'x = 2' }]],
    { derived: "the issue's literal \\n between tokens, in a multi-field call" },
  );
  add(
    'arguments',
    'NousResearch/hermes-agent#36271',
    '{"path": "config.py", "content": "API_KEY = os.environ.get("API_KEY")\\nDEBUG = False"}',
    [['(arguments)', { path: 'config.py', content: 'API_KEY = os.environ.get("API_KEY")\nDEBUG = False' }]],
    { derived: "the PR's unescaped inner quotes in a write_file content" },
  );
  add(
    'arguments',
    'ml-explore/mlx-lm#1394',
    '"{\\"expression\\": \\"2+3\\"}"',
    [['(arguments)', { expression: '2+3' }]],
    { derived: 'arguments rendered as a JSON string (double encoding)' },
  );
  add(
    'arguments',
    'cline/cline#10518',
    '{"commands": ["npm test", "npm run lint"], "cwd": "/repo"',
    [['(arguments)', { commands: ['npm test', 'npm run lint'], cwd: '/repo' }]],
    { derived: 'the issue: run_commands arguments that are not valid JSON; here the closing brace missing' },
  );
  add(
    'arguments',
    'NousResearch/hermes-agent#13480',
    '{"path": "guide.md", "content": "# Hermes Agent Guide: Building and Maintaining a 4-Profile Team\\n\\n## The Mental Model — Roles, N',
    'none',
  );
  add(
    'arguments',
    'vllm-project/vllm#10395',
    '{"location": "San Francisco, CA", "unit": "celsius"}{"location": "San Francisco, CA", "unit": "celsius"}',
    [['(arguments)', { location: 'San Francisco, CA', unit: 'celsius' }]],
    { derived: 'the issue: the streamed arguments of the Hermes parser came out twice, concatenated' },
  );
  add(
    'arguments',
    'QwenLM/qwen-code#288',
    '{"paths": [\'app.py\', \'main.py\'], "pattern": """def main():\n    pass"""}',
    [['(arguments)', { paths: ['app.py', 'main.py'], pattern: 'def main():\n    pass' }]],
    { derived: "the issue's Python quotes in arguments; with a triple-quoted Python string" },
  );
}

// ── no call: prose that shows an example, plain answers, garbage ───────
{
  add(
    'no-call',
    'anomalyco/opencode#1887',
    'For example, you could call task({"description": "Explore the codebase", "prompt": "Find the config loader"}) to delegate this.',
    'none',
    {
      tools: ['task'],
      derived: 'the PR reports models calling the examples of the task tool; the example written as prose',
    },
  );
  add(
    'no-call',
    'posit-dev/querychat#89',
    'To filter the table you would use a tool call like [ToolCall] update_dashboard({"query": "SELECT * FROM sales"}) — let me know if you want that.',
    'none',
    { tools: ['update_dashboard'], derived: "the issue's hallucinated [ToolCall] syntax, offered as an example" },
  );
  add(
    'no-call',
    'kdeps/kdeps#817',
    'I ran `ls /mnt/data`, it returned NO CONTENT AVAILABLE, I cannot access the filesystem.',
    'none',
    { tools: ['bash_exec', 'read_file'] },
  );
  add('no-call', 'ai-dynamo/dynamo#10344', 'It is sunny and 22°C in Paris today.', 'none', { tools: ['get_weather'] });
  add(
    'no-call',
    'vllm-project/vllm#22604',
    'I realize tool calling is supported with harmony / responses endpoint.',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'jundot/omlx#3153',
    'The Qwen template ends every turn with the control token <|im_end|>, which you should quote in docs as a literal string.',
    'none',
    { tools: ['write_file'] },
  );
  add(
    'no-call',
    'sgl-project/sglang#5224',
    '<｜tool▁calls▁begin｜><｜tool▁calls▁begin｜><｜tool▁calls▁begin｜><｜tool▁calls▁begin｜>MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'iSevenDays/simple-proxy .claude/epics/archived/harmony-support/updates/10/stream-b.md',
    "<|channel|>analysis<|message|>The user is asking about implementation details...<|end|><|start|>assistant<|channel|>final<|message|>Here's the actual response...<|return|>",
    'none',
    { tools: ['read_file'] },
  );
  add(
    'no-call',
    'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_openai_tool_parser.py',
    'Sure — I can help with that without doing any calculation. What would you like to know?',
    'none',
    { tools: ['calculator', 'get_time'] },
  );
  add(
    'no-call',
    'langchain-ai/langchain#24637',
    'If you want to see how to use the model-generated tool call to actually invoke a tool function, e.g. `get_weather(city="Paris")`, see the guide.',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'ggml-org/llama.cpp#22371',
    'Reminder: the literal token <|tool_call>call: starts a Gemma tool call.',
    'none',
    { tools: ['get_time'] },
  );
  add(
    'no-call',
    'minpeter/ai-sdk-tool-call-middleware#297',
    'The Hermes format wraps calls like <tool_call>{"name": "bash", "arguments": {"cmd": "ls"}}</tool_call>, for example.',
    'none',
    { tools: ['bash'], derived: 'documentation about the Hermes format, the case the issue names' },
  );
}

// ── Qwen3 XML: more shapes ──────────────────────────────────────────────
{
  add(
    'qwen-xml',
    'sgl-project/sglang#15135',
    '<tool_call>\n<function=get_weather>\n<parameter=location>\nBoston\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
    [['get_weather', { location: 'Boston', unit: 'celsius' }]],
    { derived: 'the PR handles missing </parameter> tags' },
  );
  add(
    'qwen-xml',
    'sgl-project/sglang#27640',
    '<tool_call>\n<function=set_flag>\n<parameter=enabled>\nfalse\n</parameter>\n</function>\n</tool_call>',
    [['set_flag', { enabled: false }]],
    { derived: 'the PR\'s model-emitted false for a ["boolean","null"] parameter' },
  );
  add(
    'qwen-xml',
    'vllm-project/vllm#43238',
    '<tool_call>\n<function=create_items>\n<parameter=items>\n[{"name": "a", "done": false, "note": null}]\n</parameter>\n</function>\n</tool_call>',
    [['create_items', { items: [{ name: 'a', done: false, note: null }] }]],
    { derived: "the issue's array-of-objects parameter with false and null" },
  );
  add(
    'qwen-xml',
    'vllm-project/vllm#43238',
    "<tool_call>\n<function=create_items>\n<parameter=items>\n[{'name': 'a', 'done': False, 'note': None}]\n</parameter>\n</function>\n</tool_call>",
    [['create_items', { items: [{ name: 'a', done: false, note: null }] }]],
    { derived: 'the Python-literal style output the issue says ast.literal_eval was kept for' },
  );
  add(
    'qwen-xml',
    'Accio-Lab/Dressage#37',
    "<tool_call>\n<function=search>\n<parameter=filters>\n{'lang': 'en', 'safe': True}\n</parameter>\n<parameter=limit>\nNone\n</parameter>\n</function>\n</tool_call>",
    [['search', { filters: { lang: 'en', safe: true }, limit: null }]],
    { derived: 'the issue: Qwen3.5 template renders None/True/False as Python literals; the model echoes them' },
  );
  add(
    'qwen-xml',
    'waybarrios/vllm-mlx#146',
    '<tool_call><function=read><parameter=file_path>/some/path</parameter></function></tool_call>',
    [['read', { file_path: '/some/path' }]],
    { derived: 'the nemotron/XML shape the issue lists first' },
  );
  add(
    'qwen-xml',
    'vllm-project/vllm#21544',
    '<tool_call>\n<function=run_shell_command>\n<parameter=command>\nmkdir -p test/{test1,test2\n</parameter>\n</function>\n</tool_call>',
    [['run_shell_command', { command: 'mkdir -p test/{test1,test2' }]],
    { derived: 'the issue\'s prompt "Run command mkdir -p test/{test1,test2" as the Qwen3-Coder call it produced' },
  );
  add(
    'qwen-xml',
    'PrimeIntellect-ai/renderers#47',
    '<function=filesystem_server_get_directory_tree>\n<parameter=path>/</parameter>\n<parameter=max_depth>2',
    'none',
    {
      tools: ['filesystem_server_get_directory_tree'],
      derived: "the issue's call cut off after max_depth (no </function>)",
    },
  );
}

// ── Mistral: more ───────────────────────────────────────────────────────
{
  add(
    'mistral',
    'lmstudio-ai/lmstudio-bug-tracker#797',
    '[TOOL_CALLS]get_weather[ARGS]{"location": "Paris"}',
    [['get_weather', { location: 'Paris' }]],
    { derived: 'the issue: Mistral Small 3.2 tool calls emitted as text; its [TOOL_CALLS]name[ARGS] form' },
  );
  add(
    'mistral',
    'lmstudio-ai/lmstudio-bug-tracker#797',
    'get_weather[ARGS]{"location": "Paris"}',
    [['get_weather', { location: 'Paris' }]],
    { derived: 'the same with the [TOOL_CALLS] special token not rendered' },
  );
  add('mistral', 'ml-explore/mlx-lm#1448', 'get_weather[ARGS]{"city": "Par', 'none', {
    tools: ['get_weather'],
    derived: 'a call cut off mid-arguments (the parser change is about what follows the object)',
  });
  add(
    'mistral',
    'vllm-project/vllm tests/tool_use/test_mistral_tool_parser.py',
    '[TOOL_CALLS] [{"name": "add", "arguments":{"a": 3, "b": ',
    'none',
    { tools: ['add'], derived: 'the fixture cut off mid-arguments' },
  );
}

// ── DeepSeek: more ──────────────────────────────────────────────────────
{
  add(
    'deepseek',
    'unslothai/unsloth#5624',
    '```json\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Hangzhou"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n```',
    [['get_weather', { city: 'Hangzhou' }]],
    { derived: 'the R1 path (function<｜tool▁sep｜>NAME then a fenced JSON) with the whole block inside a fence' },
  );
  add(
    'deepseek',
    'unslothai/unsloth#5624',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>bad<｜tool▁call▁begin｜>function<｜tool▁sep｜>good\n```json\n{"x": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [['good', { x: 1 }]],
    { derived: "the review's case: a malformed first call (no fenced JSON) before a valid one" },
  );
  add(
    'deepseek',
    'ai-dynamo/dynamo#3557',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "Berlin", "unit": "celsius"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"timezone": "Europe/Berlin"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    [
      ['get_weather', { location: 'Berlin', unit: 'celsius' }],
      ['get_time', { timezone: 'Europe/Berlin' }],
    ],
    { derived: 'the PR adds parallel DeepSeek calls; two V3.1-shape calls' },
  );
  add(
    'deepseek',
    'tenstorrent/tt-inference-server#3683',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location":"San Fran',
    'none',
    {
      tools: ['get_weather'],
      derived: 'R1 out of token budget mid-arguments (finish_reason length), as the issue reports',
    },
  );
}

// ════ held-out batch 2: added after the fixes for batch 1, measured before any further change ════

// ── Qwen3 XML (vLLM qwen3xml parser tests) ──────────────────────────────
{
  const S = 'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_qwen3xml_tool_parser.py';
  const call = (name: string, params: Array<[string, string]>) =>
    `<tool_call>\n<function=${name}>\n${params.map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join('')}</function>\n</tool_call>`;
  add('qwen-xml', S, call('get_weather', [['city', 'London']]), [['get_weather', { city: 'London' }]]);
  add('qwen-xml', S, '<tool_call>\n<function=noop>\n</function>\n</tool_call>', [['noop', {}]]);
  add('qwen-xml', S, call('f', [['h', '<b>bold</b>']]), [['f', { h: '<b>bold</b>' }]]);
  add('qwen-xml', S, call('f', [['h', '<div><p>Hello <em>world</em></p></div>']]), [
    ['f', { h: '<div><p>Hello <em>world</em></p></div>' }],
  ]);
  add('qwen-xml', S, call('f', [['v', '</tool>']]), [['f', { v: '</tool>' }]]);
  add('qwen-xml', S, call('f', [['v', '<function=other>']]), [['f', { v: '<function=other>' }]]);
  add('qwen-xml', S, call('f', [['expr', 'a < b']]), [['f', { expr: 'a < b' }]]);
  add('qwen-xml', S, call('typed_fn', [['count', '42']]), [['typed_fn', { count: 42 }]]);
  add('qwen-xml', S, call('typed_fn', [['flag', 'True']]), [['typed_fn', { flag: true }]]);
  add('qwen-xml', S, call('typed_fn', [['label', 'null']]), [['typed_fn', { label: null }]]);
  add('qwen-xml', S, call('typed_fn', [['data', "{'key': 'val', 'n': 1}"]]), [
    ['typed_fn', { data: { key: 'val', n: 1 } }],
  ]);
  add('qwen-xml', S, call('typed_fn', [['items', "['a', 'b', 'c']"]]), [['typed_fn', { items: ['a', 'b', 'c'] }]]);
  add('qwen-xml', S, call('typed_fn', [['items', '[1, "two", true]']]), [['typed_fn', { items: [1, 'two', true] }]]);
  add('qwen-xml', S, call('f', [['msg', 'She said "hello"']]), [['f', { msg: 'She said "hello"' }]]);
  add('qwen-xml', S, call('f', [['path', 'C:\\Users\\alice\\file.txt']]), [
    ['f', { path: 'C:\\Users\\alice\\file.txt' }],
  ]);
  add('qwen-xml', S, call('f', [['text', '日本語テスト 🎉']]), [['f', { text: '日本語テスト 🎉' }]]);
  add('qwen-xml', S, '<tool_call>\n<function=f>\n<parameter=v></parameter>\n</function>\n</tool_call>', [
    ['f', { v: '' }],
  ]);
  add('qwen-xml', S, call('f', [['text', 'first line\nsecond line\nthird line']]), [
    ['f', { text: 'first line\nsecond line\nthird line' }],
  ]);
  add(
    'qwen-xml',
    S,
    call('send_email', [
      ['to', 'alice@example.com'],
      ['cc', 'bob@example.com'],
      ['subject', 'Hello!'],
      ['body', 'Dear Alice,\nThis is a test.'],
    ]),
    [
      [
        'send_email',
        { to: 'alice@example.com', cc: 'bob@example.com', subject: 'Hello!', body: 'Dear Alice,\nThis is a test.' },
      ],
    ],
  );
  add('qwen-xml', S, `${call('f1', [['a', 'foo']])}\n${call('f2', [['b', 'bar']])}`, [
    ['f1', { a: 'foo' }],
    ['f2', { b: 'bar' }],
  ]);
}

// ── Hermes (vLLM hermes tests with a Llama 3.2 LoRA; Qwen) ──────────────
{
  const S = 'vllm-project/vllm tests/tool_use/test_hermes_tool_parser.py';
  add(
    'hermes',
    S,
    '<tool_call>\n{"name": "get_current_weather", "arguments": {"location": "Boston, MA", "unit": "fahrenheit"}}\n</tool_call>',
    [['get_current_weather', { location: 'Boston, MA', unit: 'fahrenheit' }]],
    {
      derived:
        'the test asks "What\'s the weather like in Boston?" and checks a get_current_weather call with Boston; that call in Hermes form',
    },
  );
  add(
    'hermes',
    S,
    '<tool_call>\n{"name": "get_product_info", "arguments": {"product_id": "7355608", "inserted": "true"}}\n</tool_call>',
    [['get_product_info', { product_id: '7355608', inserted: 'true' }]],
    {
      derived:
        "the test's product call with the integer and boolean written as strings, the type mix-up the test guards against (the validator coerces them)",
    },
  );
  add(
    'hermes',
    S,
    '<tool_call>\n{"name": "get_product_info", "arguments": {"product_id": 7355608, "inserted": true}}\n</tool_call>',
    [['get_product_info', { product_id: 7355608, inserted: true }]],
    { derived: "the test's expected product call" },
  );
  add(
    'hermes',
    'ml-explore/mlx-lm#1335',
    '<tool_call\n{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</tool_call>',
    [['get_weather', { city: 'Tokyo' }]],
    {
      derived:
        'the issue: the tokenizer merges the closing ">" of <tool_call> with the next byte; decoded with the ">" lost',
    },
  );
  add(
    'hermes',
    'ahwurm/localharness#104',
    '<TOOL_CALL>{"name": "write_file", "arguments": {"path": "a.txt", "content": "hello"}}</TOOL_CALL>',
    [['write_file', { path: 'a.txt', content: 'hello' }]],
    { derived: "the issue's call with the tags in capitals" },
  );
  add(
    'hermes',
    'NousResearch/hermes-agent#7449',
    '```json\n{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "kanban_complete", "arguments": {"task_id": "T-12"}}, "id": 1}\n```',
    [['kanban_complete', { task_id: 'T-12' }]],
    {
      derived:
        'an MCP JSON-RPC tools/call object inside a code fence, the shape agents trained on MCP transcripts write',
    },
  );
}

// ── more no-call and truncated ──────────────────────────────────────────
{
  add(
    'no-call',
    'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_llama3_json_tool_parser.py',
    '{"name": "invalidTool", "parameters": {invalid json}',
    'none',
    { tools: ['invalidTool'] },
  );
  add(
    'no-call',
    'ai-dynamo/dynamo lib/parsers/src/tool_calling/harmony/harmony_parser.rs',
    '<|channel|>analysis<|message|>Unfinished',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'vllm-project/vllm tests/tool_parsers/test_gemma4_tool_parser.py',
    'Hello, how can I help you today?',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'langchain-ai/langchain#1358',
    'Thought: Do I need to use a tool? No\nAI: The weather in Paris is sunny.',
    'none',
    { tools: ['get_weather'] },
  );
  add(
    'no-call',
    'anomalyco/opencode#1887',
    'You can call the task tool like this: task({"description": "Search", "prompt": "Find all TODOs"})',
    'none',
    { tools: ['task'], derived: 'the tool description example the PR says models copy, written as advice' },
  );
  add(
    'no-call',
    'sgl-project/sglang test/srt/test_function_call_parser.py',
    '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"TOOL", "content":"Use wea',
    'none',
    { tools: ['make_next_step_decision'], derived: 'the fixture cut off mid-arguments' },
  );
  add(
    'no-call',
    'vllm-project/vllm tests/entrypoints/openai/tool_parsers/test_qwen3xml_tool_parser.py',
    '<tool_call>\n<function=get_weather>\n<parameter=city>\nLond',
    'none',
    { tools: ['get_weather'], derived: 'the BASIC fixture cut off inside the value (premature abort)' },
  );
  add(
    'no-call',
    'google/adk-python#5654',
    '我需要先查询天气。例如可以调用 get_weather(city="北京") 来获取结果。',
    'none',
    { tools: ['get_weather'], derived: 'a Chinese reply that shows the call as an example (例如…可以调用)' },
  );
}

// ════ held-out batch 3: added after the fixes for batch 2, measured before any further change ════
// Scored before any fix on 2026-12-01 (npx tsx, scoreRealCorpus on these 56 cases): 45/46 call
// cases exact, 1/10 prose/truncated cases executed (54/56 in all). Misses: the fragmented
// `<call>NAME{…}` Gemma form read no call; the truncated `functools[{… "arguments": {` ran as
// func({}). Whole corpus then: 306/308. After the two fixes (json-lenient marks a reply that
// ends where an object's next key should begin as cut off; families.ts reads <call>NAME{…}):
// 56/56, and 308/308 with 0 executed.

// ── Gemma 4 (vLLM offline parser tests: canonical, <turn|>, bare, fragmented) ──
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_gemma4_regex_and_bare_calls.py';
  add('gemma', S, '<|tool_call>call:bash{command:<|"|>ls -la /work<|"|>}<tool_call|>', [
    ['bash', { command: 'ls -la /work' }],
  ]);
  add('gemma', S, '<|tool_call>call:gdb{args:<|"|>-batch -ex run /tmp/poc<|"|>}<turn|>', [
    ['gdb', { args: '-batch -ex run /tmp/poc' }],
  ]);
  add(
    'gemma',
    S,
    '<|tool_call>call:read_file{path:<|"|>/work/Makefile<|"|>}<tool_call|>\n<|tool_call>call:bash{command:<|"|>make -j8<|"|>}<tool_call|>',
    [
      ['read_file', { path: '/work/Makefile' }],
      ['bash', { command: 'make -j8' }],
    ],
  );
  add(
    'gemma',
    S,
    '<|channel>thought\nI need to read the entry source file to inspect the crash point.\n<channel|>call:bash{command:<|"|>cat /work/src/entry.c<|"|>}',
    [['bash', { command: 'cat /work/src/entry.c' }]],
  );
  add('gemma', S, '<|tool_call>:call:bash{command:<|"|>pytest<|"|>}', [['bash', { command: 'pytest' }]]);
  add('gemma', S, 'some prose\ncall:bash{command:<|"|>make -j8<|"|>}', [['bash', { command: 'make -j8' }]]);
  add('gemma', S, '<call>get_weather{city:<|"|>Paris<|"|>}', [['get_weather', { city: 'Paris' }]]);
  add('gemma', S, 'call:web-search{query:<|"|>gemma 4 release<|"|>}', [['web-search', { query: 'gemma 4 release' }]]);
  add('gemma', S, 'call:fs.read_file{path:<|"|>/work/Makefile<|"|>}', [['fs.read_file', { path: '/work/Makefile' }]]);
  add('gemma', S, '<|channel>thought\nListing directory files.\n<channel|>call:bash{command:<|"|>ls -la /work<|"|>}', [
    ['bash', { command: 'ls -la /work' }],
  ]);
  add('no-call', S, 'Just some reasoning text with no call in it.', 'none', { tools: ['bash'] });
}

// ── Qwen3 XML (vLLM bug reproducers for the Qwen 3.5 parsers) ─────────────
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_qwen36_bugs.py';
  add(
    'qwen-xml',
    S,
    '<tool_call>\n<function=pick>\n<parameter=items>\n["a", "b", 1, true]\n</parameter>\n</function>\n</tool_call>',
    [['pick', { items: ['a', 'b', 1, true] }]],
  );
  add(
    'qwen-xml',
    S,
    '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLondon\n</parameter>\n</function>\n</tool_call>',
    [
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'London' }],
    ],
  );
}

// ── xLAM JSON lists (vLLM xlam parser tests), also wrapped in other families' markers ──
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_xlam_tool_parser.py';
  const DALLAS = { city: 'Dallas', state: 'TX', unit: 'fahrenheit' };
  const dallas =
    '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]';
  add(
    'llama-json',
    S,
    '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    [
      ['get_current_weather', DALLAS],
      ['get_current_weather', { city: 'Orlando', state: 'FL', unit: 'fahrenheit' }],
    ],
  );
  add('llama-json', S, `<think>I'll help you with that.</think>${dallas}`, [['get_current_weather', DALLAS]]);
  add('llama-json', S, `I'll help you with that.\n\`\`\`json\n${dallas}\n\`\`\``, [['get_current_weather', DALLAS]]);
  add('mistral', S, `I'll check the weather for you.[TOOL_CALLS]${dallas}`, [['get_current_weather', DALLAS]]);
  add('hermes', S, `I'll help you check the weather.<tool_call>${dallas}</tool_call>`, [
    ['get_current_weather', DALLAS],
  ]);
  add(
    'llama-json',
    S,
    '[{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}]',
    [['get_current_weather', { city: 'Seattle', state: 'WA', unit: 'celsius' }]],
  );
  add('no-call', S, "I'll help you with that.", 'none', { tools: ['get_current_weather'] });
}

// ── Phi-4-mini functools[…] (vLLM phi4mini parser tests) ─────────────────
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_phi4mini_tool_parser.py';
  add('bracket-react', S, 'functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', [
    ['get_weather', { city: 'Tokyo' }],
  ]);
  add(
    'bracket-react',
    S,
    'functools[\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}},\n  {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}\n]',
    [
      ['get_weather', { city: 'Tokyo' }],
      ['get_time', { timezone: 'Asia/Tokyo' }],
    ],
  );
  add(
    'bracket-react',
    S,
    'functools[{\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "null_field": null,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}]',
    [
      [
        'test_function',
        {
          string_field: 'hello',
          int_field: 42,
          float_field: 3.14,
          bool_field: true,
          null_field: null,
          array_field: ['a', 'b', 'c'],
          object_field: { nested: 'value' },
          empty_array: [],
          empty_object: {},
        },
      ],
    ],
  );
  add('bracket-react', S, 'functools[{"name": "refresh", "arguments": {}}]', [['refresh', {}]]);
  add(
    'bracket-react',
    S,
    'Let me check the weather for you.\nfunctools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]\nWould you like to know more?',
    [['get_weather', { city: 'Tokyo' }]],
  );
  add(
    'bracket-react',
    S,
    String.raw`functools[{
  "name": "test_function",
  "arguments": {
    "quoted": "He said \"hello\"",
    "path": "C:\\Users\\file.txt",
    "newline": "line1\nline2",
    "unicode": "emoji: 🎉"
  }
}]`,
    [
      [
        'test_function',
        { quoted: 'He said "hello"', path: 'C:\\Users\\file.txt', newline: 'line1\nline2', unicode: 'emoji: 🎉' },
      ],
    ],
  );
  add('no-call', S, 'This is a regular response without any tool calls.', 'none', {
    tools: ['get_weather', 'get_time'],
  });
  add('no-call', S, 'functools[{"name": "func", "arguments": {', 'none', { tools: ['func'] });
  add('no-call', S, 'functools[] This is just text', 'none', { tools: ['func'] });
  add('no-call', S, 'functools[ This is just text ]', 'none', { tools: ['func'] });
}

// ── OLMo 3 pythonic in <function_calls> (vLLM olmo3 parser tests) ─────────
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_olmo3_tool_parser.py';
  const simple = "get_weather(city='San Francisco', metric='celsius')";
  const SIMPLE = { city: 'San Francisco', metric: 'celsius' };
  const more =
    "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])";
  const MORE = {
    name: 'John Doe',
    age: 37,
    address: { city: 'San Francisco', state: 'CA' },
    role: null,
    passed_test: true,
    aliases: ['John', 'Johnny'],
  };
  add('pythonic', S, `<function_calls>${simple}</function_calls>`, [['get_weather', SIMPLE]]);
  add('pythonic', S, `<function_calls>${more}</function_calls>`, [['register_user', MORE]]);
  add(
    'pythonic',
    S,
    "<function_calls>register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=null, passed_test=true, aliases=['John', 'Johnny'])</function_calls>",
    [['register_user', MORE]],
  );
  add('pythonic', S, '<function_calls>get_weather()</function_calls>', [['get_weather', {}]]);
  add('pythonic', S, '<function_calls>do_something_cool(additional_data={})</function_calls>', [
    ['do_something_cool', { additional_data: {} }],
  ]);
  add('pythonic', S, '<function_calls>do_something_cool(steps=[])</function_calls>', [
    ['do_something_cool', { steps: [] }],
  ]);
  add(
    'pythonic',
    S,
    String.raw`<function_calls>get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')</function_calls>`,
    [['get_weather', { city: "Martha's Vineyard", metric: '"cool units"' }]],
  );
  add('pythonic', S, `<function_calls>${simple}\n${more}</function_calls>`, [
    ['get_weather', SIMPLE],
    ['register_user', MORE],
  ]);
  add('pythonic', S, `<function_calls>${simple}\nget_weather()\ndo_something_cool(steps=[])</function_calls>`, [
    ['get_weather', SIMPLE],
    ['get_weather', {}],
    ['do_something_cool', { steps: [] }],
  ]);
  add('no-call', S, 'How can I help you today?', 'none', { tools: ['get_weather'] });
  add('no-call', S, '<function_calls>foo(x=1])</function_calls>', 'none', { tools: ['foo'] });
}

// ── gpt-oss Harmony (vLLM openai parser tests; conversations rendered by openai_harmony) ──
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_openai_tool_parser.py';
  const R =
    'the test builds the conversation with openai_harmony and parses its rendering; this is that rendering as text';
  const analysis =
    '<|start|>assistant<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" We need to use get_current_weather tool.<|end|>';
  const both =
    '<|start|>assistant<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" based on their location. We need to use get_current_weather tool and get_user_location tool.<|end|>';
  add(
    'harmony',
    S,
    `${analysis}<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|>`,
    [['get_current_weather', { location: 'Tokyo' }]],
    { derived: R },
  );
  add(
    'harmony',
    S,
    `${analysis}<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{\n"location": "Tokyo"\n}<|call|>`,
    [['get_current_weather', { location: 'Tokyo' }]],
    { derived: R },
  );
  add(
    'harmony',
    S,
    `${both}<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>commentary to=functions.get_user_location <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>commentary to=functions.empty_args <|constrain|>json<|message|>{}<|call|>`,
    [
      ['get_current_weather', { location: 'Tokyo' }],
      ['get_user_location', { location: 'Tokyo' }],
      ['empty_args', {}],
    ],
    { derived: R },
  );
  add(
    'harmony',
    S,
    `${both}<|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "Tokyo"}<|call|><|start|>assistant<|channel|>final<|message|>This tool call will get the weather.<|return|>`,
    [['get_current_weather', { location: 'Tokyo' }]],
    { derived: R },
  );
  add(
    'harmony',
    'thinking-machines-lab/tinker-cookbook#949',
    `${analysis}<|start|>assistant to=functions.get_current_weather<|channel|>commentary <|constrain|>json<|message|>{"location": "Tokyo"}<|call|>`,
    [['get_current_weather', { location: 'Tokyo' }]],
    { derived: 'the PR tests both valid recipient-header positions; the recipient before the channel' },
  );
  add('no-call', S, '<|start|>assistant<|channel|>final<|message|>This is a test<|return|>', 'none', {
    tools: ['get_current_weather'],
    derived: R,
  });
}

// ── Mistral (vLLM mistral parser tests, tests/tool_parsers/ edition: pre-v11 and v11 tokenizers) ──
{
  const S = 'vllm-project/vllm tests/tool_parsers/test_mistral_tool_parser.py';
  const W = { city: 'San Francisco', state: 'CA', unit: 'celsius' };
  add('mistral', S, 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', [['add', { a: 1, b: 2 }]]);
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data',
    [['get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' }]],
  );
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]',
    [
      ['add', { a: 3.5, b: 4 }],
      ['get_current_weather', W],
    ],
  );
  add('mistral', S, '[TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail', [
    ['add', { a: 1, b: 2 }],
  ]);
  add('mistral', S, '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', [['add_this_and_that', { a: 3.5, b: 4 }]]);
  add('mistral', S, 'bla[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', [['add_this_and_that', { a: 3.5, b: 4 }]]);
  add(
    'mistral',
    S,
    '[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1}}][TOOL_CALLS] [{"name": "sub", "arguments":{"b": 2}}]',
    [
      ['add', { a: 1 }],
      ['sub', { b: 2 }],
    ],
    { derived: 'vLLM refuses two BOT tokens; a person reads both calls' },
  );
  add('mistral', S, String.raw`hi{hi[TOOL_CALLS]bash{"command": "print(\"hello world!\")\nre.compile(r'{}')"}`, [
    ['bash', { command: 'print("hello world!")\nre.compile(r\'{}\')' }],
  ]);
  add('no-call', S, '[TOOL_CALLS] not json at all', 'none', { tools: ['add'] });
}

export const REAL_CORPUS: RealCase[] = cases;
