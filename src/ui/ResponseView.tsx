import { useState } from 'preact/hooks';
import type { HttpResponse } from '../protocol.ts';
import { formatBytes, formatMs } from './format.ts';
import { CodeView, HIGHLIGHT_LIMIT } from './CodeView.tsx';
import { languageFor } from './highlight.ts';

export function ResponseView({ response }: { response: HttpResponse }) {
  const [tab, setTab] = useState<'body' | 'headers'>('body');
  const statusClass = response.status >= 400 ? 'bad' : response.status >= 300 ? 'warn' : 'good';
  return (
    <div class="response">
      <div class="status-line" role="status" aria-label="Response status">
        <span class={`status-code ${statusClass}`}>
          {response.status} {response.statusText}
        </span>
        <span class="meta">{formatMs(response.timeMs)}</span>
        <span class="meta">{formatBytes(response.size)}</span>
        {response.redirected && <span class="meta">redirected to {response.url}</span>}
      </div>
      <div role="tablist" aria-label="Response" class="subtabs">
        <button role="tab" aria-selected={tab === 'body'} class="subtab" onClick={() => setTab('body')}>
          Body
        </button>
        <button
          role="tab"
          aria-selected={tab === 'headers'}
          aria-label="Headers"
          class="subtab"
          onClick={() => setTab('headers')}
        >
          Headers <span aria-hidden="true">({response.headers.length})</span>
        </button>
      </div>
      {tab === 'body' ? <ResponseBody response={response} /> : <HeaderTable headers={response.headers} />}
    </div>
  );
}

function HeaderTable({ headers }: { headers: HttpResponse['headers'] }) {
  return (
    <table class="headers" aria-label="Response headers">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {headers.map((header, i) => (
          <tr key={i}>
            <td class="header-name">{header.name}</td>
            <td class="header-value">{header.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ResponseBody({ response }: { response: HttpResponse }) {
  const contentType = response.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const language = response.bodyEncoding === 'text' ? languageFor(contentType) : null;
  const text = response.bodyEncoding === 'text' ? prettyIfJson(response.body, language) : null;
  if (text === null) {
    return (
      <p class="empty" aria-label="Response body">
        Binary body, {formatBytes(response.size)} ({contentType || 'no Content-Type'}).
      </p>
    );
  }
  if (text === '') return <p class="empty">Empty body.</p>;
  return <CodeView code={text} language={language ?? 'text'} label="Response body" />;
}

function prettyIfJson(body: string, language: string | null): string {
  if (language !== 'json' || body.length > HIGHLIGHT_LIMIT) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
