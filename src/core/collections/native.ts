/**
 * The project's own collection format, as exported: apart from the importers
 * (`formats.ts`), so that exporting never loads them (the OpenAPI importer
 * brings the OpenAPI tool's YAML readers and schemas).
 */
import type { Raw } from './import-common.ts';
import type { CollectionVariable, PortableCollection, PortableItem } from './types.ts';

export const NATIVE_FORMAT = 'http-workbench-collection';
export const NATIVE_VERSION = 1;

/** The project's own export: collections with their requests inline; secret values blank unless asked. */
export function exportNative(collections: readonly PortableCollection[], options: { includeSecrets: boolean }): Raw {
  const blank = (variables: readonly CollectionVariable[]) =>
    variables.map((v) => (v.secret && !options.includeSecrets ? { ...v, value: '' } : { ...v }));
  const items = (list: readonly PortableItem[]): PortableItem[] =>
    list.map((item) =>
      item.type === 'folder'
        ? { ...item, variables: blank(item.variables), items: items(item.items) }
        : { ...item, variables: blank(item.variables) },
    );
  return {
    format: NATIVE_FORMAT,
    version: NATIVE_VERSION,
    collections: collections.map((c) => ({ ...c, variables: blank(c.variables), items: items(c.items) })),
  };
}
