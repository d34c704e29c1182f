import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { loadPaletteSearches, type PaletteSearch } from '../tools/views.ts';
import { searchPalette, staticItems, type PaletteItem } from './palette-search.ts';
import type { ShellStore } from './store.ts';

/**
 * Ctrl/Cmd+K: one box that finds tools and actions ("Convert curl",
 * "Status 429"). Keyboard only: type, arrows to choose, Enter to run, Escape
 * to close (focus goes back where it was).
 */
export function CommandPalette({ store, onClose }: { store: ShellStore; onClose: (ran: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const [searches, setSearches] = useState<PaletteSearch[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const items = useMemo(() => staticItems(store.tools), [store.tools]);

  useEffect(() => {
    input.current?.focus();
    let live = true;
    loadPaletteSearches(store.tools.map((tool) => tool.id))
      .then((loaded) => live && setSearches(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [store.tools]);

  const results = useMemo(() => searchPalette(query, items, searches), [query, items, searches]);
  const current = Math.min(selected, results.length - 1);

  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    store.navigate(item.tool, item.params ?? {});
    onClose(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      setSelected((current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
    } else if (event.key === 'Home' && count > 0 && event.ctrlKey) {
      setSelected(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(results[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(false);
    } else if (event.key === 'Tab') {
      // A modal dialog: focus stays in the box.
      event.preventDefault();
    }
  };

  const optionId = (index: number) => `palette-option-${index}`;
  return (
    <div class="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose(false)}>
      <div role="dialog" aria-modal="true" aria-label="Command palette" class="palette">
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Search tools and actions"
          aria-expanded="true"
          aria-controls="palette-results"
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
          class="palette-input"
          placeholder="Search tools and actions: “status 429”, “convert”…"
          spellcheck={false}
          autocomplete="off"
          value={query}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
            setSelected(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="palette-results" role="listbox" aria-label="Results" class="palette-results">
          {results.map((item, index) => (
            <li
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              class="palette-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(item)}
              onMouseMove={() => index !== current && setSelected(index)}
            >
              <span class="palette-title">{item.title}</span>
              {item.hint && <span class="palette-hint">{item.hint}</span>}
            </li>
          ))}
        </ul>
        <p class="palette-empty" role="status">
          {results.length === 0 ? `Nothing matches “${query}”.` : ''}
        </p>
      </div>
    </div>
  );
}
