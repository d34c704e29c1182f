import { useEffect, useState } from 'preact/hooks';
import { highlight, isLanguage, type ThemedToken } from './highlight.ts';

/** Largest text handed to the highlighter; larger text stays plain. */
export const HIGHLIGHT_LIMIT = 256 * 1024;

/**
 * Code shown as text first, then highlighted by shiki when it has loaded.
 * Tokens are rendered as text nodes: no markup from the code can run.
 */
export function CodeView({ code, language, label }: { code: string; language: string; label: string }) {
  const [tokens, setTokens] = useState<ThemedToken[][] | null>(null);
  useEffect(() => {
    setTokens(null);
    if (!isLanguage(language) || code.length > HIGHLIGHT_LIMIT) return;
    let live = true;
    highlight(code, language)
      .then((result) => live && setTokens(result))
      .catch(() => undefined); // the plain text stays on screen
    return () => {
      live = false;
    };
  }, [code, language]);

  return (
    <pre class={`code-view${tokens ? ' shiki' : ''}`} aria-label={label} data-language={language} tabIndex={0}>
      {tokens
        ? tokens.map((line, i) => (
            <span key={i} class="line">
              {line.map((token, j) => (
                <span key={j} style={token.htmlStyle as Record<string, string> | undefined}>
                  {token.content}
                </span>
              ))}
              {'\n'}
            </span>
          ))
        : code}
    </pre>
  );
}
