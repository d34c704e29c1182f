import type { GrammarState, HighlighterCore, LanguageRegistration, ThemedToken } from 'shiki/core';

export type { GrammarState, ThemedToken };

type LanguageLoader = () => Promise<{ default: LanguageRegistration[] }>;

/** Languages we highlight, each loaded only when first needed. */
const LANGUAGES = {
  json: () => import('shiki/langs/json.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  shellscript: () => import('shiki/langs/shellscript.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  perl: () => import('shiki/langs/perl.mjs'),
  r: () => import('shiki/langs/r.mjs'),
  http: () => import('shiki/langs/http.mjs'),
} as const satisfies Record<string, LanguageLoader>;
export type Language = keyof typeof LANGUAGES;

export function isLanguage(id: string): id is Language {
  return Object.hasOwn(LANGUAGES, id);
}

/** The language of a body with this Content-Type, among those a response body can be highlighted as. */
export function languageFor(contentType: string): 'json' | 'html' | 'xml' | 'javascript' | 'css' | null {
  const type = contentType.toLowerCase();
  if (/[/+]json\b/.test(type)) return 'json';
  if (type.includes('html')) return 'html';
  if (/[/+]xml\b/.test(type)) return 'xml';
  if (type.includes('javascript') || type.includes('ecmascript')) return 'javascript';
  if (/\btext\/css\b/.test(type)) return 'css';
  return null;
}

export interface TokenizeOptions {
  /** Continue from this state (from an earlier result) instead of the start of the grammar. */
  grammarState?: GrammarState;
  /** Code that sets the grammar's state before `code` (ignored with grammarState). */
  grammarContextCode?: string;
  /** Lines longer than this are left as plain text. */
  tokenizeMaxLineLength?: number;
}

export interface Tokenizer<L extends string> {
  tokenize(
    code: string,
    language: L,
    options?: TokenizeOptions,
  ): Promise<{ tokens: ThemedToken[][]; grammarState?: GrammarState }>;
}

/**
 * A shiki highlighter with the JavaScript regex engine (no WASM, so the
 * default extension CSP holds) for these languages. Shiki itself is loaded on
 * first use, never at first paint; each language when first needed. Works in
 * pages and in workers.
 */
export function createTokenizer<L extends string>(languages: Record<L, LanguageLoader>): Tokenizer<L> {
  let highlighter: Promise<HighlighterCore> | null = null;
  const loaded = new Map<L, Promise<void>>();
  return {
    async tokenize(code, language, options = {}) {
      highlighter ??= (async () => {
        const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, light, dark] = await Promise.all([
          import('shiki/core'),
          import('shiki/engine/javascript'),
          import('shiki/themes/github-light.mjs'),
          import('shiki/themes/github-dark.mjs'),
        ]);
        return createHighlighterCore({
          themes: [light.default, dark.default],
          langs: [],
          engine: createJavaScriptRegexEngine(),
        });
      })();
      const core = await highlighter;
      if (!loaded.has(language)) {
        loaded.set(
          language,
          languages[language]().then((mod) => core.loadLanguage(mod.default)),
        );
      }
      await loaded.get(language);
      // Tokens, not HTML: the UI renders them as text nodes, so no response
      // content ever reaches innerHTML.
      const result = core.codeToTokens(code, {
        lang: language,
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
        ...options,
      });
      return { tokens: result.tokens, grammarState: result.grammarState };
    },
  };
}

let shared: Tokenizer<Language> | null = null;

/** Highlights on the calling thread, for short code (generated programs, small bodies). */
export async function highlight(code: string, language: Language): Promise<ThemedToken[][]> {
  shared ??= createTokenizer(LANGUAGES);
  return (await shared.tokenize(code, language)).tokens;
}
