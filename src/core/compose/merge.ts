/**
 * Adds converted services to an existing Compose file, keeping that file as written (its comments, order and
 * quoting): new services go at the end of `services`, and the networks and volumes they use are declared when the
 * file does not declare them yet. A service name the file already has is a clash: the new service gets the next
 * free name (`web-2`) and a warning says so; so does a `container_name` the file already uses.
 */
import { isMap, isScalar, parseDocument, type Document, type YAMLMap } from 'yaml';
import type { SourceSpan, Warning } from '../errors.ts';
import { quoteAmbiguous } from './emit.ts';
import type { ComposeModel, ServiceConversion } from './map.ts';
import { ComposeError } from './parse.ts';

export interface MergeResult {
  doc: Document;
  /** New name of each converted service (changed on a clash). */
  names: Map<string, string>;
  warnings: Warning[];
}

function spanAtLine(text: string, line: number, column: number): SourceSpan {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  offset = Math.min(text.length, offset + column - 1);
  return { offset, line, column, end: Math.min(text.length, offset + 1) };
}

/** Reads the existing file: YAML with a mapping at the top, `services` a mapping if present. */
export function readExisting(text: string): Document {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ComposeError(
      `This is not valid YAML: ${message}.`,
      'existing-yaml',
      spanAtLine(text, at.line, at.col),
      'existing',
    );
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    throw new ComposeError(
      'A Compose file is a mapping (services:, networks:, volumes:…) at the top level.',
      'existing-not-compose',
      spanAtLine(text, 1, 1),
      'existing',
    );
  }
  const services = doc.get('services', true);
  if (
    services !== undefined &&
    services !== null &&
    !isMap(services) &&
    !(isScalar(services) && services.value === null)
  ) {
    const range = (services as { range?: [number, number, number] }).range;
    const line = range ? text.slice(0, range[0]).split('\n').length : 1;
    throw new ComposeError(
      '`services` in the existing file is not a mapping of service names.',
      'existing-not-compose',
      spanAtLine(text, line, 1),
      'existing',
    );
  }
  return doc;
}

function keysOf(map: unknown): string[] {
  if (!isMap(map)) return [];
  return (map as YAMLMap).items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key)));
}

export function mergeInto(
  existingText: string,
  model: ComposeModel,
  converted: readonly ServiceConversion[],
): MergeResult {
  const doc = readExisting(existingText);
  const warnings: Warning[] = [];
  const names = new Map<string, string>();
  if (doc.contents === null) doc.contents = doc.createNode({}) as never;
  const existingServices = doc.get('services', true);
  if (!isMap(existingServices)) doc.set('services', doc.createNode({}));
  const taken = new Set(keysOf(doc.get('services', true)));
  const containerNames = new Map<string, string>();
  for (const name of taken) {
    const containerName = doc.getIn(['services', name, 'container_name']);
    if (typeof containerName === 'string') containerNames.set(containerName, name);
  }
  for (const service of converted) {
    let name = service.name;
    if (taken.has(name)) {
      let n = 2;
      while (taken.has(`${service.name}-${n}`) || Object.hasOwn(model.services, `${service.name}-${n}`)) n++;
      name = `${service.name}-${n}`;
      warnings.push({
        code: 'service-clash',
        message: `The existing file already has a service “${service.name}”: the converted one is added as “${name}”.`,
        span: service.run.image.span,
      });
    }
    taken.add(name);
    names.set(service.name, name);
    const body = model.services[service.name]!;
    const containerName = body.container_name;
    if (typeof containerName === 'string' && containerNames.has(containerName)) {
      warnings.push({
        code: 'container-name-clash',
        message: `The existing service “${containerNames.get(containerName)}” already uses container_name ${containerName}: Compose cannot start both. Rename one.`,
        span: service.run.image.span,
      });
    }
    const node = doc.createNode(body);
    quoteAmbiguous(node);
    doc.setIn(['services', name], node);
  }
  for (const section of ['networks', 'volumes'] as const) {
    const wanted = Object.entries(model[section]);
    if (wanted.length === 0) continue;
    const current = doc.get(section, true);
    if (!isMap(current)) doc.set(section, doc.createNode({}));
    const have = new Set(keysOf(doc.get(section, true)));
    for (const [key, value] of wanted) {
      if (have.has(key)) continue;
      const node = doc.createNode(value);
      quoteAmbiguous(node);
      doc.setIn([section, key], node);
    }
  }
  return { doc, names, warnings };
}
