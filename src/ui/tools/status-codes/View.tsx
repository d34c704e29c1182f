import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { statusInfo } from '../../../core/http/status.ts';
import {
  constantLines,
  FILTER_LABELS,
  isStatusFilter,
  NO_CONSTANTS_NOTE,
  standingLabel,
  STATUS_FILTERS,
  statusDeepLink,
  type Reference,
  type StatusEntry,
} from '../../../core/status/codes.ts';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { createStatusCodesStore, type Move, type StatusCodesStore } from './store.ts';
import './status-codes.css';

const LIST_ID = 'status-codes-list';
const optionId = (code: number) => `status-code-option-${code}`;
const classKey = (code: number) => `${String(code)[0]}xx`;

const KEY_MOVES: Readonly<Record<string, Move>> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  PageDown: 'page-down',
  PageUp: 'page-up',
};

/** The HTTP status code reference: search and filter on top, the list and the selected code's entry side by side. */
export default function StatusCodesView({ params, setParams, inbox }: ToolViewProps) {
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const store = useMemo(() => createStatusCodesStore({ onParams: (next) => setParamsRef.current(next) }), []);

  // The deep link, before paint, so a stale address never overwrites newer typing.
  useLayoutEffect(() => store.applyParams(params), [store, params]);
  useLayoutEffect(() => {
    if (inbox?.intent.kind === 'show-status') store.showCode(inbox.intent.code);
  }, [store, inbox?.seq]);

  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const selected = store.selected.value;
  // Keeps the selected option visible inside the list without scrolling the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const option = selected === null ? null : list?.querySelector<HTMLElement>(`#${optionId(selected)}`);
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
    }
  }, [selected, store.results.value]);

  const results = store.results.value;
  const active = store.activeIndex.value;

  return (
    <div class="sc" data-tool="status-codes">
      <div class="sc-toolbar">
        <input
          ref={searchRef}
          type="search"
          class="sc-search"
          aria-label="Search status codes"
          aria-controls={LIST_ID}
          placeholder="e.g. 429, too many, 5xx"
          spellcheck={false}
          autoComplete="off"
          value={store.query.value}
          onInput={(e) => store.setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'Enter') {
              e.preventDefault();
              if (store.activeIndex.value === -1) store.move('first');
              listRef.current?.focus();
            } else if (e.key === 'Escape' && store.query.value !== '') {
              e.preventDefault();
              store.setQuery('');
            }
          }}
        />
        <label class="sc-filter">
          <span>Class</span>
          <select
            value={store.filter.value}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isStatusFilter(value)) store.setFilter(value);
            }}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </label>
        <span class="sc-count" role="status">
          {results.length === 1 ? '1 code' : `${results.length} codes`}
        </span>
      </div>
      <div class="sc-body">
        <div
          ref={listRef}
          id={LIST_ID}
          class="sc-list"
          role="listbox"
          aria-label="Status codes"
          tabIndex={0}
          aria-activedescendant={active === -1 ? undefined : optionId(results[active]!.code)}
          onKeyDown={(e) => {
            const move = KEY_MOVES[e.key];
            if (move) {
              e.preventDefault();
              store.move(move);
            } else if (e.key === 'Escape' || (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey)) {
              // Typing in the list goes on in the search box.
              searchRef.current?.focus();
            }
          }}
        >
          {results.length === 0 ? (
            <p class="sc-empty">No status code matches. Try a number (404), a class (5xx) or other words.</p>
          ) : (
            results.map((entry, index) => (
              <div
                key={entry.code}
                id={optionId(entry.code)}
                role="option"
                aria-selected={index === active}
                class={`sc-option sc-${classKey(entry.code)}`}
                onClick={() => {
                  store.select(entry.code);
                  listRef.current?.focus();
                }}
              >
                <span class="sc-option-code">{entry.code}</span>{' '}
                <span class="sc-option-reason">
                  {entry.reason}
                  {entry.registration === 'unused' && entry.aliases[0] && (
                    <span class="sc-muted"> · {entry.aliases[0]}</span>
                  )}
                </span>
                {!entry.standard && <span class="sc-option-tag"> non-standard</span>}
              </div>
            ))
          )}
        </div>
        <Detail store={store} />
      </div>
    </div>
  );
}

function ExternalLink({ reference }: { reference: Reference }) {
  if (!reference.url) return <span>{reference.label}</span>;
  return (
    <a href={reference.url} target="_blank" rel="noopener noreferrer">
      {reference.label}
      <span class="sc-vh"> (opens in a new tab)</span>
    </a>
  );
}

function Detail({ store }: { store: StatusCodesStore }) {
  const code = store.selected.value;
  const entry = store.selectedEntry.value;
  if (code === null) {
    return (
      <section class="sc-detail" aria-labelledby="sc-detail-title">
        <h2 id="sc-detail-title" class="sc-title">
          Pick a status code
        </h2>
        <p>
          Type a number (<code>429</code>), a class (<code>5xx</code>) or words from its name or meaning (
          <code>too many</code>, <code>rate limit</code>), or choose one from the list.
        </p>
        <p class="sc-muted">
          Every code in the IANA HTTP Status Code Registry, and the non-standard codes seen in logs (nginx, Cloudflare,
          AWS load balancers, IIS…), each marked with its origin.
        </p>
      </section>
    );
  }
  if (!entry) return <UnknownCode code={code} />;
  return <EntryDetail entry={entry} />;
}

function UnknownCode({ code }: { code: number }) {
  const info = statusInfo(code);
  const title = info.statusClass === 'unknown' ? `${code} is not a status code` : `${code} ${info.reason}`;
  return (
    <section class="sc-detail" aria-labelledby="sc-detail-title">
      <h2 id="sc-detail-title" class="sc-title">
        {title}
      </h2>
      <p>{info.meaning}</p>
      <p class="sc-muted">
        {code} is not in the IANA registry, and this reference knows of no vendor that uses it. Clients treat an unknown
        code like the x00 code of its class.
      </p>
    </section>
  );
}

function EntryDetail({ entry }: { entry: StatusEntry }) {
  const services = useServices();
  const [copied, setCopied] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLayoutEffect(() => {
    setCopied('');
    return () => clearTimeout(timer.current);
  }, [entry.code]);
  const constants = constantLines(entry);
  const primary = entry.references[0];

  const copyLink = () => {
    clearTimeout(timer.current);
    services
      .copyText(statusDeepLink(entry.code))
      .then(() => setCopied('Link copied.'))
      .catch(() => setCopied('Could not copy the link.'))
      .finally(() => {
        timer.current = setTimeout(() => setCopied(''), 2500);
      });
  };

  return (
    <section class="sc-detail" aria-labelledby="sc-detail-title">
      <div class="sc-head">
        <h2 id="sc-detail-title" class="sc-title">
          <span class={`sc-title-code sc-${classKey(entry.code)}`}>{entry.code}</span> {entry.reason}
        </h2>
        <span class="sc-tag">{FILTER_LABELS[classKey(entry.code) as keyof typeof FILTER_LABELS]}</span>
        <span class={entry.standard ? 'sc-tag' : 'sc-tag sc-tag-warn'}>{standingLabel(entry)}</span>
        <span class="sc-head-actions">
          {primary && <ExternalLink reference={primary} />}
          <button type="button" class="secondary sc-copy" onClick={copyLink}>
            Copy link
          </button>
          <span class="sc-copied" role="status">
            {copied}
          </span>
        </span>
      </div>
      <p class="sc-summary">{entry.meaning}</p>
      {entry.origin && (
        <p class="sc-origin">
          <strong>Origin:</strong> {entry.origin}
        </p>
      )}
      {entry.otherMeanings.length > 0 && (
        <div class="sc-others">
          <h3>Also used for {entry.code}</h3>
          <ul>
            {entry.otherMeanings.map((other) => (
              <li key={other.reason}>
                <strong>
                  {entry.code} {other.reason}
                </strong>{' '}
                (non-standard; {other.origin}): {other.meaning}{' '}
                {other.references.map((reference) => (
                  <span key={reference.label} class="sc-other-ref">
                    <ExternalLink reference={reference} />{' '}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div class="sc-grid">
        <div>
          <h3>Use it</h3>
          <p>{entry.use}</p>
          <h3>Don’t use it</h3>
          <p>{entry.avoid}</p>
        </div>
        <div>
          <h3>Headers</h3>
          {entry.headers.length === 0 ? (
            <p class="sc-muted">No header is specific to this code.</p>
          ) : (
            <dl class="sc-headers">
              {entry.headers.map((header) => (
                <div key={header.name}>
                  <dt>{header.name}</dt>
                  <dd>{header.note}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div>
          <h3>Constants</h3>
          {constants.length === 0 ? (
            <p class="sc-muted">No standard library names this code.</p>
          ) : (
            <table class="sc-constants">
              <tbody>
                {constants.map((line) => (
                  <tr key={line.language} title={line.note}>
                    <th scope="row">{line.language}</th>
                    <td>
                      <code>{line.constant}</code>
                      {line.newerName && <span class="sc-muted sc-note">{line.newerName}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p class="sc-muted sc-note">
            {constants.length > 0 && `${constants.map((line) => `${line.language}: ${line.note}`).join('; ')}. `}
            {NO_CONSTANTS_NOTE}
          </p>
          <h3>{entry.standard ? 'Defined in' : 'Sources'}</h3>
          <ul class="sc-refs">
            {entry.references.map((reference) => (
              <li key={reference.label}>
                <ExternalLink reference={reference} />
              </li>
            ))}
          </ul>
          {entry.registry && (
            <p class="sc-muted sc-note">
              IANA registry: “{entry.registry.description}”, {entry.registry.reference}
            </p>
          )}
          {entry.aliases.length > 0 && <p class="sc-muted sc-note">Also known as: {entry.aliases.join(', ')}</p>}
        </div>
      </div>
    </section>
  );
}
