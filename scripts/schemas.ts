/** The generated schema files and their contents (shared by gen-schemas and its test). */
import { configJsonSchema } from '../src/cli/commands/config.js';
import { testcaseJsonSchema } from '../src/agent-test/case-schema.js';

export async function schemaFiles(): Promise<Record<string, unknown>> {
  return { 'docs/config.schema.json': configJsonSchema(), 'docs/testcases.schema.json': testcaseJsonSchema() };
}
