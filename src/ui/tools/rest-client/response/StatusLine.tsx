import { useMemo } from 'preact/hooks';
import { statusInfo } from '../../../../core/http/status.ts';
import { formatBytes, formatMs } from '../../../format.ts';
import { base64Length, utf8Length, type ResponseModel } from './body.ts';

/**
 * Code and reason, what the code means, timing, size, the redirects and any
 * notices. With `onStatusClick` the code is a button that asks for more about it.
 */
export function StatusLine({
  response,
  onStatusClick,
}: {
  response: ResponseModel;
  onStatusClick?: (code: number) => void;
}) {
  const info = statusInfo(response.status);
  // HTTP/2 and HTTP/3 send no reason phrase: fall back to the standard one.
  const reason = response.statusText.trim() || info.reason;
  const download = response.ttfbMs !== undefined ? Math.max(0, response.timeMs - response.ttfbMs) : undefined;
  // Measured once per response: a 50 MB body would otherwise be re-encoded on every render.
  const kept = useMemo(
    () =>
      response.truncated
        ? response.bodyEncoding === 'base64'
          ? base64Length(response.body)
          : utf8Length(response.body)
        : 0,
    [response],
  );
  const lastHop = response.redirects.at(-1);
  const notFollowed = lastHop !== undefined && info.statusClass === 'redirection';
  return (
    <div class="status-line" role="status" aria-label="Response status">
      <div class="status-main">
        <span class={`status-code status-${info.statusClass}`}>
          {onStatusClick ? (
            <button
              type="button"
              class="status-code-link"
              aria-label={`About status ${response.status}`}
              title={`About status ${response.status}`}
              onClick={() => onStatusClick(response.status)}
            >
              {response.status}
            </button>
          ) : (
            response.status
          )}{' '}
          {reason}
        </span>
        <span class="status-meaning">{info.meaning}</span>
      </div>
      <div class="status-meta">
        <span class="meta" title="Time from sending to the last byte of the body">
          {formatMs(response.timeMs)}
          {response.ttfbMs !== undefined && (
            <span class="breakdown">
              {' '}
              (first byte {formatMs(response.ttfbMs)} · download {formatMs(download!)})
            </span>
          )}
        </span>
        <span class="meta">{formatBytes(response.size)}</span>
        {response.truncated && (
          <span class="truncated">
            truncated at {formatBytes(kept)}
            {response.size > kept ? ` of ${formatBytes(response.size)}` : ''}: the rest of the body was not kept
          </span>
        )}
      </div>
      {response.redirects.length > 0 && (
        <div class="redirects">
          <ol aria-label="Redirects">
            {response.redirects.map((hop, i) => (
              <li key={i}>
                <span class={`status-code status-${statusInfo(hop.status).statusClass}`}>{hop.status}</span>{' '}
                <span class="hop-url">{hop.url}</span> → <span class="hop-url">{hop.location}</span>
              </li>
            ))}
          </ol>
          <p class="meta">
            {notFollowed ? (
              'Not followed (following redirects is off).'
            ) : (
              <>
                Final URL: <span class="hop-url">{response.url}</span>
              </>
            )}
          </p>
        </div>
      )}
      {response.redirects.length === 0 && response.redirected && (
        <p class="meta">
          Redirected to {response.url}
          {response.requestHeadersSource === 'pending' && ' (the chain comes with the browser’s report)'}
        </p>
      )}
      {response.notices.length > 0 && (
        <ul class="notices" aria-label="Notices">
          {response.notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
