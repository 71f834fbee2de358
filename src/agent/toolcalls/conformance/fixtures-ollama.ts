/**
 * Ollama's own tool-call parser fixtures (ollama/ollama model/parsers/*_test.go (the model parsers' tests)), ported as data:
 * each case is the model output a test feeds the engine's parser and the
 * calls the test expects back, with the test's name and the file and commit
 * it is quoted from. Only the samples are quoted; none of Ollama's code.
 * `derived` says how a sample was assembled when the test builds it (string
 * constants, helper functions, streaming chunks joined); `differs` says where
 * and why our parser deliberately reads it otherwise (asserted too).
 * Scored by conformance.test.ts; summed up in docs/tool-call-formats.md.
 */
import type { EngineFixture } from './fixture.js';

export const OLLAMA_FIXTURES: EngineFixture[] = [
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'final_answer',
    text: ' to=user<|message|>Hello',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'self_recipient_is_thinking',
    text: ' to=self<|message|>Check the facts.',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'suppresses_thinking',
    text: ' to=self<|message|>Check the facts.<|eom|><|start|>assistant to=user<|message|>Answer<|eot|>',
    tools: ['get_weather'],
    expect: 'none',
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'streaming_atem',
    text: ' to=get_weather<|message|><atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">SF</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['get_weather'],
    expect: [
      [
        'get_weather',
        {
          city: 'SF',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'value_types_and_whitespace',
    text: ' to=tools.run<|message|><atem:function_calls>\n<atem:invoke name="tools.run">\n<atem:parameter name="text"> keep  spaces </atem:parameter>\n<atem:parameter name="count">3</atem:parameter>\n<atem:parameter name="enabled">true</atem:parameter>\n<atem:parameter name="items">["one", "two"]</atem:parameter>\n<atem:parameter name="config">{"mode":"fast"}</atem:parameter>\n<atem:parameter name="choice">null</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
    tools: ['tools.run'],
    expect: [
      [
        'tools.run',
        {
          text: ' keep  spaces ',
          count: 3,
          enabled: true,
          items: ['one', 'two'],
          config: {
            mode: 'fast',
          },
          choice: null,
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'value_may_contain_control_token_text',
    text: ' to=echo<|message|><atem:function_calls>\n<atem:invoke name="echo">\n<atem:parameter name="text">literal <|eot|> and <|start|>assistant to=user<|message|> text</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['echo'],
    expect: [
      [
        'echo',
        {
          text: 'literal <|eot|> and <|start|>assistant to=user<|message|> text',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
    differs: {
      reason:
        'a header token inside a parameter value splits the message there: the block no longer closes in its message and the call is refused as cut off (never run half-read)',
      ours: 'none',
    },
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'namespaced_self_reference[read,read.read]',
    text: ' to=read<|message|><atem:function_calls>\n<atem:invoke name="read.read">\n<atem:parameter name="path">go.mod</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['read'],
    expect: [
      [
        'read',
        {
          path: 'go.mod',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'namespaced_self_reference[read.read,read.read]',
    text: ' to=read.read<|message|><atem:function_calls>\n<atem:invoke name="read.read">\n<atem:parameter name="path">go.mod</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['read'],
    expect: [
      [
        'read',
        {
          path: 'go.mod',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'namespaced_self_reference[read.read,read]',
    text: ' to=read.read<|message|><atem:function_calls>\n<atem:invoke name="read">\n<atem:parameter name="path">go.mod</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['read'],
    expect: [
      [
        'read',
        {
          path: 'go.mod',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[namespace recipient]',
    text: ' to=muse<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[missing recipient]',
    text: '<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[user recipient]',
    text: ' to=user<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[wrapper as recipient]',
    text: ' to=atem:function_calls<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[after thinking]',
    text: ' to=self<|message|>let me look<|eom|><|start|>assistant<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'fumbled_recipient_fallback[implicit boundary]',
    text: '<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd && ls -la</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|start|>assistant to=user<|message|>Done<|eot|>',
    tools: ['muse.bash'],
    expect: [
      [
        'muse.bash',
        {
          command: 'pwd && ls -la',
        },
      ],
    ],
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'resembles_tool_call[undeclared tool]',
    text: ' to=user<|message|><atem:function_calls>\n<atem:invoke name="other.run">\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['muse.bash'],
    expect: 'none',
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'resembles_tool_call[leading prose]',
    text: ' to=user<|message|>Running:\n<atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>',
    tools: ['muse.bash'],
    expect: 'none',
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'resembles_tool_call[trailing prose]',
    text: ' to=user<|message|><atem:function_calls>\n<atem:invoke name="muse.bash">\n<atem:parameter name="command">pwd</atem:parameter>\n</atem:invoke>\n</atem:function_calls>\nDone.<|eot|>',
    tools: ['muse.bash'],
    expect: 'none',
    derived: "built with the test's glimmerTestATEM() helper",
  },
  {
    format: 'glimmer',
    parser: 'glimmer',
    source: 'model/parsers/glimmer_test.go@fb3076099687',
    name: 'undeclared_recipient_remains_content',
    text: ' to=not_a_tool<|message|><atem:function_calls>\n<atem:invoke name="not_a_tool">\n</atem:invoke>\n</atem:function_calls>',
    tools: ['get_weather'],
    expect: 'none',
    derived: "built with the test's glimmerTestATEM() helper",
  },
];
