import type { HighlighterCore, ThemedToken } from 'shiki/core';

export type { ThemedToken };

/** Languages we highlight, each loaded only when first needed. */
const LANGUAGES = {
  json: () => import('shiki/langs/json.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
} as const;
export type Language = keyof typeof LANGUAGES;

export function isLanguage(id: string): id is Language {
  return Object.hasOwn(LANGUAGES, id);
}

export function languageFor(contentType: string): Language | null {
  const type = contentType.toLowerCase();
  if (/[/+]json\b/.test(type)) return 'json';
  if (type.includes('html')) return 'html';
  if (/[/+]xml\b/.test(type)) return 'xml';
  if (type.includes('javascript') || type.includes('ecmascript')) return 'javascript';
  return null;
}

let highlighter: Promise<HighlighterCore> | null = null;
const loaded = new Map<Language, Promise<void>>();

/**
 * Highlights with shiki's JavaScript regex engine (no WASM, so the default
 * extension CSP holds). Shiki itself is loaded on first use, never at first paint.
 */
export async function highlight(code: string, language: Language): Promise<ThemedToken[][]> {
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
      LANGUAGES[language]().then((mod) => core.loadLanguage(mod.default)),
    );
  }
  await loaded.get(language);
  // Tokens, not HTML: the UI renders them as text nodes, so no response
  // content ever reaches innerHTML.
  return core.codeToTokens(code, {
    lang: language,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  }).tokens;
}
