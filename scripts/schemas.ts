/** The generated schema files and their contents (shared by gen-schemas and its test). */
import { configJsonSchema } from '../src/cli/commands/config.js';

export async function schemaFiles(): Promise<Record<string, unknown>> {
  const files: Record<string, unknown> = { 'docs/config.schema.json': configJsonSchema() };
  const caseSchemaModule = '../src/testing/case-schema.js'; // written by the agent-test issue
  try {
    const { testcaseJsonSchema } = (await import(caseSchemaModule)) as { testcaseJsonSchema: () => unknown };
    files['docs/testcases.schema.json'] = testcaseJsonSchema();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  return files;
}
