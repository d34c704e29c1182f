import type { RefObject } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { StatusClass } from '../../../core/history/model.ts';
import { FilterBox } from '../../FilterBox.tsx';
import { countLine, entriesText } from './history-view.ts';
import type { HistoryStore } from './rest-history-store.ts';

const STATUS_CHOICES: { value: StatusClass | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: '2xx', label: '2xx' },
  { value: '3xx', label: '3xx' },
  { value: '4xx', label: '4xx' },
  { value: '5xx', label: '5xx' },
  { value: 'error', label: 'Failed' },
];

/**
 * Above the history list: the text, method and status filters, how many
 * entries show, and Clear history (asking first; pinned entries are kept).
 */
export function HistoryToolbar({
  store,
  shown,
  searchRef,
  onCleared,
}: {
  store: HistoryStore;
  /** How many entries the filters let through. */
  shown: number;
  searchRef: RefObject<HTMLInputElement | null>;
  onCleared(): void;
}) {
  const summaries = store.summaries.value;
  const method = store.method.value;
  const statusClass = store.statusClass.value;
  const methods = store.methods.value;
  const unpinned = store.unpinned.value;
  const [confirming, setConfirming] = useState(false);
  const clearRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmTitle = useId();
  const confirmText = useId();

  // Nothing left to clear: the question no longer applies.
  useEffect(() => {
    if (confirming && unpinned === 0) setConfirming(false);
  }, [confirming, unpinned]);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const closeConfirm = (cleared: boolean) => {
    setConfirming(false);
    // After clearing, the Clear button is disabled, so the focus goes to the filter.
    if (cleared) searchRef.current?.focus();
    else clearRef.current?.focus();
  };

  return (
    <div class="history-toolbar">
      <FilterBox label="Filter history" filter={store.filterBox()} inputRef={searchRef} />
      <div class="history-selects">
        <select aria-label="Method filter" value={method} onChange={(e) => store.setMethod(e.currentTarget.value)}>
          <option value="">All methods</option>
          {methods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <select
          aria-label="Status filter"
          value={statusClass}
          onChange={(e) => store.setStatusClass(e.currentTarget.value as StatusClass | '')}
        >
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div class="history-summary">
        <span class="history-count" role="status" aria-label="History count">
          {summaries ? countLine(shown, summaries.length) : ''}
        </span>
        <button
          ref={clearRef}
          type="button"
          class="secondary small history-clear"
          disabled={unpinned === 0}
          aria-expanded={confirming}
          title={unpinned === 0 ? 'Nothing to clear: pinned entries are kept' : undefined}
          onClick={() => (confirming ? cancelRef.current?.focus() : setConfirming(true))}
        >
          Clear history
        </button>
      </div>
      {confirming && (
        <div
          class="history-confirm"
          role="alertdialog"
          aria-labelledby={confirmTitle}
          aria-describedby={confirmText}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              closeConfirm(false);
            }
          }}
        >
          <p id={confirmTitle} class="history-confirm-title">
            Clear history?
          </p>
          <p id={confirmText}>Delete {entriesText(unpinned)}? Pinned entries are kept.</p>
          <div class="history-confirm-actions">
            <button
              type="button"
              class="danger"
              onClick={() => {
                void store.clear();
                onCleared();
                closeConfirm(true);
              }}
            >
              Delete {entriesText(unpinned)}
            </button>
            <button ref={cancelRef} type="button" class="secondary small" onClick={() => closeConfirm(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
