import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The text filter waits this long after the last keystroke, so typing over thousands of rows stays smooth. */
const DEBOUNCE_MS = 100;

export interface FilterText {
  /** What the box shows, updated on every keystroke. */
  text: string;
  setText(text: string): void;
  /** What the list is filtered by: the text, a moment after the last keystroke. */
  applied: string;
  /** Empties the box and the filter at once. */
  clear(): void;
}

/** A search box's text and the debounced text a long list filters by. */
export function useFilterText(): FilterText {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => setApplied(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);
  return {
    text,
    setText,
    applied,
    clear() {
      setText('');
      setApplied('');
    },
  };
}

/** The search box over a long list (history, captured requests): typing filters, Escape empties at once. */
export function FilterBox({
  label,
  filter,
  inputRef,
}: {
  label: string;
  filter: FilterText;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      class="history-search"
      aria-label={label}
      placeholder="Filter (URL, method, status…)"
      spellcheck={false}
      autoComplete="off"
      value={filter.text}
      onInput={(e) => filter.setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        // The browser empties the box on Escape; the filter must follow without delay.
        if (e.key === 'Escape') filter.clear();
      }}
    />
  );
}
