import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { TARGETS, listTargets, targetInfo } from '../../src/core/generators/targets.ts';

describe('the target list the menus load at first paint', () => {
  it('describes exactly the registered generators, in order', () => {
    expect(TARGETS.map((t) => t.id)).toEqual(GENERATORS.map((g) => g.id));
    for (const generator of GENERATORS) {
      const { id, title, language, extension } = generator;
      expect({ id, title, language, extension }).toEqual(targetInfo(id));
    }
  });

  it('hands out copies, and refuses an unknown id', () => {
    const list = listTargets();
    list[0]!.title = 'changed';
    expect(TARGETS[0]!.title).not.toBe('changed');
    expect(() => targetInfo('cobol')).toThrow('No target "cobol"');
  });
});
