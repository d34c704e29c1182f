/** Writes src/core/openapi/generated/validators.js (see scripts/lib/openapi-validators.ts). */
import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generateValidators } from './lib/openapi-validators.ts';

writeFileSync(GENERATED_FILE, await generateValidators());
console.log(`wrote ${GENERATED_FILE}`);
