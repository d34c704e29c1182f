import { useId } from 'preact/hooks';
import type { HeaderLine } from '../../../../core/http/request.ts';
import type { ResponseModel } from './body.ts';

/** Where the request headers shown come from, as the note under their title says it. */
const SOURCE_NOTES: Record<ResponseModel['requestHeadersSource'], string> = {
  wire: 'As sent on the wire, reported by the browser.',
  pending: 'As requested, for now: the browser’s report of what went on the wire is on its way.',
  unreported: 'Not reported by the browser: these are the headers as requested; what went on the wire is not known.',
  requested: 'As requested: the browser did not report what it sent, so its own headers are not listed.',
};

/**
 * Response headers and request headers side by side; every Set-Cookie line
 * is its own row. While the browser's report is pending, both panes say so
 * (and are busy); the report replaces them with what it saw.
 */
export function HeadersPanel({ response }: { response: ResponseModel }) {
  const pending = response.requestHeadersSource === 'pending';
  const sourceId = useId();
  const responseNoteId = useId();
  return (
    <div class="headers-panes">
      <section
        class="headers-pane"
        aria-label="Response headers"
        aria-busy={pending ? 'true' : undefined}
        aria-describedby={pending ? responseNoteId : undefined}
      >
        <h3 class="pane-title">
          Response headers <span class="meta">({response.headers.length})</span>
        </h3>
        {pending && (
          <p id={responseNoteId} class="meta source-note">
            As fetch shows them, for now: Set-Cookie lines come with the browser’s report.
          </p>
        )}
        <HeaderTable headers={response.headers} label="Response headers" />
      </section>
      <section
        class="headers-pane"
        aria-label="Request headers"
        aria-describedby={sourceId}
        aria-busy={pending ? 'true' : undefined}
      >
        <h3 class="pane-title">
          Request headers <span class="meta">({response.requestHeaders.length})</span>
        </h3>
        <p id={sourceId} class="meta source-note" data-source={response.requestHeadersSource}>
          {SOURCE_NOTES[response.requestHeadersSource]}
        </p>
        <HeaderTable headers={response.requestHeaders} label="Request headers" />
      </section>
    </div>
  );
}

function HeaderTable({ headers, label }: { headers: HeaderLine[]; label: string }) {
  if (headers.length === 0) return <p class="empty">None.</p>;
  return (
    <table class="headers" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {headers.map((header, i) => (
          <tr key={i} class={header.name.toLowerCase() === 'set-cookie' ? 'set-cookie' : undefined}>
            <td class="header-name">{header.name}</td>
            <td class="header-value">{header.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
