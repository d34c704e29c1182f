/**
 * Writes a Compose model as YAML with the `yaml` library: keys in the model's order (services, then the top-level
 * networks and volumes), block style, no line folding, and quotes only where a YAML reader would otherwise take a
 * string for something else. Compose files are read by YAML 1.1 parsers too, where `22:22` is a number (base 60)
 * and `yes`, `on` and `n` are booleans, so a string that YAML 1.1 or 1.2 would read as anything but that string is
 * double-quoted.
 */
import { Document, isScalar, parse, Scalar, visit, type Node } from 'yaml';
import type { Warning } from '../errors.ts';
import type { ComposeModel, JsonObject } from './map.ts';

export const STRINGIFY_OPTIONS = { nullStr: '', lineWidth: 0, indent: 2 } as const;

/** Whether a plain scalar with this text would not read back as the same string (in YAML 1.1 or 1.2). */
function ambiguous(text: string): boolean {
  if (text === '' || text.includes('\n') || text.length > 200) return false; // the library quotes these itself
  for (const version of ['1.1', '1.2'] as const) {
    try {
      if (parse(text, { version, logLevel: 'silent' }) !== text) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** Double-quotes the string scalars under `node` that a YAML 1.1 or 1.2 reader would misread. */
export function quoteAmbiguous(node: Node | Document): void {
  visit(node, {
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string' && !scalar.type && ambiguous(scalar.value)) scalar.type = 'QUOTE_DOUBLE';
    },
  });
}

/** The model as a plain object with only the top-level sections that have something. */
export function composeObject(model: ComposeModel): JsonObject {
  const out: JsonObject = { services: model.services };
  if (Object.keys(model.networks).length > 0) out.networks = model.networks;
  if (Object.keys(model.volumes).length > 0) out.volumes = model.volumes;
  return out;
}

/** Where a warning is, for a comment or a message: `3:14`. */
export function place(warning: Warning): string {
  return warning.span ? `${warning.span.line}:${warning.span.column}` : '';
}

export function commentLines(warnings: readonly Warning[]): string {
  return warnings.map((w) => ` ${place(w) ? `${place(w)} ` : ''}${w.message.replace(/\s*\n\s*/g, ' ')}`).join('\n');
}

/** Puts each service's warnings as comments above it, and the others at the top of the file. */
export function addComments(
  doc: Document,
  perService: ReadonlyMap<string, readonly Warning[]>,
  general: readonly Warning[],
): void {
  const services = doc.get('services', true);
  if (services && typeof services === 'object' && 'items' in services) {
    for (const pair of (services as { items: { key: unknown }[] }).items) {
      // Keys added with setIn (merging) are plain strings: make them nodes that can carry a comment.
      if (!isScalar(pair.key)) pair.key = new Scalar(pair.key);
      const key = pair.key as Scalar;
      const warnings = perService.get(String(key.value));
      if (warnings && warnings.length > 0) key.commentBefore = commentLines(warnings);
    }
  }
  if (general.length > 0) doc.commentBefore = [doc.commentBefore, commentLines(general)].filter(Boolean).join('\n');
}

export function newDocument(model: ComposeModel): Document {
  const doc = new Document(composeObject(model));
  quoteAmbiguous(doc);
  return doc;
}

export function stringify(doc: Document): string {
  return doc.toString(STRINGIFY_OPTIONS);
}
