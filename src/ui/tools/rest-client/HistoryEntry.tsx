/**
 * One row of the history list (an entry with its status, timing, size,
 * environment and actions) and a day's heading. Rows are absolutely placed
 * at the top the list's layout gives them (see history-view.ts).
 */
import { statusInfo } from '../../../core/http/status.ts';
import {
  formatAge,
  formatClock,
  formatDateTime,
  formatDuration,
  formatSize,
  urlPieces,
  type HistoryRow,
} from './history-view.ts';

/** A day's heading; only visual (a list may hold only items), each entry says its day to screen readers. */
export function DayHeading({ row, label }: { row: Extract<HistoryRow, { kind: 'heading' }>; label: string }) {
  return (
    <div class="history-day" aria-hidden="true" style={{ top: `${row.top}px` }}>
      <span>{label}</span>
      <span class="history-day-count">{row.count}</span>
    </div>
  );
}

export interface HistoryEntryProps {
  row: Extract<HistoryRow, { kind: 'entry' }>;
  total: number;
  current: boolean;
  tabStop: boolean;
  now: number;
  dayLabel: string;
  onReplay(): void;
  onOpen(): void;
  onPin(): void;
  onDelete(): void;
}

export function HistoryEntry({
  row,
  total,
  current,
  tabStop,
  now,
  dayLabel,
  onReplay,
  onOpen,
  onPin,
  onDelete,
}: HistoryEntryProps) {
  const s = row.summary;
  // The entry's own offset, so a time from before a daylight-saving change reads as it did then.
  const offset = -new Date(s.createdAt).getTimezoneOffset();
  const tabIndex = tabStop ? 0 : -1;
  const methodClass = /^[A-Z]+$/i.test(s.method) ? `method-${s.method.toLowerCase()}` : '';
  const duration = formatDuration(s.timeMs);
  const size = formatSize(s.size);
  let status;
  if (s.status === 0) {
    const why = s.error?.trim() || 'No response came back.';
    status = (
      <span class="history-status status-failed" title={why}>
        Failed<span class="visually-hidden">: {why}</span>
      </span>
    );
  } else {
    const info = statusInfo(s.status);
    status = (
      <span class={`history-status status-${info.statusClass}`} title={`${s.status} ${info.reason}: ${info.meaning}`}>
        {s.status}
      </span>
    );
  }
  // Whitespace text between the pieces is not drawn (flex layout) but keeps them apart for screen readers.
  return (
    <div
      role="listitem"
      class={`history-entry${current ? ' current' : ''}${s.pinned ? ' pinned' : ''}`}
      style={{ top: `${row.top}px` }}
      data-id={s.id}
      aria-setsize={total}
      aria-posinset={row.position}
      aria-current={current ? 'true' : undefined}
      onClick={(event) => {
        // A click on the entry itself (not one of its buttons) opens it.
        if (!(event.target as Element).closest('button') && !getSelection()?.toString()) onOpen();
      }}
    >
      <div class="history-line">
        <span class={`history-method ${methodClass}`}>{s.method}</span>{' '}
        <span class="history-url" title={s.url}>
          {urlPieces(s.url).map((piece, i) =>
            piece.variable ? (
              <span key={i} class="history-var">
                {piece.text}
              </span>
            ) : (
              piece.text
            ),
          )}
        </span>
      </div>{' '}
      <div class="history-line">
        <span class="history-facts">
          {status}{' '}
          {duration && (
            <>
              <span class="history-meta" title="Total time">
                {duration}
              </span>{' '}
            </>
          )}
          {size && (
            <>
              <span class="history-meta" title="Response size">
                {size}
              </span>{' '}
            </>
          )}
          {s.environmentName !== undefined && s.environmentName !== '' && (
            <span class="history-env" title={`Environment: ${s.environmentName}`}>
              <span class="visually-hidden">environment </span>
              {s.environmentName}
            </span>
          )}{' '}
          <time
            class="history-clock"
            dateTime={new Date(s.createdAt).toISOString()}
            title={`${formatDateTime(s.createdAt, offset)} (${formatAge(s.createdAt, now)})`}
          >
            {formatClock(s.createdAt, offset)}
            <span class="visually-hidden">, {dayLabel}</span>
          </time>
        </span>{' '}
        <span class="history-actions">
          <button
            type="button"
            class="history-action"
            aria-label="Replay"
            title="Send this request again"
            tabIndex={tabIndex}
            onClick={onReplay}
          >
            <Icon d="M4.5 2.8v10.4L13 8z" fill />
          </button>
          <button
            type="button"
            class="history-action history-open"
            aria-label="Open"
            title="Open in the editor"
            tabIndex={tabIndex}
            onClick={onOpen}
          >
            <Icon d="M9.5 2.5h4v4M13.5 2.5 7.5 8.5M12 9.5v3a1 1 0 0 1-1 1H3.5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3" />
          </button>
          <button
            type="button"
            class="history-action history-pin"
            aria-label="Pin"
            aria-pressed={s.pinned}
            title={
              s.pinned
                ? 'Pinned: kept when the history is cleared or full. Click to unpin'
                : 'Pin: keep it when the history is cleared or full'
            }
            tabIndex={tabIndex}
            onClick={onPin}
          >
            <Icon d="M8 1.8l1.85 3.9 4.25.5-3.15 2.9.85 4.2L8 11.2l-3.8 2.1.85-4.2L1.9 6.2l4.25-.5z" fill={s.pinned} />
          </button>
          <button
            type="button"
            class="history-action history-delete"
            aria-label="Delete"
            title="Delete this entry"
            tabIndex={tabIndex}
            onClick={onDelete}
          >
            <Icon d="M2.5 4.5h11M6.5 4.5V2.8h3v1.7M4 4.5l.7 8.7h6.6l.7-8.7M6.7 7v4M9.3 7v4" />
          </button>
        </span>
      </div>
    </div>
  );
}

/** A 16×16 line icon in the text colour; decorative (the button carries the name). */
function Icon({ d, fill = false }: { d: string; fill?: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      fill={fill ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width="1.4"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
