/**
 * What the tool's worker runs: it keeps the last document it read, so the
 * operations' requests are built where the (possibly large) document
 * already lives, and only small results cross to the page.
 */
import type { RestImport } from '../http/from-curl.ts';
import { buildRequest, listOperations, listServers, type OperationGroup, type ServerChoice } from './operations.ts';
import type { OpenApiVersion, Problem } from './types.ts';
import { validateOpenApi } from './validate.ts';

export interface Checked {
  format: 'json' | 'yaml';
  version?: OpenApiVersion;
  problems: Problem[];
  errors: number;
  warnings: number;
  groups: OperationGroup[];
  servers: ServerChoice[];
  /** How long the check took, in milliseconds. */
  ms: number;
}

export interface OpenApiEngine {
  check(text: string): Checked;
  /** The request of an operation of the last document checked. */
  request(pointer: string, serverIndex: number): RestImport;
}

export function createEngine(now: () => number = () => performance.now()): OpenApiEngine {
  let document: unknown;
  let version: OpenApiVersion | undefined;
  return {
    check(text) {
      const started = now();
      const result = validateOpenApi(text);
      document = result.document;
      version = result.version;
      const usable = version !== undefined && document !== undefined;
      return {
        format: result.format,
        version,
        problems: result.problems,
        errors: result.errors,
        warnings: result.warnings,
        groups: usable ? listOperations(document) : [],
        servers: usable ? listServers(document, version!) : [],
        ms: now() - started,
      };
    },
    request(pointer, serverIndex) {
      if (version === undefined || document === undefined)
        throw new Error('No readable document: fix the problems first.');
      return buildRequest(document, version, pointer, serverIndex);
    },
  };
}
