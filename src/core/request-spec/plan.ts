/**
 * The one planning step between a request spec and a client: it reads the
 * client's capability profile and decides, the same way for every target,
 * what the program sends where the client differs from curl (a Host header it
 * cannot set, a body on GET, where the response goes) and which warnings from
 * the catalogue the program carries, at the place in the input they concern.
 * Client files render the plan; they decide only their idioms.
 */
import type { SourceSpan, Warning } from '../errors.ts';
import { splitUrl } from '../curl/wire.ts';
import type { ClientProfile } from './profiles.ts';
import type { RequestSpec, SpecHeader } from './spec.ts';
import { specWarning } from './warnings.ts';

export interface Plan {
  /** The spec's warnings, then the plan's. */
  warnings: Warning[];
  /** The header lines to set: the spec's, less a Host header the client cannot set. */
  headers: SpecHeader[];
  /** The body cannot go with this method in this client: leave it out. */
  dropBody: boolean;
  /**
   * Netscape cookie files the program reads for its Cookie header (curl's rules: domain, path, secure
   * flag, expiry), before the command's own cookies. Empty when there are none or the client cannot.
   */
  cookieFiles: string[];
  /** Where `-o`/`-O` saves the body (may hold variable markers); undefined prints it (also for `-o -`). */
  outputFile?: string;
}

/** The file name curl's `-O` writes: the URL path's last segment ('' when the path ends in `/`). */
export function remoteName(url: string): string {
  let target: string;
  try {
    target = splitUrl(url).target;
  } catch {
    target = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '');
  }
  const path = target.replace(/[?#].*$/s, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Plans how one client sends a spec. */
export function planRequest(spec: RequestSpec, profile: ClientProfile): Plan {
  const warnings: Warning[] = [...spec.warnings];
  const { client } = profile;
  const at = spec.span;
  const t = spec.transport;
  const lower = (h: SpecHeader) => h.name.toLowerCase();

  // curl reads cookie files only when no -H 'Cookie: …' is set.
  let cookieFiles: string[] = [];
  const cookieHeader = spec.headers.some((h) => lower(h) === 'cookie' && h.value !== spec.cookieLine);
  if (spec.cookieFiles.length > 0 && !cookieHeader) {
    const reads = profile.cookieFiles === 'reader' || (profile.cookieFiles === 'jar' && spec.cookieLine === undefined);
    if (reads) cookieFiles = spec.cookieFiles;
    else warnings.push(specWarning('cookie-file', { client, files: spec.cookieFiles.join(', ') }, at));
  }

  // Headers.
  let headers = spec.headers;
  if (!profile.customHost) {
    const host = headers.filter((h) => lower(h) === 'host');
    if (host.length > 0) {
      headers = headers.filter((h) => lower(h) !== 'host');
      warnings.push(specWarning('host-header-dropped', { client }, host[0]!.span ?? at));
    }
  }
  const fixed = spec.removedDefaults.filter((name) => profile.fixedDefaults.includes(name));
  if (fixed.length > 0) warnings.push(specWarning('header-not-removable', { client, names: fixed }, at));
  if (profile.repeatedHeaders === 'joined') {
    const seen = new Map<string, number>();
    for (const h of headers) seen.set(lower(h), (seen.get(lower(h)) ?? 0) + 1);
    const joined = headers.filter(
      (h, i) =>
        seen.get(lower(h))! > 1 &&
        !(profile.joinsCookiesAsList && lower(h) === 'cookie') &&
        headers.findIndex((o) => lower(o) === lower(h)) !== i,
    );
    if (joined.length > 0) {
      const names = [...new Set(joined.map((h) => headers.find((o) => lower(o) === lower(h))!.name))];
      warnings.push(specWarning('header-merged', { client, names }, joined[0]!.span ?? at));
    }
  }

  // Method and body.
  const upper = spec.method.toUpperCase();
  if (profile.methodCase === 'upper' && spec.method !== upper) {
    warnings.push(specWarning('method-case', { client, method: spec.method }, at));
  }
  const dropBody = !profile.bodyOnGet && spec.body.kind !== 'none' && (upper === 'GET' || upper === 'HEAD');
  if (dropBody) warnings.push(specWarning('body-dropped', { client, method: spec.method }, at));
  const typed = headers.some((h) => lower(h) === 'content-type') || spec.body.kind === 'multipart';
  if (profile.defaultBodyType && spec.body.kind !== 'none' && !dropBody && !typed) {
    warnings.push(specWarning('content-type-added', { client, type: profile.defaultBodyType }, at));
  }

  // Transport.
  if (t.proxy !== undefined) {
    const scheme = (/^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(t.proxy)?.[1] ?? 'http').toLowerCase();
    const schemes = profile.proxy.schemes;
    if (schemes !== 'all' && !schemes.includes(scheme)) {
      warnings.push(specWarning('proxy', { client, proxy: t.proxy, hint: profile.proxy.hint }, at));
    }
  }
  if (t.insecure && profile.insecure !== true && !/^http:/i.test(spec.url)) {
    warnings.push(specWarning('insecure', { client, hint: profile.insecure.hint }, at));
  }
  if (t.connectTimeoutSeconds !== undefined && !profile.connectTimeout) {
    warnings.push(specWarning('connect-timeout', { client }, at));
  }
  if (t.timeoutSeconds !== undefined && profile.totalTimeout !== true) {
    warnings.push(
      specWarning('timeout-total', { client, seconds: t.timeoutSeconds, applies: profile.totalTimeout.applies }, at),
    );
  }
  const redirects = profile.redirects;
  if (t.followRedirects && !redirects.follow) warnings.push(specWarning('redirects-not-followed', { client }, at));
  if (t.followRedirects && redirects.follow) {
    if (t.maxRedirects !== undefined && redirects.limit !== true) {
      warnings.push(specWarning('max-redirs', { client, max: t.maxRedirects, limit: redirects.limit.fixed }, at));
    }
    const credentials = spec.basicAuth !== undefined || spec.headers.some((h) => lower(h) === 'authorization');
    if (t.locationTrusted && credentials && !redirects.keepsCredentials) {
      warnings.push(specWarning('location-trusted', { client }, at));
    }
  }
  const version = t.httpVersion;
  if (version !== undefined && version !== '1.1') {
    const v = profile.httpVersions;
    const overTls = !/^http:/i.test(spec.url);
    const honoured = v.honours.includes(version) && !(version === '2' && v.http2OnlyOverTls && !overTls);
    if (!honoured) {
      const asked =
        version === '2-prior-knowledge' ? 'HTTP/2 with prior knowledge' : `HTTP/${version.replace('-only', '')}`;
      const sends = v.hint && version.startsWith('2') ? `${v.sends} (${v.hint})` : v.sends;
      warnings.push(specWarning('http-version', { client, asked, sends }, at));
    }
  }

  // Where the response goes.
  let outputFile: string | undefined;
  const output = t.output;
  if (output && 'file' in output) outputFile = output.file === '-' ? undefined : output.file;
  else if (output) {
    const name = remoteName(spec.url);
    if (name === '') warnings.push(specWarning('output-remote-name', undefined, spec.urlSpan ?? at));
    else outputFile = name;
  }

  // Whatever else the spec could not place gets the request's position.
  return {
    warnings: warnings.map((w) => (w.span || !at ? w : { ...w, span: at })),
    headers,
    dropBody,
    cookieFiles,
    outputFile,
  };
}

/** A warning at the request's place in the input (for warnings a client file adds). */
export function at(spec: RequestSpec, warning: Warning, span?: SourceSpan): Warning {
  const where = span ?? spec.span;
  return where && !warning.span ? { ...warning, span: where } : warning;
}
