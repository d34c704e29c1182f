import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readmeWithTargets } from '../../scripts/docs-tools.ts';
import { convertOnDemand } from '../../src/core/convert-on-demand.ts';
import { GENERATOR_LOADERS, loadGenerator } from '../../src/core/generators/loaders.ts';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { convert, CurlParseError } from '../../src/core/index.ts';
import { highlight, isLanguage } from '../../src/ui/highlight.ts';
import {
  TARGETS,
  groupTargets,
  listTargets,
  searchTargets,
  targetInfo,
  type TargetInfo,
} from '../../src/core/generators/targets.ts';

describe('the target list the menus load at first paint', () => {
  it('describes exactly the registered generators, in order', () => {
    expect(TARGETS.map((t) => t.id)).toEqual(GENERATORS.map((g) => g.id));
    for (const generator of GENERATORS) {
      const { id, title, language, extension } = generator;
      const { group: _group, ...info } = targetInfo(id);
      expect({ id, title, language, extension }).toEqual(info);
    }
  });

  it("is the README's target list (npm run docs:tools)", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(readmeWithTargets(readme));
  });

  it('hands out copies, and refuses an unknown id', () => {
    const list = listTargets();
    list[0]!.title = 'changed';
    expect(TARGETS[0]!.title).not.toBe('changed');
    expect(() => targetInfo('cobol')).toThrow('No target "cobol"');
  });
});

describe('grouping and searching the target menu', () => {
  const sample: TargetInfo[] = [
    {
      id: 'javascript-fetch',
      title: 'JavaScript (fetch)',
      language: 'javascript',
      extension: 'mjs',
      group: 'JavaScript',
    },
    { id: 'python-requests', title: 'Python (requests)', language: 'python', extension: 'py', group: 'Python' },
    { id: 'java-okhttp', title: 'Java (OkHttp)', language: 'java', extension: 'java', group: 'Java' },
    { id: 'node-got', title: 'Node.js (got)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
    { id: 'kotlin-okhttp', title: 'Kotlin (OkHttp)', language: 'kotlin', extension: 'kt', group: 'Kotlin' },
    { id: 'csharp-httpclient', title: 'C# (HttpClient)', language: 'csharp', extension: 'cs', group: 'C#' },
    { id: 'c-libcurl', title: 'C (libcurl)', language: 'c', extension: 'c', group: 'C' },
  ];

  it("groups by language in the order of each group's first target", () => {
    expect(groupTargets(sample).map((g) => [g.group, g.targets.map((t) => t.id)])).toEqual([
      ['JavaScript', ['javascript-fetch', 'node-got']],
      ['Python', ['python-requests']],
      ['Java', ['java-okhttp']],
      ['Kotlin', ['kotlin-okhttp']],
      ['C#', ['csharp-httpclient']],
      ['C', ['c-libcurl']],
    ]);
  });

  it('finds targets by the starts of words of their title, id or language', () => {
    const ids = (query: string) => searchTargets(sample, query).map((t) => t.id);
    expect(ids('')).toHaveLength(sample.length);
    expect(ids('okhttp')).toEqual(['java-okhttp', 'kotlin-okhttp']);
    expect(ids('py req')).toEqual(['python-requests']);
    expect(ids('C#')).toEqual(['csharp-httpclient']);
    expect(ids('csharp')).toEqual(['csharp-httpclient']);
    expect(ids('libcurl')).toEqual(['c-libcurl']);
    expect(ids('node')).toEqual(['node-got']);
    expect(ids('java')).toEqual(['javascript-fetch', 'java-okhttp', 'node-got']);
    expect(ids('cobol')).toEqual([]);
  });

  it('registers every target with a language group and a language the code view highlights', () => {
    for (const target of TARGETS) {
      expect(target.group.trim()).not.toBe('');
      expect(isLanguage(target.language), `${target.id}: ${target.language}`).toBe(true);
    }
  });
});

describe('highlighting every target language', () => {
  // Each grammar must compile under the JavaScript regex engine (the extension pages allow no WebAssembly).
  it.each([...new Set(TARGETS.map((t) => t.language))])(
    '%s tokenizes a line',
    async (language) => {
      const tokens = await highlight('x = "a" // 1\n', language as Parameters<typeof highlight>[1]);
      expect(
        tokens
          .flat()
          .map((t) => t.content)
          .join(''),
      ).toBe('x = "a" // 1');
    },
    30_000,
  );
});

describe('generators loaded on demand (the extension loads a target when it is chosen)', () => {
  it('has a loader for exactly the registered targets, giving the registry’s generator', async () => {
    expect(Object.keys(GENERATOR_LOADERS)).toEqual(TARGETS.map((t) => t.id));
    for (const generator of GENERATORS) expect(await loadGenerator(generator.id)).toBe(generator);
  });

  it('refuses an unknown target, naming the known ones', async () => {
    await expect(loadGenerator('cobol')).rejects.toThrow(/Unknown target "cobol"\. Known targets: javascript-fetch, /);
    await expect(loadGenerator('constructor')).rejects.toThrow(/Unknown target "constructor"/);
  });

  it('converts as the eager converter does, and reports a parse error before loading anything', async () => {
    const command = "curl -H 'X-A: 1' -d '{\"a\":1}' https://api.example.com/items";
    for (const target of TARGETS) {
      expect(await convertOnDemand(command, target.id)).toEqual(convert(command, target.id));
    }
    await expect(convertOnDemand('curl --data-rwa x https://a.example/', 'cobol')).rejects.toBeInstanceOf(
      CurlParseError,
    );
  });

  it("loads Windows cmd's and PowerShell's tokenizers for their commands, detected or chosen, as the eager converter reads them", async () => {
    const cases: { text: string; dialect?: 'bash' | 'cmd' | 'powershell'; expected: 'cmd' | 'powershell' }[] = [
      {
        text: 'curl ^"https://api.example.com/a?b=1^&c=2^" -H ^"X-A: 1^" --data-raw ^"^{^\\^"k^\\^":1^}^"',
        expected: 'cmd',
      },
      {
        text: "curl.exe 'https://api.example.com/a' -H 'X-A: 1' --data-raw '{\"k\":1}'",
        dialect: 'powershell',
        expected: 'powershell',
      },
      { text: 'curl "https://api.example.com/a" -H "X-A: 1"', dialect: 'cmd', expected: 'cmd' },
    ];
    for (const { text, dialect, expected } of cases) {
      const options = dialect ? { dialect } : {};
      const lazy = await convertOnDemand(text, 'python-requests', options);
      expect(lazy.dialect).toBe(expected);
      expect(lazy).toEqual(convert(text, 'python-requests', options));
    }
    // A parse error in a cmd command is the eager converter's error, at the same place.
    const broken = 'curl ^"https://api.example.com/^" --data-rwa x';
    const eager = (() => {
      try {
        convert(broken, 'python-requests', { dialect: 'cmd' });
      } catch (error) {
        return error;
      }
    })();
    expect(eager).toBeInstanceOf(CurlParseError);
    await expect(convertOnDemand(broken, 'python-requests', { dialect: 'cmd' })).rejects.toEqual(eager);
  });
});
