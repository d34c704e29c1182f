import { describe, expect, it } from 'vitest';
import type { EnvironmentVariable } from '../../src/core/env/substitute.ts';
import {
  addedIds,
  environmentFileName,
  importedMessage,
  isBlankRow,
  mergeRows,
  nextEnvironmentName,
  rebaseVariables,
  rowsFromVariables,
  variablesFromRows,
  type VariableRow,
} from '../../src/ui/tools/rest-client/env-model.ts';

const v = (key: string, value: string, extra: Partial<EnvironmentVariable> = {}): EnvironmentVariable => ({
  key,
  value,
  secret: false,
  enabled: true,
  ...extra,
});

function counter(start: number) {
  let n = start;
  return () => n++;
}

describe('rowsFromVariables / variablesFromRows', () => {
  it('numbers rows from the first id and turns them back into the same variables', () => {
    const variables = [v('host', 'example.com'), v('token', 's3cret', { secret: true, enabled: false })];
    const rows = rowsFromVariables(variables, 7);
    expect(rows).toEqual([
      { rowId: 7, key: 'host', value: 'example.com', secret: false, enabled: true },
      { rowId: 8, key: 'token', value: 's3cret', secret: true, enabled: false },
    ]);
    expect(variablesFromRows(rows)).toEqual(variables);
  });

  it('leaves out blank rows but keeps a row with only a value or only a key', () => {
    const rows: VariableRow[] = [
      { rowId: 1, key: '', value: '', secret: false, enabled: true },
      { rowId: 2, key: '', value: 'orphan', secret: false, enabled: true },
      { rowId: 3, key: 'name', value: '', secret: true, enabled: true },
    ];
    expect(variablesFromRows(rows)).toEqual([v('', 'orphan'), v('name', '', { secret: true })]);
    expect(rows.map(isBlankRow)).toEqual([true, false, false]);
  });
});

describe('mergeRows', () => {
  const rows = rowsFromVariables([v('a', '1'), v('b', '2'), v('c', '3')], 1);

  it('returns the same rows when the store holds what they show', () => {
    expect(mergeRows(rows, [v('a', '1'), v('b', '2'), v('c', '3')], null, counter(100))).toBe(rows);
    expect(mergeRows(rows, [v('a', '1'), v('b', '2'), v('c', '3')], 2, counter(100))).toBe(rows);
  });

  it('keeps the row being edited and takes the stored values for the others', () => {
    const merged = mergeRows(rows, [v('a', 'one'), v('b', 'stored'), v('c', '3', { secret: true })], 2, counter(100));
    expect(merged).toEqual([
      { rowId: 1, key: 'a', value: 'one', secret: false, enabled: true },
      { rowId: 2, key: 'b', value: '2', secret: false, enabled: true },
      { rowId: 3, key: 'c', value: '3', secret: true, enabled: true },
    ]);
  });

  it('keeps every row while editing when the stored list no longer lines up', () => {
    expect(mergeRows(rows, [v('a', '1')], 1, counter(100))).toBe(rows);
  });

  it('replaces the rows once editing is over, keeping ids by position and numbering new rows', () => {
    const merged = mergeRows(rows, [v('x', '9'), v('b', '2'), v('c', '3'), v('d', '4')], null, counter(100));
    expect(merged).toEqual([
      { rowId: 1, key: 'x', value: '9', secret: false, enabled: true },
      { rowId: 2, key: 'b', value: '2', secret: false, enabled: true },
      { rowId: 3, key: 'c', value: '3', secret: false, enabled: true },
      { rowId: 100, key: 'd', value: '4', secret: false, enabled: true },
    ]);
    expect(mergeRows(rows, [], null, counter(100))).toEqual([]);
  });

  it('keeps blank rows (never stored) in place and lines the stored variables up with the others', () => {
    const blank = (rowId: number): VariableRow => ({ rowId, key: '', value: '', secret: false, enabled: true });
    const withBlank = [rows[0]!, blank(9), rows[1]!, rows[2]!, blank(10)];
    expect(mergeRows(withBlank, [v('a', '1'), v('b', '2'), v('c', '3')], null, counter(100))).toBe(withBlank);
    expect(mergeRows(withBlank, [v('a', '1'), v('b', 'new'), v('c', '3')], null, counter(100))).toEqual([
      rows[0],
      blank(9),
      { rowId: 2, key: 'b', value: 'new', secret: false, enabled: true },
      rows[2],
      blank(10),
    ]);
  });

  it('drops blank rows when the stored list changed length and editing is over', () => {
    const withBlank = [...rows, { rowId: 4, key: '', value: '', secret: false, enabled: true }];
    expect(mergeRows(withBlank, [v('a', '1'), v('b', '2')], 4, counter(100))).toBe(withBlank);
    expect(mergeRows(withBlank, [v('a', '1'), v('b', '2')], null, counter(100))).toEqual(rows.slice(0, 2));
  });
});

describe('rebaseVariables', () => {
  const base = [v('a', '1'), v('b', '2'), v('c', '3')];

  it('writes the user’s changed variables and keeps changes made elsewhere to the others', () => {
    const local = [v('a', 'mine'), v('b', '2'), v('c', '3')];
    const fresh = [v('a', '1'), v('b', 'theirs'), v('c', '3', { secret: true })];
    expect(rebaseVariables(base, local, fresh)).toEqual([
      v('a', 'mine'),
      v('b', 'theirs'),
      v('c', '3', { secret: true }),
    ]);
  });

  it('finds the edited variable where another window moved it, and keeps what it added', () => {
    const local = [v('a', '1'), v('b', '2'), v('c', 'mine', { enabled: false })];
    const fresh = [v('z', 'new'), v('c', '3'), v('a', '1')];
    expect(rebaseVariables(base, local, fresh)).toEqual([
      v('z', 'new'),
      v('c', 'mine', { enabled: false }),
      v('a', '1'),
    ]);
  });

  it('lets the user’s edit win when the same variable changed in both places', () => {
    const local = [v('a', '1'), v('b', 'mine'), v('c', '3')];
    expect(rebaseVariables(base, local, [v('a', '1'), v('b', 'theirs'), v('c', '3')])).toEqual(local);
    // Removed elsewhere (the list no longer lines up): the edited variable comes back at the end.
    expect(rebaseVariables(base, local, [v('a', '1'), v('c', '3')])).toEqual([
      v('a', '1'),
      v('c', '3'),
      v('b', 'mine'),
    ]);
  });

  it('stores the user’s list as it is once they added or removed rows', () => {
    const local = [v('a', '1'), v('c', '3'), v('d', '4')].slice(0, 2);
    expect(rebaseVariables(base, local, [v('a', 'theirs'), v('b', '2'), v('c', '3')])).toEqual(local);
  });

  it('changes nothing stored when the user changed nothing', () => {
    const fresh = [v('x', '9')];
    expect(rebaseVariables(base, base, fresh)).toEqual(fresh);
  });
});

describe('nextEnvironmentName', () => {
  it('uses the base name while it is free', () => {
    expect(nextEnvironmentName([])).toBe('New environment');
    expect(nextEnvironmentName(['dev', 'prod'])).toBe('New environment');
  });
  it('numbers from 2, skipping names taken in any letter case', () => {
    expect(nextEnvironmentName(['New environment'])).toBe('New environment 2');
    expect(nextEnvironmentName(['new ENVIRONMENT', 'New environment 2', 'new environment 3 '])).toBe(
      'New environment 4',
    );
    expect(nextEnvironmentName(['Copy', 'Copy 2'], 'Copy')).toBe('Copy 3');
  });
});

describe('environmentFileName', () => {
  it('names the Postman export after the environment', () => {
    expect(environmentFileName('dev')).toBe('dev.postman_environment.json');
    expect(environmentFileName('Staging (EU)')).toBe('Staging (EU).postman_environment.json');
  });
  it('replaces characters file systems refuse and never starts with a dot', () => {
    expect(environmentFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.postman_environment.json');
    expect(environmentFileName('tab\there')).toBe('tab_here.postman_environment.json');
    expect(environmentFileName('..hidden')).toBe('hidden.postman_environment.json');
    expect(environmentFileName('  ')).toBe('environment.postman_environment.json');
  });
});

describe('importedMessage / addedIds', () => {
  it('names each imported environment with its variable count', () => {
    expect(
      importedMessage([{ id: '1', name: 'dev', variables: [v('a', '1'), v('b', '2'), v('c', '3'), v('d', '')] }]),
    ).toBe('Imported "dev" (4 variables).');
    expect(
      importedMessage([
        { id: '1', name: 'dev', variables: [v('a', '1')] },
        { id: '2', name: 'prod', variables: [] },
      ]),
    ).toBe('Imported "dev" (1 variable), "prod" (0 variables).');
    expect(importedMessage([])).toBe('The file holds no environments.');
  });
  it('finds the environments an import added, in order', () => {
    const before = [{ id: 'a', name: 'A', variables: [] }];
    const after = [...before, { id: 'c', name: 'C', variables: [] }, { id: 'b', name: 'B', variables: [] }];
    expect(addedIds(before, after)).toEqual(['c', 'b']);
    expect(addedIds(after, after)).toEqual([]);
  });
});
