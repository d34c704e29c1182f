import type { RestImport } from '../http/from-curl.ts';

/**
 * What one tool (or the context menu, the popup, the command palette) asks
 * another to do. Plain data: intents cross the storage boundary when the
 * background hands one to a new workspace tab. A tool declares the kinds it
 * accepts in its registry entry; a tool never imports another tool's code.
 */
export type Intent =
  /** Load a request into the REST client's editor (from the converter, Captured, history of another tool). */
  | { kind: 'open-request'; request: RestImport }
  /** Convert this curl command. */
  | { kind: 'convert-command'; text: string }
  /** Show this status code's entry. */
  | { kind: 'show-status'; code: number }
  /** Turn these docker run commands into a Compose file. */
  | { kind: 'convert-docker-run'; text: string }
  /** Open this JSON document in JSON Tools (a response body, a selection); `title` says where it came from. */
  | { kind: 'open-json'; text: string; title?: string }
  /** Mock values from this JSON Schema (text); `title` says where it came from. */
  | { kind: 'mock-schema'; schema: string; title?: string }
  /** Mock the responses of an operation of this OpenAPI document (YAML or JSON text). */
  | { kind: 'mock-openapi'; document: string; method?: string; path?: string };

export type IntentKind = Intent['kind'];

export const INTENT_KINDS: readonly IntentKind[] = [
  'open-request',
  'convert-command',
  'show-status',
  'convert-docker-run',
  'open-json',
  'mock-schema',
  'mock-openapi',
];

/** What the background hands to the workspace it opens: an intent, a notice, or both. */
export interface Handoff {
  intent?: Intent;
  /** Said to the user when the workspace opens (why nothing opened, or which tool was chosen and why). */
  notice?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks data read back from storage (another version may have written it) before it is used as an intent. */
export function isIntent(value: unknown): value is Intent {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'open-request':
      return (
        isRecord(value.request) && typeof value.request.method === 'string' && typeof value.request.url === 'string'
      );
    case 'convert-command':
    case 'convert-docker-run':
      return typeof value.text === 'string';
    case 'open-json':
      return typeof value.text === 'string' && (value.title === undefined || typeof value.title === 'string');
    case 'mock-schema':
      return typeof value.schema === 'string' && (value.title === undefined || typeof value.title === 'string');
    case 'mock-openapi':
      return (
        typeof value.document === 'string' &&
        (value.method === undefined || typeof value.method === 'string') &&
        (value.path === undefined || typeof value.path === 'string')
      );
    case 'show-status':
      return typeof value.code === 'number' && Number.isInteger(value.code) && value.code >= 100 && value.code <= 999;
    default:
      return false;
  }
}

export function isHandoff(value: unknown): value is Handoff {
  if (!isRecord(value)) return false;
  const hasIntent = value.intent !== undefined;
  const hasNotice = value.notice !== undefined;
  if (!hasIntent && !hasNotice) return false;
  if (hasIntent && !isIntent(value.intent)) return false;
  if (hasNotice && typeof value.notice !== 'string') return false;
  return true;
}
