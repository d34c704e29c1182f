import { forwardRef } from 'preact/compat';
import { useMemo, useRef } from 'preact/hooks';
import type { SourceSpan } from '../../../core/index.ts';

/** Above this size the input skips the line-number gutter and span marks: typing stays fast. */
const DECORATE_LIMIT = 200 * 1024;

export interface Mark {
  span: SourceSpan;
  kind: 'error' | 'warning';
  active: boolean;
}

interface Props {
  value: string;
  onInput: (value: string) => void;
  onSubmit: () => void;
  marks: Mark[];
  label: string;
  placeholder?: string;
}

/**
 * A code-editor-like text area: monospace, line numbers, pasted text kept
 * exactly, and the spans warnings and errors point at marked behind the text.
 */
export const CodeInput = forwardRef<HTMLTextAreaElement, Props>(function CodeInput(
  { value, onInput, onSubmit, marks, label, placeholder },
  ref,
) {
  const gutter = useRef<HTMLPreElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const decorate = value.length <= DECORATE_LIMIT;

  const lineNumbers = useMemo(() => {
    if (!decorate) return '';
    let count = 1;
    for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) count++;
    return Array.from({ length: count }, (_, i) => i + 1).join('\n');
  }, [value, decorate]);

  const marked = useMemo(() => {
    if (!decorate || marks.length === 0) return null;
    const sorted = [...marks].sort((a, b) => a.span.offset - b.span.offset);
    const out: preact.ComponentChild[] = [];
    let at = 0;
    for (const [i, mark] of sorted.entries()) {
      const start = Math.max(at, mark.span.offset);
      const end = Math.max(
        start,
        Math.min(value.length, mark.span.end === mark.span.offset ? mark.span.offset + 1 : mark.span.end),
      );
      if (start > at) out.push(value.slice(at, start));
      out.push(
        <mark key={i} class={`span-${mark.kind}${mark.active ? ' active' : ''}`}>
          {value.slice(start, end) || ' '}
        </mark>,
      );
      at = end;
    }
    out.push(`${value.slice(at)}\n`);
    return out;
  }, [value, marks, decorate]);

  const syncScroll = (event: Event) => {
    const area = event.currentTarget as HTMLTextAreaElement;
    if (gutter.current) gutter.current.scrollTop = area.scrollTop;
    if (backdrop.current) {
      backdrop.current.scrollTop = area.scrollTop;
      backdrop.current.scrollLeft = area.scrollLeft;
    }
  };

  return (
    <div class="code-input-frame">
      {decorate && (
        <pre class="gutter" ref={gutter} aria-hidden="true">
          {lineNumbers}
        </pre>
      )}
      <div class="code-input-stack">
        {marked && (
          <div class="code-backdrop" ref={backdrop} aria-hidden="true">
            {marked}
          </div>
        )}
        <textarea
          ref={ref}
          class="code-editor"
          aria-label={label}
          placeholder={placeholder}
          spellcheck={false}
          autoComplete="off"
          autoCapitalize="off"
          wrap="off"
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
          onScroll={syncScroll}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              onSubmit();
            }
          }}
        />
      </div>
    </div>
  );
});
