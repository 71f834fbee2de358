/**
 * Morph-XML fixtures ported from the middleware's own tests
 * (minpeter/ai-sdk-tool-call-middleware, src/__tests__/protocols/
 * morph-xml-protocol/parse-generated-text/, commit 66ca0923): the model
 * output each test feeds `morphXmlProtocol().parseGeneratedText`, the tools
 * and schema it offers, and the calls it expects (a test that checks with
 * toBeCloseTo is given the value it is close to; one that checks only some
 * fields, its fields). `differs` is where we read the output otherwise on
 * purpose, and why. Asserted by morph-xml.test.ts through the same pipeline
 * as the engines' fixtures (parse, then the schema, as the loop does).
 */
import type { EngineFixture } from '../conformance/fixture.js';

export type MorphFixture = Omit<EngineFixture, 'format' | 'parser'>;

const DIR = 'src/__tests__/protocols/morph-xml-protocol/parse-generated-text';
const AT = '@66ca092374398f57737063a48e23b2b622857722';
const at = (file: string): string => `${DIR}/${file}${AT}`;

const SHELL = {
  type: 'object',
  properties: {
    command: { type: 'array', items: { type: 'string' } },
    justification: { type: 'string' },
    timeout_ms: { type: 'number' },
    with_escalated_permissions: { type: 'boolean' },
    workdir: { type: 'string' },
  },
  required: ['command'],
  additionalProperties: false,
};
const LOCATION_TOOLS = {
  tools: ['get_location', 'get_weather'],
  schemas: {
    get_location: { type: 'object' },
    get_weather: { type: 'object', properties: { location: { type: 'string' } } },
  },
};
const numbers = { type: 'array', items: { type: 'number' } };
const strings = { type: 'array', items: { type: 'string' } };
const object = (properties: Record<string, unknown>): Record<string, unknown> => ({ type: 'object', properties });
const FILE_WRITE = object({ path: { type: 'string' }, content: { type: 'string' } });
const WRITE_FILE = object({ file_path: { type: 'string' }, content: { type: 'string' }, encoding: { type: 'string' } });

export const MORPH_XML_FIXTURES: MorphFixture[] = [
  {
    source: at('shell-tool.real-usecases.test.ts'),
    name: '[malformed closing tag handling] parses shell call with extra stray </command>',
    text:
      '<shell><command>ls</command><command>app</command><command>components</command><command>shared</command>' +
      '</command><justification>List contents of key source\n  directories</justification><timeout_ms>5000' +
      '</timeout_ms><with_escalated_permissions>false</with_escalated_permissions><workdir>/Users/minpeter/' +
      'github.com/minpeter/\n  minpeter.v2</workdir></shell>',
    tools: ['shell'],
    schemas: { shell: SHELL },
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
    note: 'the test checks only that workdir holds both lines; the value as written is what it holds',
  },
  {
    source: at('shell-tool.real-usecases.test.ts'),
    name: '[excessive tag call] case where justification tag appears excessively',
    text:
      '<shell><command>git</command><command>log</command><justification>oneline</justification><command>-10</' +
      'command><justification>Examine recent commit history for commit message patterns</justification><timeout_ms>5000</' +
      'timeout_ms><with_escalated_permissions>false</with_escalated_permissions><workdir>.</workdir></shell>',
    tools: ['shell'],
    schemas: { shell: SHELL },
    expect: [
      [
        'shell',
        {
          command: ['git', 'log', '-10'],
          justification: 'Examine recent commit history for commit message patterns',
          timeout_ms: 5000,
          with_escalated_permissions: false,
          workdir: '.',
        },
      ],
    ],
    differs: {
      reason:
        'justification, a string, is written twice; the middleware keeps the last one, we read both as an array, ' +
        'which the schema refuses: the model is told, nothing runs on a guess between two values',
      ours: 'none',
    },
  },
  {
    source: at('shell-tool.real-usecases.test.ts'),
    name: "[Special character handling] Handling of special characters such as '>', '<<'",
    text: "<shell><command>cat > test.md << 'EOF'# Test File\n\nThis is a test markdown file.\nEOF</command></shell>",
    tools: ['shell'],
    schemas: { shell: SHELL },
    expect: [['shell', { command: ["cat > test.md << 'EOF'# Test File\n\nThis is a test markdown file.\nEOF"] }]],
    note: 'the test checks only that the call is read; the command is the text as written (one item)',
  },
  {
    source: at('self-closing-tags.test.ts'),
    name: 'should parse self-closing tool call without arguments (issue #84)',
    text: '<get_location/>',
    ...LOCATION_TOOLS,
    expect: [['get_location', {}]],
  },
  {
    source: at('self-closing-tags.test.ts'),
    name: 'should parse self-closing tool call with surrounding text (issue #84)',
    text: 'Getting your location now... <get_location/> Done!',
    ...LOCATION_TOOLS,
    expect: [['get_location', {}]],
  },
  {
    source: at('self-closing-tags.test.ts'),
    name: 'should parse multiple self-closing tool calls',
    text: '<get_location/><get_location/>',
    ...LOCATION_TOOLS,
    expect: [
      ['get_location', {}],
      ['get_location', {}],
    ],
  },
  {
    source: at('self-closing-tags.test.ts'),
    name: 'should parse mixed self-closing and regular tool calls',
    text: '<get_location/><get_weather><location>Seoul</location></get_weather>',
    ...LOCATION_TOOLS,
    expect: [
      ['get_location', {}],
      ['get_weather', { location: 'Seoul' }],
    ],
  },
  {
    source: at('heuristic-parsing.multiple-tags.test.ts'),
    name: 'should convert multiple same-named tags to array',
    text:
      '<math_toolkit_sum_of_multiples>\n        <lower_limit>1</lower_limit>\n        <upper_limit>1000</upper_limit>\n' +
      '        <multiples>3</multiples>\n        <multiples>5</multiples>\n      </math_toolkit_sum_of_multiples>',
    tools: ['math_toolkit_sum_of_multiples'],
    schemas: {
      math_toolkit_sum_of_multiples: object({
        lower_limit: { type: 'number' },
        upper_limit: { type: 'number' },
        multiples: numbers,
      }),
    },
    expect: [['math_toolkit_sum_of_multiples', { lower_limit: 1, upper_limit: 1000, multiples: [3, 5] }]],
  },
  {
    source: at('heuristic-parsing.multiple-tags.test.ts'),
    name: 'should handle multiple tags with text content',
    text:
      '<get_cities>\n        <country>France</country>\n        <city>Paris</city>\n        <city>Lyon</city>\n' +
      '        <city>Marseille</city>\n      </get_cities>',
    tools: ['get_cities'],
    schemas: { get_cities: object({ country: { type: 'string' }, city: strings }) },
    expect: [['get_cities', { country: 'France', city: ['Paris', 'Lyon', 'Marseille'] }]],
  },
  {
    source: at('heuristic-parsing.number-conversion.test.ts'),
    name: 'should handle floating point precision correctly',
    text:
      '<test_precision>\n        <values>\n          <item>1.2345678900000000</item>\n          <item>2.0000000000000001</item>\n' +
      '          <item>3.1415926535897932</item>\n        </values>\n      </test_precision>',
    tools: ['test_precision'],
    schemas: { test_precision: object({ values: numbers }) },
    expect: [['test_precision', { values: [1.23456789, 2, 3.141592653589793] }]],
  },
  {
    source: at('heuristic-parsing.number-conversion.test.ts'),
    name: 'should handle scientific notation',
    text:
      '<scientific_values>\n        <data>\n          <item>1.23e-4</item>\n          <item>5.67E+2</item>\n' +
      '          <item>-9.87e-10</item>\n        </data>\n      </scientific_values>',
    tools: ['scientific_values'],
    schemas: { scientific_values: object({ data: numbers }) },
    expect: [['scientific_values', { data: [0.000123, 567, -9.87e-10] }]],
  },
  {
    source: at('heuristic-parsing.complex-nested.test.ts'),
    name: 'should handle complex nested heuristics',
    text:
      '<complex_structure>\n        <coordinates>\n          <item>46.603354</item>\n          <item>1.8883340</item>\n' +
      '        </coordinates>\n        <dimensions>\n          <0>100</0>\n          <1>200</1>\n          <2>300</2>\n' +
      '        </dimensions>\n        <colors>\n          <color>red</color>\n          <color>green</color>\n' +
      '          <color>blue</color>\n        </colors>\n        <name>test</name>\n      </complex_structure>',
    tools: ['complex_structure'],
    schemas: {
      complex_structure: object({
        coordinates: numbers,
        dimensions: numbers,
        colors: strings,
        name: { type: 'string' },
      }),
    },
    expect: [
      [
        'complex_structure',
        {
          coordinates: [46.603354, 1.888334],
          dimensions: [100, 200, 300],
          colors: ['red', 'green', 'blue'],
          name: 'test',
        },
      ],
    ],
  },
  {
    source: at('heuristic-parsing.internal-array-structure.test.ts'),
    name: 'should extract array from single key object',
    text:
      '<get_numbers>\n        <values>\n          <number>3</number>\n          <number>5</number>\n' +
      '          <number>7</number>\n        </values>\n      </get_numbers>',
    tools: ['get_numbers'],
    schemas: { get_numbers: object({ values: numbers }) },
    expect: [['get_numbers', { values: [3, 5, 7] }]],
  },
  {
    source: at('heuristic-parsing.internal-array-structure.test.ts'),
    name: 'should extract string array from single key object',
    text:
      '<get_colors>\n        <palette>\n          <color>red</color>\n          <color>green</color>\n' +
      '          <color>blue</color>\n        </palette>\n      </get_colors>',
    tools: ['get_colors'],
    schemas: { get_colors: object({ palette: strings }) },
    expect: [['get_colors', { palette: ['red', 'green', 'blue'] }]],
  },
  {
    source: at('heuristic-parsing.item-key-pattern.test.ts'),
    name: 'should convert item array to direct array',
    text:
      '<weather_get_by_coordinates_date>\n        <coordinates>\n          <item>46.603354</item>\n' +
      '          <item>1.8883340</item>\n        </coordinates>\n        <date>2023-12-25</date>\n' +
      '      </weather_get_by_coordinates_date>',
    tools: ['weather_get_by_coordinates_date'],
    schemas: { weather_get_by_coordinates_date: object({ coordinates: numbers, date: { type: 'string' } }) },
    expect: [['weather_get_by_coordinates_date', { coordinates: [46.603354, 1.888334], date: '2023-12-25' }]],
  },
  {
    source: at('heuristic-parsing.item-key-pattern.test.ts'),
    name: 'should handle single item value',
    text: '<get_single_value>\n        <data>\n          <item>42</item>\n        </data>\n      </get_single_value>',
    tools: ['get_single_value'],
    schemas: { get_single_value: object({ data: { type: 'number' } }) },
    expect: [['get_single_value', { data: 42 }]],
    differs: {
      reason:
        'a value made of <item> elements is a list to us whatever their number (no schema at parse time); ' +
        'the schema (a number) refuses [42], so nothing runs and the model is told',
      ours: 'none',
    },
  },
  {
    source: at('heuristic-parsing.item-key-pattern.test.ts'),
    name: 'should convert string numbers to actual numbers in item arrays',
    text:
      '<calculate_distance>\n        <point1>\n          <item>10.5</item>\n          <item>20.3</item>\n' +
      '        </point1>\n        <point2>\n          <item>15.8</item>\n          <item>25.1</item>\n' +
      '        </point2>\n      </calculate_distance>',
    tools: ['calculate_distance'],
    schemas: { calculate_distance: object({ point1: numbers, point2: numbers }) },
    expect: [['calculate_distance', { point1: [10.5, 20.3], point2: [15.8, 25.1] }]],
  },
  {
    source: at('heuristic-parsing.indexed-tuples.test.ts'),
    name: 'should convert consecutive indexed tags to array',
    text: '<set_coordinates>\n        <point>\n          <0>349</0>\n          <1>493</1>\n        </point>\n      </set_coordinates>',
    tools: ['set_coordinates'],
    schemas: { set_coordinates: object({ point: numbers }) },
    expect: [['set_coordinates', { point: [349, 493] }]],
  },
  {
    source: at('heuristic-parsing.indexed-tuples.test.ts'),
    name: 'should convert three consecutive indexed tags to array',
    text:
      '<set_position>\n        <coordinates>\n          <0>10.5</0>\n          <1>20.3</1>\n          <2>15.8</2>\n' +
      '        </coordinates>\n      </set_position>',
    tools: ['set_position'],
    schemas: { set_position: object({ coordinates: numbers }) },
    expect: [['set_position', { coordinates: [10.5, 20.3, 15.8] }]],
  },
  {
    source: at('heuristic-parsing.indexed-tuples.test.ts'),
    name: 'should NOT convert non-consecutive indexed tags',
    text:
      '<set_data>\n        <values>\n          <0>first</0>\n          <2>third</2>\n          <5>sixth</5>\n' +
      '        </values>\n      </set_data>',
    tools: ['set_data'],
    schemas: { set_data: object({ values: { type: 'object' } }) },
    expect: [['set_data', { values: { '0': 'first', '2': 'third', '5': 'sixth' } }]],
  },
  {
    source: at('heuristic-parsing.indexed-tuples.test.ts'),
    name: 'should NOT convert mixed key types',
    text: '<set_mixed>\n        <data>\n          <0>zero</0>\n          <name>test</name>\n        </data>\n      </set_mixed>',
    tools: ['set_mixed'],
    schemas: { set_mixed: object({ data: { type: 'object' } }) },
    expect: [['set_mixed', { data: { '0': 'zero', name: 'test' } }]],
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'should handle text content with #text property',
    text: '<get_content>\n        <message>Hello World</message>\n      </get_content>',
    tools: ['get_content'],
    schemas: { get_content: object({ message: { type: 'string' } }) },
    expect: [['get_content', { message: 'Hello World' }]],
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'should preserve whitespace correctly',
    text:
      '<format_text>\n        <values>\n          <item>  spaced text  </item>\n          <item>another  item</item>\n' +
      '        </values>\n      </format_text>',
    tools: ['format_text'],
    schemas: { format_text: object({ values: strings }) },
    expect: [['format_text', { values: ['spaced text', 'another  item'] }]],
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'should not process empty arrays',
    text: '<empty_data>\n        <values></values>\n      </empty_data>',
    tools: ['empty_data'],
    schemas: { empty_data: object({ values: { type: 'string' } }) },
    expect: [['empty_data', { values: '' }]],
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'should handle mixed content types',
    text:
      '<mixed_content>\n        <data>\n          <item>123</item>\n          <item>hello</item>\n' +
      '          <item>45.67</item>\n          <item>true</item>\n        </data>\n      </mixed_content>',
    tools: ['mixed_content'],
    schemas: { mixed_content: object({ data: strings }) },
    expect: [['mixed_content', { data: ['123', 'hello', '45.67', 'true'] }]],
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'preserves nested object structure when no #text and no array/tuple heuristics apply (parse mode)',
    text:
      '<config>\n        <settings>\n          <theme>\n            <dark>true</dark>\n          </theme>\n' +
      '        </settings>\n      </config>',
    tools: ['config'],
    schemas: { config: { type: 'object', properties: { settings: { type: 'object' } } } },
    expect: [['config', { settings: { theme: { dark: 'true' } } }]],
    differs: {
      reason:
        'no schema types the nested leaf, and a bare true is the JSON boolean to us (as in every tag format, ' +
        'values.ts); the middleware leaves the text',
      ours: [['config', { settings: { theme: { dark: true } } }]],
    },
  },
  {
    source: at('heuristic-parsing.edge-cases.test.ts'),
    name: 'maps arrays of objects with #text to trimmed values when prop is array of strings (parse mode)',
    text:
      '<tags>\n        <labels>\n          <item kind="s">  a  </item>\n          <item kind="s">b</item>\n' +
      '        </labels>\n      </tags>',
    tools: ['tags'],
    schemas: { tags: object({ labels: strings }) },
    expect: [['tags', { labels: ['a', 'b'] }]],
  },
  {
    source: at('mocked.test.ts'),
    name: 'recovers malformed XML by parsing available content',
    text: 'prefix <a><arg>1</arg><unclosed>tag</a> suffix',
    tools: ['a'],
    schemas: { a: { type: 'object' } },
    expect: [['a', { arg: 1, unclosed: 'tag' }]],
    differs: {
      reason: '<unclosed> never closes: safety rule 1 (every tag closed) refuses the call and tells the model why',
      ours: 'none',
    },
  },
  {
    source: at('raw-string.test.ts'),
    name: 'treats string-typed args as raw text, not nested XML',
    text:
      '<write_file><file_path>/home/username/myfile.html</file_path><content><html><body><h1>Title</h1><p>Para</p>' +
      '</body></html></content><encoding>utf-8</encoding></write_file>',
    tools: ['write_file'],
    schemas: { write_file: WRITE_FILE },
    expect: [
      [
        'write_file',
        {
          file_path: '/home/username/myfile.html',
          content: '<html><body><h1>Title</h1><p>Para</p></body></html>',
          encoding: 'utf-8',
        },
      ],
    ],
    differs: {
      reason:
        'the parser does not see the schema: a value written as well-formed XML elements is read as structure, ' +
        'and the schema (a string) refuses the object, so nothing runs and the model is told',
      ours: 'none',
    },
  },
  {
    source: at('raw-string.test.ts'),
    name: 'preserves DOCTYPE HTML when model does not escape entities (non-escaped)',
    text: '<file_write><path>a.html</path><content><!DOCTYPE html>\n<html><body><h1>ok</h1></body></html></content></file_write>',
    tools: ['file_write'],
    schemas: { file_write: FILE_WRITE },
    expect: [['file_write', { path: 'a.html', content: '<!DOCTYPE html>\n<html><body><h1>ok</h1></body></html>' }]],
  },
  {
    source: at('raw-string.test.ts'),
    name: 'decodes entity-escaped HTML inside string-typed <content>',
    text:
      '<file_write><path>index.html</path><content>&lt;!DOCTYPE html&gt;\n&lt;html lang="ko"&gt;&lt;head&gt;&lt;title' +
      '&gt;테스트 페이지&lt;/title&gt;&lt;/head&gt;&lt;body&gt;&lt;h1&gt;안녕&lt;/h1&gt;&lt;/body&gt;&lt;/html&gt;</content></file_write>',
    tools: ['file_write'],
    schemas: { file_write: FILE_WRITE },
    expect: [
      [
        'file_write',
        {
          path: 'index.html',
          content:
            '<!DOCTYPE html>\n<html lang="ko"><head><title>테스트 페이지</title></head><body><h1>안녕</h1></body></html>',
        },
      ],
    ],
  },
  {
    source: at('raw-string.test.ts'),
    name: 'cancels entire tool call when duplicate string tags are emitted (non-stream)',
    text: '<write_file><file_path>/tmp/file.txt</file_path><content>part1</content><content>part2</content></write_file>',
    tools: ['write_file'],
    schemas: { write_file: WRITE_FILE },
    expect: 'none',
  },
  {
    source:
      'src/__tests__/protocols/morph-xml-protocol/parse-generated-text/update-plan.normalize-close-tag.test.ts' + AT,
    name: 'parses tool-call even when a closing tag is split across lines (e.g. </\\n  step>)',
    text:
      '<update_plan><explanation>Using apply_patch to create AGENTS.md file with repository guidelines</explanation>' +
      '<plan><step><step>Analyze project\n  structure and configuration files</step><status>completed</status><step>' +
      '<step>Create AGENTS.md file using apply_patch with comprehensive content</\n  step><status>in_progress</status>' +
      '</step></plan></update_plan>',
    tools: ['update_plan'],
    expect: [
      [
        'update_plan',
        {
          explanation: 'Using apply_patch to create AGENTS.md file with repository guidelines',
          plan: {
            step: [
              { step: 'Analyze project\n  structure and configuration files', status: 'completed' },
              { step: 'Create AGENTS.md file using apply_patch with comprehensive content', status: 'in_progress' },
            ],
          },
        },
      ],
    ],
    differs: {
      reason:
        'the first <step> of the plan never closes (and one closer is split as </\\n  step>): safety rule 1 ' +
        'refuses the call and tells the model why, rather than guess the nesting',
      ours: 'none',
    },
  },
];
