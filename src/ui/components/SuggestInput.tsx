import { useId, useState } from 'preact/hooks';

interface Props {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Completions offered while typing: those starting with the typed text. */
  suggestions: readonly string[];
  placeholder?: string;
  class?: string;
}

const MAX_SHOWN = 8;

/**
 * A text field with a list of completions under it. A `<datalist>` would
 * turn the field into a combobox in the accessibility tree; this stays a
 * textbox (with `aria-autocomplete="list"`), so the field keeps its role and
 * name while a completion list is open. Arrow keys move through the list,
 * Enter or Tab takes the highlighted entry, Escape closes it.
 */
export function SuggestInput(props: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = props.value.toLowerCase();
  const matches =
    open && typed !== ''
      ? props.suggestions
          .filter((s) => s.toLowerCase().startsWith(typed) && s.toLowerCase() !== typed)
          .slice(0, MAX_SHOWN)
      : [];
  const shown = matches.length > 0;
  const take = (choice: string) => {
    props.onValue(choice);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself; the list wraps around through it.
      setActive((a) => {
        const next = a + step;
        return next < -1 ? matches.length - 1 : next >= matches.length ? -1 : next;
      });
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active >= 0 && active < matches.length) {
      if (event.key === 'Enter') event.preventDefault();
      take(matches[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <span class="suggest">
      <input
        type="text"
        class={props.class}
        aria-label={props.label}
        aria-autocomplete="list"
        aria-controls={shown ? `${id}-list` : undefined}
        aria-activedescendant={shown && active >= 0 && active < matches.length ? `${id}-${active}` : undefined}
        placeholder={props.placeholder}
        spellcheck={false}
        autoComplete="off"
        value={props.value}
        onInput={(e) => {
          props.onValue(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      {shown && (
        <ul class="suggest-list" role="listbox" id={`${id}-list`} aria-label={`${props.label} suggestions`}>
          {matches.map((choice, i) => (
            <li
              key={choice}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              class={i === active ? 'active' : undefined}
              // mousedown, not click: the field must not lose focus (and close the list) first.
              onMouseDown={(e) => {
                e.preventDefault();
                take(choice);
              }}
            >
              {choice}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
