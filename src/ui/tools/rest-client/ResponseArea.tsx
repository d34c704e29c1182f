import type { EditorStore } from './rest-editor-store.ts';
import { ResponseView } from './ResponseView.tsx';

/**
 * What the last send (or the history entry opened) gave: a hint before the
 * first send, waiting, the response, a failure, a cancel, or a saved response.
 */
export function ResponseArea({
  editor,
  onStatusClick,
  onMock,
  onOpenJson,
}: {
  editor: EditorStore;
  onStatusClick?: (code: number) => void;
  onMock?: (body: string, from: string) => void;
  onOpenJson?: (text: string, title: string) => void;
}) {
  const outcome = editor.outcome.value;
  return (
    <div class="response-area" aria-live="polite">
      {outcome.state === 'idle' && (
        <p class="empty">Enter a URL and press Send. Requests go out from the extension itself: no CORS proxy.</p>
      )}
      {outcome.state === 'sending' && <p class="empty">Waiting for the response… (Esc cancels)</p>}
      {outcome.state === 'cancelled' && <p class="empty">Request cancelled.</p>}
      {outcome.state === 'failed' && (
        <p role="alert" class="request-error">
          {outcome.message}
        </p>
      )}
      {(outcome.state === 'done' || (outcome.state === 'sending' && outcome.previous)) && (
        // Stale while sending: dimmed and hidden from assistive technology until the new response arrives.
        <div
          class={outcome.state === 'sending' ? 'response-stale' : undefined}
          aria-hidden={outcome.state === 'sending' ? true : undefined}
          data-exchange={outcome.state === 'done' ? outcome.request.id : undefined}
        >
          <ResponseView
            response={outcome.state === 'done' ? outcome.response : outcome.previous!.response}
            request={outcome.state === 'done' ? outcome.request : outcome.previous!.request}
            written={outcome.state === 'done' ? outcome.written : outcome.previous!.written}
            onStatusClick={onStatusClick}
            onMock={onMock}
            onOpenJson={onOpenJson}
          />
        </div>
      )}
      {outcome.state === 'saved' && (
        <>
          <p class="saved-label">From history. Send to get a fresh response.</p>
          <ResponseView
            response={outcome.response}
            onStatusClick={onStatusClick}
            onMock={onMock}
            onOpenJson={onOpenJson}
          />
        </>
      )}
      {outcome.state === 'saved-failure' && <p class="empty">{outcome.message}</p>}
    </div>
  );
}
