import { useEffect, useState } from 'preact/hooks';
import { highlight, isLanguage, type ThemedToken } from './highlight.ts';

/** Largest text handed to the highlighter; larger text stays plain. */
export const HIGHLIGHT_LIMIT = 256 * 1024;

/**
 * Code shown as text first, then highlighted by shiki when it has loaded.
 * Tokens are rendered as text nodes: no markup from the code can run.
 */
export function CodeView({ code, language, label }: { code: string; language: string; label: string }) {
  // The tokens keep the code they were made from: a new code shows as text at once, never as the old tokens.
  const [highlighted, setHighlighted] = useState<{ code: string; language: string; tokens: ThemedToken[][] } | null>(
    null,
  );
  useEffect(() => {
    if (!isLanguage(language) || code.length > HIGHLIGHT_LIMIT) return;
    let live = true;
    highlight(code, language)
      .then((tokens) => live && setHighlighted({ code, language, tokens }))
      .catch(() => undefined); // the plain text stays on screen
    return () => {
      live = false;
    };
  }, [code, language]);
  const tokens =
    highlighted !== null && highlighted.code === code && highlighted.language === language ? highlighted.tokens : null;

  // The highlighter gives code ending in a line break a last, empty line: it is that break, not another line.
  const lastBreak = code.endsWith('\n');
  const lines = tokens && lastBreak && tokens[tokens.length - 1]?.length === 0 ? tokens.slice(0, -1) : tokens;
  return (
    <pre class={`code-view${lines ? ' shiki' : ''}`} aria-label={label} data-language={language} tabIndex={0}>
      {lines
        ? lines.map((line, i) => (
            <span key={i} class="line">
              {line.map((token, j) => (
                <span key={j} style={token.htmlStyle as Record<string, string> | undefined}>
                  {token.content}
                </span>
              ))}
              {i < lines.length - 1 || lastBreak ? '\n' : ''}
            </span>
          ))
        : code}
    </pre>
  );
}
