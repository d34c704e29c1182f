/**
 * The Compose converter: pasted `docker run` commands in, a Compose file out, with positioned warnings, optionally
 * merged into an existing file, and checked against the Compose Specification's schema. The UI, the CLI and the
 * tests all call `convertToCompose`.
 */
import { flatMap } from '../arrays.ts';
import type { Warning } from '../errors.ts';
import type { Dialect } from '../shell/types.ts';
import { addComments, newDocument, stringify } from './emit.ts';
import { convertRuns } from './map.ts';
import { mergeInto } from './merge.ts';
import { parseDockerRuns } from './parse.ts';
import { validateCompose, type SchemaResult } from './validate.ts';

export { ComposeError } from './parse.ts';
export { optionCoverage } from './options.ts';
export type { SchemaProblem, SchemaResult } from './validate.ts';

export interface ComposeOptions {
  /** Force the shell the commands are written for (detected otherwise). */
  dialect?: Dialect;
  /** A Compose file to add the services to. */
  existing?: string;
  /** Write the warnings as YAML comments too. */
  comments?: boolean;
}

export interface ComposeResult {
  yaml: string;
  /** The file as data (what was validated). */
  data: unknown;
  /** Each converted command's service, in order, with its warnings. */
  services: { name: string; image: string; warnings: Warning[] }[];
  /** Every warning about the commands, in the order of the text. */
  warnings: Warning[];
  /** Warnings about merging into the existing file (name clashes); positioned in the commands. */
  mergeWarnings: Warning[];
  validation: SchemaResult;
  dialect: Dialect;
}

export function convertToCompose(text: string, options: ComposeOptions = {}): ComposeResult {
  const parsed = parseDockerRuns(text, { dialect: options.dialect });
  const conversion = convertRuns(parsed.runs, parsed.warnings, parsed.variables);
  const merging = options.existing !== undefined && options.existing.trim() !== '';
  const merged = merging ? mergeInto(options.existing!, conversion.model, conversion.services) : undefined;
  const doc = merged?.doc ?? newDocument(conversion.model);
  const services = conversion.services.map((service) => ({
    name: merged?.names.get(service.name) ?? service.name,
    image: service.run.image.value,
    warnings: service.warnings,
  }));
  const mergeWarnings = merged?.warnings ?? [];
  if (options.comments) {
    const perService = new Map(
      services.map((service) => [
        service.name,
        [
          ...service.warnings,
          ...mergeWarnings.filter((w) =>
            conversion.services.some(
              (s) => s.run.image.span === w.span && (merged?.names.get(s.name) ?? s.name) === service.name,
            ),
          ),
        ],
      ]),
    );
    const inServices = new Set(flatMap(services, (service) => service.warnings));
    addComments(
      doc,
      perService,
      conversion.warnings.filter((warning) => !inServices.has(warning)),
    );
  }
  const data = doc.toJS() as unknown;
  return {
    yaml: stringify(doc),
    data,
    services,
    warnings: conversion.warnings,
    mergeWarnings,
    validation: validateCompose(data),
    dialect: parsed.dialect,
  };
}
