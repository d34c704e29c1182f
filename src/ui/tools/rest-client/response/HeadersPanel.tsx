import { useId } from 'preact/hooks';
import type { HeaderLine } from '../../../../core/http/request.ts';
import type { ResponseModel } from './body.ts';

/** Response headers and request headers side by side; every Set-Cookie line is its own row. */
export function HeadersPanel({ response }: { response: ResponseModel }) {
  const wire = response.requestHeadersSource === 'wire';
  const sourceId = useId();
  return (
    <div class="headers-panes">
      <section class="headers-pane" aria-label="Response headers">
        <h3 class="pane-title">
          Response headers <span class="meta">({response.headers.length})</span>
        </h3>
        <HeaderTable headers={response.headers} label="Response headers" />
      </section>
      <section class="headers-pane" aria-label="Request headers" aria-describedby={sourceId}>
        <h3 class="pane-title">
          Request headers <span class="meta">({response.requestHeaders.length})</span>
        </h3>
        <p id={sourceId} class="meta source-note">
          {wire
            ? 'As sent on the wire, reported by the browser.'
            : 'As requested: the browser did not report what it sent, so its own headers are not listed.'}
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
