/**
 * The demo plant generator: plant.db to the contract plus demo documents.
 *   seedPlant({ db, rows?, seed?, today?, timezone?, force?, docsDir? })
 *   seedTestPlant({ dir, rows?, today?, seed?, docs? })  — for other tests
 */
export { seedPlant, GENERATOR, type SeedSummary } from './build.js';
export { DEFAULT_ROWS, MAX_ROWS, type SeedOptions } from './options.js';
export { seedTestPlant, TEST_TODAY, type TestPlant } from './testing.js';
