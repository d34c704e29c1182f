/** Types of the generated module validators.js (see scripts/lib/openapi-validators.ts). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** The schema object holding the failed keyword (the generator compiles with `verbose`). */
  parentSchema?: Record<string, unknown>;
  schema?: unknown;
  data?: unknown;
}

export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

export const validateSwagger20: GeneratedValidator;
export const validateOpenApi30: GeneratedValidator;
export const validateOpenApi31: GeneratedValidator;
export const validateOpenApi32: GeneratedValidator;
export const validateSchema31: GeneratedValidator;
export const validateSchema32: GeneratedValidator;
/** `version|JSON of a oneOf/anyOf array` → names of the exports validating each branch. */
export const BRANCHES: Record<string, string[]>;
