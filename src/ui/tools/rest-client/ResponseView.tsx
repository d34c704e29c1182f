import { useId, useMemo, useState } from 'preact/hooks';
import type { RestRequestSource } from '../../../core/request-spec/from-rest.ts';
import type { HttpResponse, OutgoingRequest } from '../../../protocol.ts';
import { BodyPanel } from './response/BodyPanel.tsx';
import { normaliseResponse } from './response/body.ts';
import { HeadersPanel } from './response/HeadersPanel.tsx';
import { RequestActions } from './response/RequestActions.tsx';
import { StatusLine } from './response/StatusLine.tsx';
import './response/response.css';

/**
 * What came back: the status line, the body (pretty or raw, images as
 * images, binary as hex), the response and request headers side by side, and
 * the request as curl or code. Response content is only ever text nodes or an
 * <img> from a blob: URL; nothing from it reaches innerHTML or runs.
 */
export function ResponseView({
  response,
  request,
  written,
  onStatusClick,
  onMock,
  onOpenJson,
}: {
  response: HttpResponse;
  request?: OutgoingRequest;
  /** The request as the editor held it, for "Copy as code". */
  written?: RestRequestSource;
  /** Makes the status code a button asking about it. */
  onStatusClick?: (code: number) => void;
  /** Offers "Mock this response" for a whole JSON body: hands the body text and where it came from. */
  onMock?: (body: string, from: string) => void;
  /** Offers "Open in JSON Tools" on a JSON body. */
  onOpenJson?: (text: string, title: string) => void;
}) {
  // Older senders leave out newer fields: treat what is missing as empty.
  const model = useMemo(() => normaliseResponse(response, request), [response, request]);
  const [tab, setTab] = useState<'body' | 'headers'>('body');
  const id = useId();
  const tabs = [
    { id: 'body', label: 'Body', count: null },
    { id: 'headers', label: 'Headers', count: model.headers.length },
  ] as const;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'body' ? 'headers' : 'body';
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <div class="response">
      <div class="response-head">
        <StatusLine response={model} onStatusClick={onStatusClick} />
        {request && written && <RequestActions request={request} written={written} />}
        {onMock && model.bodyEncoding === 'text' && !model.truncated && /^\s*[[{]/.test(model.body) && (
          <button
            type="button"
            class="secondary"
            onClick={() => onMock(model.body, `inferred from ${request?.method ?? 'the'} ${model.url || 'response'}`)}
          >
            Mock this response
          </button>
        )}
      </div>
      <div role="tablist" aria-label="Response" class="subtabs" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${id}-tab-${t.id}`}
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            aria-label={t.label}
            tabIndex={tab === t.id ? 0 : -1}
            class="subtab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {t.count !== null && <span aria-hidden="true"> ({t.count})</span>}
          </button>
        ))}
      </div>
      {/* Both stay mounted, so switching tabs keeps a large body's prepared view. */}
      <div role="tabpanel" id={`${id}-panel-body`} aria-labelledby={`${id}-tab-body`} hidden={tab !== 'body'}>
        <BodyPanel
          response={model}
          onOpenJson={
            onOpenJson &&
            ((text: string) =>
              onOpenJson(text, request ? `the response of ${request.method} ${request.url}` : 'a response body'))
          }
        />
      </div>
      <div role="tabpanel" id={`${id}-panel-headers`} aria-labelledby={`${id}-tab-headers`} hidden={tab !== 'headers'}>
        <HeadersPanel response={model} />
      </div>
    </div>
  );
}
