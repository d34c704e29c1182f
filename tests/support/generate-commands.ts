import { parseCurl } from '../../src/core/curl/parse.ts';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import type { CorpusCase } from '../fixtures/curl-corpus.ts';

/** Runs every generator of `language` over each command that parses (what they build is then recorded by a spy). */
export function generateAll(language: string, commands: { cmd: string; dialect?: CorpusCase['dialect'] }[]): void {
  for (const generator of GENERATORS.filter((g) => g.language === language)) {
    for (const { cmd, dialect } of commands) {
      let requests;
      try {
        requests = parseCurl(cmd, { dialect: dialect ?? 'bash' }).requests;
      } catch {
        continue;
      }
      for (const request of requests) generator.generate(specFromCurl(request));
    }
  }
}
