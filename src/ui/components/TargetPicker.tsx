import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { groupTargets, searchTargets, type TargetInfo } from '../../core/generators/targets.ts';
import './components.css';

interface Props {
  /** The accessible name, e.g. "Target language". */
  label: string;
  targets: readonly TargetInfo[];
  /** The chosen target's id. */
  value: string;
  onChange: (id: string) => void;
  class?: string;
}

/**
 * The code-target menu: a combobox (the ARIA editable combobox pattern)
 * whose list groups the targets by language. Typing filters by the starts of
 * words of the title, id or language (`okhttp`, `c#`, `py req`); arrow keys
 * move through what is shown, Enter takes it, Escape or leaving the field
 * puts the chosen target's title back. Alt+Down (or Down) opens the full list.
 */
export function TargetPicker(props: Props) {
  const id = useId();
  const chosen = props.targets.find((t) => t.id === props.value) ?? props.targets[0];
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState<string | undefined>(undefined);
  const list = useRef<HTMLDivElement>(null);

  const matches = searchTargets(props.targets, query ?? '');
  const groups = groupTargets(matches);
  const activeId = active && matches.some((t) => t.id === active) ? active : matches[0]?.id;

  // Keep the highlighted option in view while arrowing through a scrolled list.
  useLayoutEffect(() => {
    if (!open || !activeId) return;
    list.current?.querySelector(`[data-target="${activeId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeId]);

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(undefined);
  };
  const take = (targetId: string) => {
    close();
    if (targetId !== props.value) props.onChange(targetId);
  };
  const openList = () => {
    setOpen(true);
    setActive(chosen?.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        openList();
        return;
      }
      if (matches.length === 0) return;
      const at = matches.findIndex((t) => t.id === activeId);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(matches[(at + step + matches.length) % matches.length]!.id);
    } else if (event.key === 'Home' && open && query === null) {
      event.preventDefault();
      setActive(matches[0]?.id);
    } else if (event.key === 'End' && open && query === null) {
      event.preventDefault();
      setActive(matches.at(-1)?.id);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      if (activeId) take(activeId);
    } else if (event.key === 'Escape' && (open || query !== null)) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && open && query !== null && activeId) {
      // Leaving a filtered list with Tab takes what is highlighted, as a native select would.
      take(activeId);
    }
  };

  const listId = `${id}-targets`;
  const optionId = (targetId: string) => `${id}-${targetId}`;
  return (
    <span class={`target-picker${props.class ? ` ${props.class}` : ''}`}>
      <input
        type="text"
        role="combobox"
        aria-label={props.label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && activeId ? optionId(activeId) : undefined}
        spellcheck={false}
        autoComplete="off"
        value={query ?? chosen?.title ?? ''}
        data-target={chosen?.id}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => (open ? undefined : openList())}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          setActive(undefined);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <span class="target-picker-caret" aria-hidden="true">
        ▾
      </span>
      {/* Only while open: a closed picker leaves no listbox or options in the page. */}
      {open && matches.length > 0 && (
        <div ref={list} class="target-picker-list" role="listbox" id={listId} aria-label={`${props.label} choices`}>
          {groups.map(({ group, targets }, index) => (
            <div key={group} role="group" aria-labelledby={`${id}-group-${index}`}>
              <div class="target-picker-group" id={`${id}-group-${index}`} role="presentation">
                {group}
              </div>
              {targets.map((target) => (
                <div
                  key={target.id}
                  id={optionId(target.id)}
                  data-target={target.id}
                  role="option"
                  aria-selected={target.id === activeId}
                  class={`target-picker-option${target.id === activeId ? ' active' : ''}${
                    target.id === chosen?.id ? ' chosen' : ''
                  }`}
                  // mousedown, not click: the field must keep focus (a blur would close the list first).
                  onMouseDown={(e) => {
                    e.preventDefault();
                    take(target.id);
                  }}
                >
                  {target.title}
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
      {open && matches.length === 0 && (
        <span class="target-picker-empty" role="status">
          No target matches “{query}”
        </span>
      )}
    </span>
  );
}
