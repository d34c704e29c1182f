/**
 * GNU Wget: one `wget` command with `--method`, a `--header` per header line
 * (repeated names joined, since a later --header replaces an earlier one),
 * `--body-data` or `--body-file`, basic credentials sent at once
 * (`--auth-no-challenge`, as curl does), and the body printed
 * (`--output-document=-`). A body curl assembles from files, standard input
 * or encoded values is written to a temporary file first. Wget has no
 * multipart forms: the form is left out, with a warning.
 */
import type { Warning } from '../../errors.ts';
import { splitUrl } from '../../curl/wire.ts';
import type { HeaderLine } from '../../http/request.ts';
import { at, planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import { hasVariables } from '../../variables.ts';
import { withoutUserinfo } from '../javascript/kit.ts';
import { targetInfo } from '../targets.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import {
  BashNames,
  bashWord,
  commandLines,
  dataPieceCommands,
  option,
  URLENCODE_FUNCTION,
  usesUrlencode,
} from './bash.ts';

const profile = profileOf('wget');
const client = profile.client;

/** The request target Wget sends: it percent-encodes unsafe characters and a `%` that starts no escape. */
export function wgetTarget(target: string): string {
  let out = '';
  const bytes = new TextEncoder();
  for (let i = 0; i < target.length; i++) {
    const ch = target[i]!;
    const code = target.charCodeAt(i);
    if (ch === '%' && !/^[0-9A-Fa-f]{2}$/.test(target.slice(i + 1, i + 3))) out += '%25';
    else if (' "<>\\^`{|}'.includes(ch) || code < 0x20 || code >= 0x7f) {
      const char = code >= 0xd800 && code <= 0xdbff ? target.slice(i, ++i + 1) : ch;
      for (const byte of bytes.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else out += ch;
  }
  return out;
}

/** The request target of an absolute URL; undefined for one that is not (Wget then refuses it itself). */
function targetOf(url: string): string | undefined {
  try {
    return splitUrl(url).target;
  } catch {
    return undefined;
  }
}

/** Header lines with repeated names joined into one (cookies with `; `): Wget keeps one line per name. */
function joinRepeated(headers: readonly HeaderLine[]): HeaderLine[] {
  const out: HeaderLine[] = [];
  for (const header of headers) {
    const first = out.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
    if (!first) out.push({ name: header.name, value: header.value });
    else first.value += `${header.name.toLowerCase() === 'cookie' ? '; ' : ', '}${header.value}`;
  }
  return out;
}

interface BodyPlan {
  /** Lines before the command (a temporary file filled with the body). */
  setup: string[];
  /** The options that send the body. */
  args: string[];
  /** The urlencode function is used. */
  urlencode: boolean;
}

function bodyPlan(spec: RequestSpec, names: BashNames, warnings: Warning[]): BodyPlan {
  const body = spec.body;
  const toFile = (commands: string[]): BodyPlan => {
    const file = names.pick('body_file');
    const setup = [`${file}=$(mktemp)`, `trap 'rm -f "$${file}"' EXIT`];
    if (commands.length === 1) setup.push(`${commands[0]} >"$${file}"`);
    else setup.push('{', ...commands.map((c) => `  ${c}`), `} >"$${file}"`);
    return {
      setup,
      args: [`--body-file="$${file}"`],
      urlencode: usesUrlencode(commands),
    };
  };
  switch (body.kind) {
    case 'none':
      return { setup: [], args: [], urlencode: false };
    case 'text':
    case 'json':
    case 'form':
      return { setup: [], args: [option('--body-data', body.text)], urlencode: false };
    case 'file':
      if (!body.strip) return { setup: [], args: [option('--body-file', body.path)], urlencode: false };
      return toFile([`tr -d '\\r\\n' <${bashWord(body.path)}`]);
    case 'stdin':
      return toFile([body.strip ? "tr -d '\\r\\n'" : 'cat']);
    case 'pieces': {
      const commands: string[] = [];
      body.pieces.forEach((piece, i) => {
        if (i > 0 && !('json' in piece && piece.json)) commands.push("printf '&'");
        commands.push(...dataPieceCommands(piece));
      });
      return toFile(commands.length > 0 ? commands : ["printf ''"]);
    }
    case 'multipart':
      warnings.push(at(spec, specWarning('multipart-unsupported', { client })));
      return { setup: [], args: [], urlencode: false };
  }
}

function generate(spec: RequestSpec): GeneratedCode {
  const plan = planRequest(spec, profile);
  const warnings = [...plan.warnings];
  const names = new BashNames(spec.variables);
  const transport = spec.transport;
  const args: string[] = ['--quiet'];

  const method = spec.method.toUpperCase();
  if (method !== 'GET' || spec.body.kind !== 'none') args.push(option('--method', spec.method.toUpperCase()));

  // Header lines: Wget refuses a value with a line break, and keeps the last line of a name.
  const broken = plan.headers.filter((h) => /[\r\n]/.test(h.name + h.value));
  if (broken.length > 0) {
    const names = [...new Set(broken.map((h) => h.name))];
    warnings.push(at(spec, specWarning('header-dropped', { client, names }), broken[0]!.span));
  }
  const headers = joinRepeated(plan.headers.filter((h) => !broken.includes(h)));
  for (const { name, value } of headers) args.push(option('--header', value === '' ? `${name}:` : `${name}: ${value}`));
  if (spec.removedDefaults.includes('user-agent')) args.push("--user-agent=''");
  const hasType = headers.some((h) => h.name.toLowerCase() === 'content-type');
  if (spec.body.kind !== 'none' && spec.body.kind !== 'multipart' && !hasType) {
    if (!spec.removedDefaults.includes('content-type')) {
      warnings.push(at(spec, specWarning('header-not-removable', { client, names: ['Content-Type'] })));
    }
  }
  if (spec.basicAuth) {
    args.push(option('--user', spec.basicAuth.user), option('--password', spec.basicAuth.password));
    args.push('--auth-no-challenge');
  }

  const body = bodyPlan(spec, names, warnings);
  args.push(...body.args);

  if (transport.insecure) args.push('--no-check-certificate');
  if (!transport.followRedirects) args.push('--max-redirect=0');
  else if (transport.maxRedirects !== undefined && transport.maxRedirects >= 0) {
    args.push(`--max-redirect=${transport.maxRedirects}`);
  }
  if (transport.connectTimeoutSeconds !== undefined) {
    args.push(`--connect-timeout=${transport.connectTimeoutSeconds}`);
  }
  if (transport.timeoutSeconds !== undefined) args.push(`--timeout=${transport.timeoutSeconds}`);
  if (transport.proxy !== undefined) {
    const proxy = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(transport.proxy) ? transport.proxy : `http://${transport.proxy}`;
    args.push(option('--execute', `http_proxy=${proxy}`), option('--execute', `https_proxy=${proxy}`));
    if (transport.proxyUser !== undefined) {
      const colon = transport.proxyUser.indexOf(':');
      const user = colon === -1 ? transport.proxyUser : transport.proxyUser.slice(0, colon);
      args.push(option('--proxy-user', user));
      if (colon !== -1) args.push(option('--proxy-password', transport.proxyUser.slice(colon + 1)));
    }
  }
  for (const file of plan.cookieFiles) args.push(option('--load-cookies', file));
  // curl prints the body of an error response too (Wget still exits with 8 then).
  args.push('--content-on-error');
  args.push(plan.outputFile === undefined ? '--output-document=-' : option('--output-document', plan.outputFile));

  const url = spec.basicAuth ? withoutUserinfo(spec.url) : spec.url;
  // A URL with variables is only known when the script runs.
  const target = hasVariables(url) ? undefined : targetOf(url);
  const sent = target === undefined ? undefined : wgetTarget(target);
  if (target !== undefined && sent !== target) {
    warnings.push(at(spec, specWarning('url-normalised', { client, sent: sent!, target }), spec.urlSpan));
  }
  args.push(bashWord(url));

  const lines = ['#!/usr/bin/env bash'];
  if (body.urlencode) lines.push('', ...URLENCODE_FUNCTION);
  if (body.setup.length > 0) lines.push('', ...body.setup);
  lines.push('', ...commandLines('wget', args));
  return { code: `${lines.join('\n')}\n`, warnings };
}

export const wget: Generator = {
  ...targetInfo('wget'),
  generate,
};
