/**
 * Saved Fake Data definitions in storage.local (one key), written under the shared storage lock from the
 * freshest stored copy, so two panels saving at once lose nothing. Pure: the area and the lock are injected.
 */
import type { Exclusive, KeyValueArea } from '../storage.ts';
import { DefinitionError, parseDefinition, type DataSetDef } from './definition.ts';

export const DATA_SETS_KEY = 'fakeData:sets';

interface Stored {
  version: 1;
  sets: unknown[];
}

/** Reads what is stored: the definitions that parse, and a notice for each one that does not. */
export function readStoredSets(value: unknown): { sets: DataSetDef[]; notices: string[] } {
  if (value === undefined) return { sets: [], notices: [] };
  const stored = value as Partial<Stored>;
  if (typeof value !== 'object' || value === null || !Array.isArray(stored.sets)) {
    return { sets: [], notices: ['The saved data sets could not be read; they are left as they are.'] };
  }
  const sets: DataSetDef[] = [];
  const notices: string[] = [];
  for (const raw of stored.sets) {
    try {
      sets.push(parseDefinition(raw));
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      const name = (raw as { name?: unknown } | null)?.name;
      notices.push(`The saved data set “${typeof name === 'string' ? name : '?'}” is skipped: ${error.message}`);
    }
  }
  return { sets, notices };
}

export class DataSetStore {
  constructor(
    private readonly area: KeyValueArea,
    private readonly exclusive: Exclusive,
  ) {}

  async list(): Promise<{ sets: DataSetDef[]; notices: string[] }> {
    const items = await this.area.get([DATA_SETS_KEY]);
    return readStoredSets(items[DATA_SETS_KEY]);
  }

  /** Saves a definition, replacing the one with the same name. */
  save(def: DataSetDef): Promise<DataSetDef[]> {
    return this.change((sets) => [...sets.filter((s) => s.name !== def.name), def]);
  }

  remove(name: string): Promise<DataSetDef[]> {
    return this.change((sets) => sets.filter((s) => s.name !== name));
  }

  private change(update: (sets: DataSetDef[]) => DataSetDef[]): Promise<DataSetDef[]> {
    return this.exclusive(async () => {
      const items = await this.area.get([DATA_SETS_KEY]);
      const current = items[DATA_SETS_KEY] as Partial<Stored> | undefined;
      // Entries this version cannot read are kept as they are, never dropped by a save.
      const unreadable = Array.isArray(current?.sets)
        ? current.sets.filter((raw) => {
            try {
              parseDefinition(raw);
              return false;
            } catch {
              return true;
            }
          })
        : [];
      const next = update(readStoredSets(current).sets).sort((a, b) => a.name.localeCompare(b.name));
      await this.area.set({ [DATA_SETS_KEY]: { version: 1, sets: [...next, ...unreadable] } satisfies Stored });
      return next;
    });
  }
}
