/**
 * Checks a Compose file (as plain data) against the Compose Specification's JSON schema (draft-07), shipped with
 * its licence in `schema/`. @cfworker/json-schema interprets the schema (it compiles nothing at run time), so it
 * runs under the extension pages' Content Security Policy.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import schema from './schema/compose-spec.json';

export interface SchemaProblem {
  /** Where in the file: `services.web.ports.0`. */
  path: string;
  message: string;
}

export interface SchemaResult {
  valid: boolean;
  problems: SchemaProblem[];
}

let validator: Validator | undefined;

/** The keywords that only say "a part below failed": their parts are reported instead. */
const SUMMARY_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'additionalItems',
  'items',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
]);

function pathOf(unit: OutputUnit): string {
  return unit.instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function validateCompose(file: unknown, limit = 10): SchemaResult {
  validator ??= new Validator(schema as object, '7', false);
  const result = validator.validate(file);
  if (result.valid) return { valid: true, problems: [] };
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  const specific = result.errors.filter((unit) => !SUMMARY_KEYWORDS.has(unit.keyword));
  for (const unit of specific.length > 0 ? specific : result.errors) {
    const problem = { path: pathOf(unit) || '(the file)', message: unit.error };
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length >= limit) break;
  }
  return { valid: false, problems };
}
