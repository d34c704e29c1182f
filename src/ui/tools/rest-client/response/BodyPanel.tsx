import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { PrecisionNote } from '../../../components/PrecisionNote.tsx';
import { formatBytes } from '../../../format.ts';
import { useServices } from '../../../services.ts';
import type { BodyLanguage } from './body-engine.ts';
import { useBodyDocument } from './body-client.ts';
import {
  base64Length,
  base64Prefix,
  bodyBlob,
  classifyBody,
  downloadBlob,
  fileNameFor,
  headerValue,
  hexDump,
  utf8Length,
  type ResponseModel,
} from './body.ts';
import { useJsonFilter } from './filter-client.ts';
import { ALL_ROWS_UP_TO, TextBody } from './TextBody.tsx';

const LABEL = 'Response body';
const HEX_PREVIEW = 4096;

const LANGUAGE_NAMES: Record<BodyLanguage, string> = {
  json: 'JSON',
  html: 'HTML',
  xml: 'XML',
  javascript: 'JavaScript',
  css: 'CSS',
};

/** The body: a viewer chosen by its type, a Pretty / Raw toggle, and copy and save actions. */
export function BodyPanel({
  response,
  onOpenJson,
}: {
  response: ResponseModel;
  /** Hands the body to JSON Tools. */
  onOpenJson?: (text: string) => void;
}) {
  const services = useServices();
  const kind = useMemo(() => classifyBody(response), [response]);
  const [mode, setMode] = useState<'pretty' | 'raw'>('pretty');
  const [filter, setFilter] = useState('');
  const json = kind.kind === 'text' && kind.language === 'json';
  const filtered = useJsonFilter(json ? response.body : '', json ? filter : '');
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string) => {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(''), 4000);
  };
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  const binary = response.bodyEncoding === 'base64';

  const copy = async () => {
    try {
      await services.copyText(response.body);
      say(binary ? 'Copied the body as base64 (it is binary).' : 'Copied the body.');
    } catch (error) {
      say(`Could not copy: ${(error as Error).message}`);
    }
  };
  const save = async () => {
    const name = fileNameFor(response);
    try {
      downloadBlob(await bodyBlob(response, contentType || 'application/octet-stream'), name);
      say(`Saved as ${name}.`);
    } catch (error) {
      say(`Could not save: ${(error as Error).message}`);
    }
  };

  const toggles =
    (kind.kind === 'text' && kind.language !== null) || kind.kind === 'image' ? (
      <div class="segmented" role="group" aria-label="Body view">
        {(['pretty', 'raw'] as const).map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
            {m === 'pretty' ? 'Pretty' : 'Raw'}
          </button>
        ))}
      </div>
    ) : null;

  let viewer;
  if (kind.kind === 'empty') {
    viewer = (
      <p class="empty body-empty" role="region" aria-label={LABEL}>
        {emptyReason(response)}
      </p>
    );
  } else if (kind.kind === 'image' && mode === 'pretty') {
    viewer = <ImageBody response={response} mediaType={kind.mediaType} />;
  } else if (json && filtered.result) {
    const result = filtered.result;
    viewer = result.ok ? (
      <>
        <p class="body-note" role="note">
          {result.language} filter
          {result.count !== undefined ? `: ${result.count === 1 ? '1 match' : `${result.count} matches`}` : ''}
        </p>
        {result.inexact && (
          <PrecisionNote inexact={result.inexact} where={result.language === 'JSONPath' ? 'path' : 'query'} />
        )}
        <TextView key="filtered" text={result.text} language="json" pretty={mode === 'pretty'} />
      </>
    ) : (
      <p role="alert" class="request-error">
        {result.language}
        {result.offset !== undefined ? ` (column ${result.offset + 1})` : ''}: {result.message}
      </p>
    );
  } else if (kind.kind === 'text' || (kind.kind === 'image' && !binary)) {
    const language = kind.kind === 'text' ? kind.language : 'xml';
    viewer = <TextView text={response.body} language={language} pretty={mode === 'pretty'} />;
  } else {
    viewer = <HexBody response={response} mediaType={kind.mediaType} onDownload={() => void save()} />;
  }

  return (
    <div class="body-panel">
      <div class="body-toolbar">
        {toggles}
        {kind.kind === 'text' && kind.language && <span class="meta">{LANGUAGE_NAMES[kind.language]}</span>}
        {json && (
          <input
            type="search"
            class="body-filter"
            aria-label="Filter the body (JSONPath or JMESPath)"
            placeholder="Filter: $..id or items[].id"
            spellcheck={false}
            value={filter}
            onInput={(e) => setFilter(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Escape' && setFilter('')}
          />
        )}
        {json && filtered.busy && <span class="meta">Filtering…</span>}
        <span class="spacer" />
        {json && onOpenJson && (
          <button type="button" class="secondary" onClick={() => onOpenJson(response.body)}>
            Open in JSON Tools
          </button>
        )}
        <button type="button" class="secondary" disabled={kind.kind === 'empty'} onClick={() => void copy()}>
          Copy body
        </button>
        <button type="button" class="secondary" disabled={kind.kind === 'empty'} onClick={() => void save()}>
          Save body
        </button>
        <span class="action-message" aria-live="polite">
          {message}
        </span>
      </div>
      {viewer}
    </div>
  );
}

function emptyReason(response: ResponseModel): string {
  if (response.status === 204) return 'No body (204 No Content).';
  if (response.status === 304) return 'No body (304 Not Modified: use the cached copy).';
  if (response.size > 0) return `The body (${formatBytes(response.size)}) was not kept.`;
  return 'Empty body.';
}

function TextView({ text, language, pretty }: { text: string; language: BodyLanguage | null; pretty: boolean }) {
  const body = useBodyDocument(text, language, pretty);
  const doc = body.doc;
  return (
    <>
      {doc && !doc.complete && (
        <p class="body-note" role="note">
          Showing the first lines while the rest is formatted…
        </p>
      )}
      {doc?.note && (
        <p class="body-note" role="note">
          {doc.note}
        </p>
      )}
      <TextBody body={body} label={LABEL} />
      {doc && doc.index.rowCount > ALL_ROWS_UP_TO && (
        <p class="meta body-foot">
          {doc.index.lineStarts.length.toLocaleString('en')} lines
          {doc.formatted ? ' (formatted)' : ''}: only the lines in view are drawn; use Copy body or Save body for the
          whole text.
        </p>
      )}
    </>
  );
}

function ImageBody({ response, mediaType }: { response: ResponseModel; mediaType: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    setSize(null);
    setFailed(false);
    bodyBlob(response, mediaType)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [response, mediaType]);
  const bytes = response.bodyEncoding === 'base64' ? base64Length(response.body) : utf8Length(response.body);
  // Tiny images (icons, tracking pixels) are shown enlarged, pixel for pixel.
  const zoom =
    size && size.width > 0 && size.height > 0 ? Math.min(16, Math.floor(64 / Math.max(size.width, size.height))) : 1;
  return (
    <figure class="image-body" role="region" aria-label={LABEL}>
      <div class="image-frame">
        {url && !failed && (
          // An <img> never runs scripts, even those inside an SVG.
          <img
            src={url}
            alt={`Image response (${mediaType})`}
            class={zoom > 1 ? 'pixelated' : undefined}
            style={
              size && zoom > 1 ? { width: `${size.width * zoom}px`, height: `${size.height * zoom}px` } : undefined
            }
            onLoad={(event) => {
              const img = event.currentTarget;
              setSize({ width: img.naturalWidth, height: img.naturalHeight });
            }}
            onError={() => setFailed(true)}
          />
        )}
      </div>
      <figcaption class="meta">
        {mediaType} · {formatBytes(bytes)}
        {size && ` · ${size.width} × ${size.height} px`}
        {zoom > 1 && ` (shown ×${zoom})`}
        {failed && ' · the browser could not decode this image (see Raw)'}
      </figcaption>
    </figure>
  );
}

function HexBody({
  response,
  mediaType,
  onDownload,
}: {
  response: ResponseModel;
  mediaType: string;
  onDownload: () => void;
}) {
  const { dump, total } = useMemo(() => {
    const base64 = response.bodyEncoding === 'base64';
    const bytes = base64
      ? base64Prefix(response.body, HEX_PREVIEW)
      : new TextEncoder().encode(response.body.slice(0, HEX_PREVIEW)).subarray(0, HEX_PREVIEW);
    return {
      dump: hexDump(bytes),
      total: base64 ? base64Length(response.body) : utf8Length(response.body),
    };
  }, [response]);
  return (
    <section class="hex-body" role="region" aria-label={LABEL}>
      <p class="hex-summary">
        <span>
          Binary body, {formatBytes(total)} ({mediaType || 'no Content-Type'})
          {total > HEX_PREVIEW ? `: the first ${formatBytes(HEX_PREVIEW)} in hex.` : ', in hex.'}
        </span>
        <button type="button" class="secondary" onClick={onDownload}>
          Download
        </button>
      </p>
      <pre class="hex" tabIndex={0} aria-label="Hex dump">
        {dump}
      </pre>
    </section>
  );
}
