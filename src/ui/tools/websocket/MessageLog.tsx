import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  formatSize,
  formatTime,
  hexDump,
  preview,
  prettyJson,
  type LogMessage,
} from '../../../core/websocket/message.ts';
import { useScrollViewport } from '../../scroll-viewport.ts';
import type { ConnectionStore } from './connection-store.ts';

/** Every row has this height, so only the rows on screen need to be in the page. */
export const ROW_HEIGHT = 22;
const OVERSCAN = 10;

const ARROWS: Record<string, string> = { out: '↑', in: '↓', event: '•' };
const DIRECTION_NAMES: Record<string, string> = { out: 'sent', in: 'received', event: 'connection' };

type View = 'text' | 'json' | 'hex';

/**
 * The message log: a virtualised list (fixed-height rows, only those on
 * screen rendered), following the end unless autoscroll is paused, and the
 * selected message in full as text, pretty JSON or hex.
 */
export function MessageLog({ tab, onCopy }: { tab: ConnectionStore; onCopy(text: string): void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(scroller);
  const version = tab.logVersion.value;
  const visible = tab.visible;
  const messages = tab.messages;
  const paused = tab.paused.value;
  const selectedId = tab.selected.value;

  // Follow the end as messages arrive, unless paused.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || paused) return;
    const end = Math.max(0, visible.length * ROW_HEIGHT - element.clientHeight);
    if (element.scrollTop !== end) {
      element.scrollTop = end;
      setScrollTop(end);
    }
  }, [version, paused]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(visible.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const rows: LogMessage[] = [];
  for (let i = first; i < last; i++) rows.push(messages[visible[i]!]!);

  const selectedIndex = selectedId === null ? -1 : findIndex(messages, visible, selectedId);
  const selected = selectedIndex === -1 ? undefined : messages[visible[selectedIndex]!];

  const move = (to: number) => {
    if (visible.length === 0) return;
    const index = Math.max(0, Math.min(visible.length - 1, to));
    tab.selected.value = messages[visible[index]!]!.id;
    tab.paused.value = true;
    const element = scroller.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
    const at = selectedIndex === -1 ? visible.length : selectedIndex;
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      PageDown: at + page,
      PageUp: at - page,
      Home: 0,
      End: visible.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      move(moves[e.key]!);
    } else if (e.key === 'Escape') {
      tab.selected.value = null;
    }
  };

  return (
    <div class="ws-log-area">
      <div
        ref={scroller}
        class="ws-log"
        role="log"
        aria-label="Messages"
        aria-live="off"
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-describedby="ws-log-help"
      >
        <div class="ws-log-space" style={{ height: `${visible.length * ROW_HEIGHT}px` }}>
          <div class="ws-log-rows" style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
            {rows.map((m) => (
              <div
                key={m.id}
                class={`ws-row ws-${m.direction}${m.id === selectedId ? ' ws-selected' : ''}`}
                data-direction={m.direction}
                onClick={() => {
                  tab.selected.value = m.id;
                  tab.paused.value = true;
                }}
              >
                <span class="ws-dir" title={DIRECTION_NAMES[m.direction]}>
                  <span aria-hidden="true">{ARROWS[m.direction]}</span>
                  <span class="vh">{DIRECTION_NAMES[m.direction]}</span>
                </span>
                <span class="ws-time">{formatTime(m.at)}</span>
                {m.event !== undefined && (
                  <span class="ws-event-name">
                    {m.event}
                    {m.eventId !== undefined ? ` #${m.eventId}` : ''}
                  </span>
                )}
                <span class={`ws-text${m.kind === 'binary' ? ' ws-binary' : ''}`}>{preview(m, 200)}</span>
                {m.direction !== 'event' && <span class="ws-size">{formatSize(m.size)}</span>}
              </div>
            ))}
          </div>
        </div>
        {visible.length === 0 && (
          <p class="ws-empty">{messages.length === 0 ? 'No messages yet.' : 'No message matches the filter.'}</p>
        )}
      </div>
      <p id="ws-log-help" class="vh">
        Arrow keys choose a message; its full content is shown below the log.
      </p>
      {selected && <MessageDetail message={selected} onCopy={onCopy} onClose={() => (tab.selected.value = null)} />}
    </div>
  );
}

function findIndex(messages: readonly LogMessage[], visible: readonly number[], id: number): number {
  // Ids grow with the index: binary search over the visible indexes.
  let lo = 0;
  let hi = visible.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = messages[visible[mid]!]!.id;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function MessageDetail({
  message,
  onCopy,
  onClose,
}: {
  message: LogMessage;
  onCopy(text: string): void;
  onClose(): void;
}) {
  const pretty = message.kind === 'text' ? prettyJson(message.text) : null;
  const [view, setView] = useState<View>(pretty ? 'json' : message.kind === 'binary' ? 'hex' : 'text');
  const shown: View = view === 'json' && !pretty ? 'text' : view;
  const text =
    message.kind === 'binary'
      ? hexDump(message.bytes!)
      : shown === 'json'
        ? pretty!
        : shown === 'hex'
          ? hexDump(new TextEncoder().encode(message.text))
          : message.text;
  return (
    <section class="ws-detail" aria-label="Selected message">
      <div class="ws-detail-bar">
        <span class="meta">
          {DIRECTION_NAMES[message.direction]} at {formatTime(message.at)}, {formatSize(message.size)}
          {message.kind === 'binary' ? ', binary' : ''}
        </span>
        {message.kind === 'text' && (
          <span role="group" aria-label="Show as" class="ws-views">
            {(['text', 'json', 'hex'] as const).map((v) => (
              <button
                key={v}
                type="button"
                class="secondary small"
                aria-pressed={shown === v}
                disabled={v === 'json' && !pretty}
                onClick={() => setView(v)}
              >
                {v === 'json' ? 'JSON' : v === 'hex' ? 'Hex' : 'Text'}
              </button>
            ))}
          </span>
        )}
        <button
          type="button"
          class="secondary small"
          onClick={() =>
            onCopy(message.kind === 'binary' ? hexDump(message.bytes!) : shown === 'json' ? pretty! : message.text)
          }
        >
          Copy message
        </button>
        <button type="button" class="secondary small" onClick={onClose}>
          Close message
        </button>
      </div>
      <pre class="ws-detail-text" tabIndex={0} aria-label="Message content">
        {text}
      </pre>
    </section>
  );
}
