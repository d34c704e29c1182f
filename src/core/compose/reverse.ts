/**
 * The reverse direction: a Compose file's services as `docker run` commands (bash), over the same option table
 * read backwards. Fields `docker run` cannot express (build, depends_on, profiles, secrets, deploy beyond
 * resources…) are warnings at their place in the file. Top-level networks the services use are created first
 * (`docker network create`), and volumes with a driver or options likewise.
 *
 * Compose interpolation is turned into the shell's: `$$` is a literal `$` (single-quoted), `${NAME}` and `$NAME`
 * stay shell variables (inside double quotes).
 */
import { isMap, isScalar, type Document } from 'yaml';
import type { SourceSpan, Warning } from '../errors.ts';
import { SERVICE_KEY_ORDER, type Json, type JsonObject } from './map.ts';
import { readExisting } from './merge.ts';
import { ComposeError } from './parse.ts';

export interface ReverseResult {
  /** The commands, one after another, each option on its own continued line. */
  text: string;
  services: { name: string; command: string }[];
  warnings: Warning[];
}

/** One piece of a Compose string: literal text, or an interpolation to leave to the shell. */
type Piece = { text: string } | { variable: string };

/** Splits a Compose string at its interpolations: `$$` is a literal `$`; `${…}` and `$NAME` are variables. */
function pieces(value: string): Piece[] {
  const out: Piece[] = [];
  let literal = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c !== '$') {
      literal += c;
      continue;
    }
    const next = value[i + 1];
    if (next === '$') {
      literal += '$';
      i++;
    } else if (next === '{') {
      const close = value.indexOf('}', i + 2);
      if (close === -1) {
        literal += c;
        continue;
      }
      if (literal) out.push({ text: literal });
      literal = '';
      out.push({ variable: value.slice(i, close + 1) });
      i = close;
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      let end = i + 2;
      while (end < value.length && /\w/.test(value[end]!)) end++;
      if (literal) out.push({ text: literal });
      literal = '';
      out.push({ variable: value.slice(i, end) });
      i = end - 1;
    } else literal += c;
  }
  if (literal || out.length === 0) out.push({ text: literal });
  return out;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A Compose string as one bash word. */
export function shellWord(value: string): string {
  const parts = pieces(value);
  if (parts.every((p) => 'text' in p)) {
    const text = parts.map((p) => (p as { text: string }).text).join('');
    if (SAFE.test(text)) return text;
    return `'${text.replace(/'/g, `'\\''`)}'`;
  }
  const body = parts.map((p) => ('variable' in p ? p.variable : p.text.replace(/[\\"$`]/g, (c) => `\\${c}`))).join('');
  return `"${body}"`;
}

/** Splits a Compose command string into words as Compose does (POSIX shell quoting, no expansion). */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      word += text.slice(i + 1, close === -1 ? text.length : close);
      i = close === -1 ? text.length : close;
      inWord = true;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && '"\\$`'.includes(text[i + 1] ?? '')) i++;
        word += text[i];
        i++;
      }
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A Go duration (what Compose writes) in whole seconds, or undefined when it has a fraction. */
function seconds(duration: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  let total = 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  let matched = 0;
  for (let m = re.exec(duration); m; m = re.exec(duration)) {
    total += Number(m[1]) * units[m[2]!]!;
    matched += m[0].length;
  }
  if (matched !== duration.length) return /^\d+$/.test(duration) ? Number(duration) : undefined;
  return Number.isInteger(Math.round(total * 1e6) / 1e6) ? Math.round(total) : undefined;
}

function asString(value: Json | undefined): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function list(value: Json | undefined): Json[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** `key: value` maps and `key=value` lists, as `key=value` strings. */
function pairs(value: Json | undefined): string[] {
  if (Array.isArray(value)) return value.map(asString);
  if (value && typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => (v === null ? k : `${k}=${asString(v)}`));
  }
  return [];
}

const STRING_FLAGS: Record<string, string> = {
  hostname: '--hostname',
  domainname: '--domainname',
  platform: '--platform',
  restart: '--restart',
  user: '--user',
  ipc: '--ipc',
  pid: '--pid',
  uts: '--uts',
  cgroup_parent: '--cgroup-parent',
  isolation: '--isolation',
  runtime: '--runtime',
  stop_signal: '--stop-signal',
  mac_address: '--mac-address',
  cpuset: '--cpuset-cpus',
};

const LIST_FLAGS: Record<string, string> = {
  volumes_from: '--volumes-from',
  tmpfs: '--tmpfs',
  links: '--link',
  dns: '--dns',
  dns_search: '--dns-search',
  dns_opt: '--dns-option',
  cap_add: '--cap-add',
  cap_drop: '--cap-drop',
  security_opt: '--security-opt',
  device_cgroup_rules: '--device-cgroup-rule',
  group_add: '--group-add',
};

/** POSIX quoting of a literal word, for a line a shell inside the container reads. */
function posixQuote(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

class ServiceWriter {
  readonly args: string[][] = [];
  positional: string[] = [];

  constructor(
    readonly name: string,
    private readonly service: JsonObject,
    private readonly file: JsonObject,
    private readonly warnAt: (path: (string | number)[], message: string) => void,
  ) {}

  option(flag: string, value?: string): void {
    this.args.push(value === undefined ? [flag] : [flag, shellWord(value)]);
  }

  warn(key: string, message: string): void {
    this.warnAt(['services', this.name, key], message);
  }

  write(): void {
    const s = this.service;
    const keys = [
      ...SERVICE_KEY_ORDER.filter((k) => k in s),
      ...Object.keys(s).filter((k) => !SERVICE_KEY_ORDER.includes(k)),
    ];
    let entrypointRest: string[] = [];
    for (const key of keys) {
      const v = s[key];
      if (key.startsWith('x-') || v === undefined) continue;
      switch (key) {
        case 'image':
          break;
        case 'container_name':
          this.option('--name', asString(v));
          break;
        case 'hostname':
        case 'domainname':
        case 'platform':
        case 'restart':
        case 'user':
        case 'ipc':
        case 'pid':
        case 'uts':
        case 'cgroup_parent':
        case 'isolation':
        case 'runtime':
        case 'stop_signal':
        case 'mac_address':
        case 'cpuset':
          this.option(STRING_FLAGS[key]!, asString(v));
          break;
        case 'working_dir':
          this.option('--workdir', asString(v));
          break;
        case 'userns_mode':
          this.option('--userns', asString(v));
          break;
        case 'cgroup':
          this.option('--cgroupns', asString(v));
          break;
        case 'pull_policy': {
          const policy = { if_not_present: 'missing' }[asString(v)] ?? asString(v);
          if (['always', 'missing', 'never'].includes(policy)) this.option('--pull', policy);
          else this.warn(key, `pull_policy: ${asString(v)} has no docker run --pull equivalent; left out.`);
          break;
        }
        case 'entrypoint': {
          const words = typeof v === 'string' ? splitCommand(v) : list(v).map(asString);
          if (words.length === 0) this.option('--entrypoint', '');
          else {
            this.option('--entrypoint', words[0]!);
            entrypointRest = words.slice(1);
          }
          break;
        }
        case 'command':
          this.positional = typeof v === 'string' ? splitCommand(v) : list(v).map(asString);
          break;
        case 'environment':
          for (const item of pairs(v)) this.option('-e', item);
          break;
        case 'env_file':
          for (const item of list(v)) {
            if (item && typeof item === 'object' && !Array.isArray(item)) {
              this.option('--env-file', asString(item.path));
              if (item.required === false)
                this.warn(
                  key,
                  `${asString(item.path)}: docker run has no optional env files; it fails when the file is missing.`,
                );
            } else this.option('--env-file', asString(item));
          }
          break;
        case 'labels':
          for (const item of pairs(v)) this.option('--label', item);
          break;
        case 'label_file':
          for (const item of list(v)) this.option('--label-file', asString(item));
          break;
        case 'annotations':
          for (const item of pairs(v)) this.option('--annotation', item);
          break;
        case 'sysctls':
          for (const item of pairs(v)) this.option('--sysctl', item);
          break;
        case 'storage_opt':
          for (const item of pairs(v)) this.option('--storage-opt', item);
          break;
        case 'ports':
          for (const item of list(v)) this.port(item);
          break;
        case 'expose':
          for (const item of list(v)) this.option('--expose', asString(item));
          break;
        case 'volumes':
          for (const item of list(v)) this.volume(item);
          break;
        case 'volumes_from':
        case 'tmpfs':
        case 'links':
        case 'dns':
        case 'dns_search':
        case 'dns_opt':
        case 'cap_add':
        case 'cap_drop':
        case 'security_opt':
        case 'device_cgroup_rules':
        case 'group_add':
          for (const item of list(v)) this.option(LIST_FLAGS[key]!, asString(item));
          break;
        case 'extra_hosts':
          for (const item of Array.isArray(v)
            ? v.map(asString)
            : Object.entries(v as JsonObject).map(([h, ip]) => `${h}=${list(ip).map(asString).join(',')}`)) {
            this.option('--add-host', item);
          }
          break;
        case 'devices':
          for (const item of list(v)) {
            if (typeof item === 'string') this.option('--device', item);
            else if (item && typeof item === 'object' && !Array.isArray(item)) {
              this.option(
                '--device',
                [item.source, item.target, item.permissions]
                  .filter((p) => p !== undefined)
                  .map(asString)
                  .join(':'),
              );
            }
          }
          break;
        case 'network_mode': {
          const mode = asString(v);
          if (mode.startsWith('service:')) {
            const other = (this.file.services as JsonObject | undefined)?.[mode.slice(8)] as JsonObject | undefined;
            const container = asString(other?.container_name) || mode.slice(8);
            this.option('--network', `container:${container}`);
            this.warn(
              key,
              `network_mode: ${mode} joins the container named ${container}: start it first (with --name ${container}).`,
            );
          } else this.option('--network', mode);
          break;
        }
        case 'networks':
          this.networks(v);
          break;
        case 'privileged':
        case 'read_only':
        case 'init':
        case 'oom_kill_disable':
        case 'use_api_socket':
          if (v === true) this.option(`--${key.replace(/_/g, '-')}`);
          break;
        case 'stdin_open':
          if (v === true) this.option('-i');
          break;
        case 'tty':
          if (v === true) this.option('-t');
          break;
        case 'healthcheck':
          this.healthcheck(v as JsonObject);
          break;
        case 'logging': {
          const logging = v as JsonObject;
          if (logging.driver !== undefined) this.option('--log-driver', asString(logging.driver));
          for (const item of pairs(logging.options)) this.option('--log-opt', item);
          break;
        }
        case 'ulimits':
          for (const [limit, value] of Object.entries(v as JsonObject)) {
            const both = value && typeof value === 'object' ? (value as JsonObject) : undefined;
            this.option(
              '--ulimit',
              both ? `${limit}=${asString(both.soft)}:${asString(both.hard)}` : `${limit}=${asString(value)}`,
            );
          }
          break;
        case 'shm_size':
          this.option('--shm-size', asString(v));
          break;
        case 'stop_grace_period': {
          const whole = seconds(asString(v));
          if (whole === undefined)
            this.warn(
              key,
              `stop_grace_period: ${asString(v)} is not a whole number of seconds, which --stop-timeout needs; left out.`,
            );
          else this.option('--stop-timeout', String(whole));
          break;
        }
        case 'oom_score_adj':
        case 'pids_limit':
        case 'cpu_count':
        case 'cpu_percent':
        case 'cpu_period':
        case 'cpu_quota':
        case 'cpu_rt_period':
        case 'cpu_rt_runtime':
        case 'cpu_shares':
        case 'cpus':
          this.option(`--${key.replace(/_/g, '-')}`, asString(v));
          break;
        case 'mem_limit':
          this.option('--memory', asString(v));
          break;
        case 'mem_reservation':
          this.option('--memory-reservation', asString(v));
          break;
        case 'memswap_limit':
          this.option('--memory-swap', asString(v));
          break;
        case 'mem_swappiness':
          this.option('--memory-swappiness', asString(v));
          break;
        case 'blkio_config':
          this.blkio(v as JsonObject);
          break;
        case 'gpus':
          for (const device of v === 'all' ? [{ count: 'all' }] : list(v)) this.gpu(device as JsonObject);
          break;
        case 'deploy':
          this.deploy(v as JsonObject);
          break;
        default:
          this.warn(key, `${key} has no docker run equivalent; left out.`);
      }
    }
    this.positional = [...entrypointRest, ...this.positional];
  }

  port(item: Json): void {
    if (typeof item === 'string' || typeof item === 'number') {
      this.option('-p', String(item));
      return;
    }
    const p = item as JsonObject;
    const ip = asString(p.host_ip);
    const host = ip === '' ? '' : ip.includes(':') ? `[${ip}]:` : `${ip}:`;
    const published = p.published === undefined ? '' : `${asString(p.published)}:`;
    const protocol = p.protocol === undefined ? '' : `/${asString(p.protocol)}`;
    this.option('-p', `${host}${published}${asString(p.target)}${protocol}`);
    if (p.mode === 'ingress' || p.name !== undefined || p.app_protocol !== undefined) {
      this.warn('ports', `A port's mode, name and app_protocol have no docker run equivalent; left out.`);
    }
  }

  volume(item: Json): void {
    if (typeof item === 'string') {
      this.option('-v', item);
      return;
    }
    const v = item as JsonObject;
    const bind = (v.bind ?? {}) as JsonObject;
    if (bind.selinux !== undefined && v.type === 'bind') {
      // --mount has no SELinux relabelling: the short form does.
      const mode = [v.read_only ? 'ro' : undefined, asString(bind.selinux), asString(bind.propagation) || undefined]
        .filter(Boolean)
        .join(',');
      this.option('-v', `${asString(v.source)}:${asString(v.target)}:${mode}`);
      return;
    }
    const fields = [`type=${asString(v.type)}`];
    if (v.source !== undefined) fields.push(`source=${asString(v.source)}`);
    fields.push(`target=${asString(v.target)}`);
    if (v.read_only === true) fields.push('readonly');
    if (bind.propagation !== undefined) fields.push(`bind-propagation=${asString(bind.propagation)}`);
    if (bind.recursive !== undefined) fields.push(`bind-recursive=${asString(bind.recursive)}`);
    const volume = (v.volume ?? {}) as JsonObject;
    if (volume.nocopy === true) fields.push('volume-nocopy');
    if (volume.subpath !== undefined) fields.push(`volume-subpath=${asString(volume.subpath)}`);
    const tmpfs = (v.tmpfs ?? {}) as JsonObject;
    if (tmpfs.size !== undefined) fields.push(`tmpfs-size=${asString(tmpfs.size)}`);
    if (typeof tmpfs.mode === 'number') fields.push(`tmpfs-mode=${tmpfs.mode.toString(8)}`);
    // A volume's driver and options travel with the mount, which creates the volume as declared.
    const declared =
      v.type === 'volume'
        ? ((this.file.volumes as JsonObject | undefined)?.[asString(v.source)] as JsonObject | null | undefined)
        : undefined;
    if (declared?.driver !== undefined) fields.push(`volume-driver=${asString(declared.driver)}`);
    for (const item of pairs(declared?.driver_opts)) fields.push(`volume-opt=${item}`);
    for (const item of pairs(declared?.labels)) fields.push(`volume-label=${item}`);
    const image = (v.image ?? {}) as JsonObject;
    if (image.subpath !== undefined) fields.push(`image-subpath=${asString(image.subpath)}`);
    if (v.consistency !== undefined) fields.push(`consistency=${asString(v.consistency)}`);
    this.option('--mount', fields.join(','));
  }

  networks(v: Json): void {
    if (Array.isArray(v)) {
      for (const name of v) this.option('--network', asString(name));
      return;
    }
    for (const [name, settings] of Object.entries(v as JsonObject)) {
      const s = (settings ?? {}) as JsonObject;
      const fields = [`name=${name}`];
      for (const alias of list(s.aliases)) fields.push(`alias=${asString(alias)}`);
      if (s.ipv4_address !== undefined) fields.push(`ip=${asString(s.ipv4_address)}`);
      if (s.ipv6_address !== undefined) fields.push(`ip6=${asString(s.ipv6_address)}`);
      if (s.mac_address !== undefined) fields.push(`mac-address=${asString(s.mac_address)}`);
      for (const ip of list(s.link_local_ips)) fields.push(`link-local-ip=${asString(ip)}`);
      for (const item of pairs(s.driver_opts)) fields.push(`driver-opt=${item}`);
      if (s.gw_priority !== undefined) fields.push(`gw-priority=${asString(s.gw_priority)}`);
      this.option('--network', fields.length === 1 ? name : fields.join(','));
    }
  }

  healthcheck(h: JsonObject): void {
    const test = h.test;
    if (h.disable === true || (Array.isArray(test) && test[0] === 'NONE')) {
      this.option('--no-healthcheck');
      return;
    }
    if (typeof test === 'string') this.option('--health-cmd', test);
    else if (Array.isArray(test) && test[0] === 'CMD-SHELL') this.option('--health-cmd', asString(test[1]));
    else if (Array.isArray(test) && test[0] === 'CMD') {
      // docker run's --health-cmd is always run by a shell: the exec form as one shell line.
      const line = test
        .slice(1)
        .map((w) => posixQuote(asString(w).replace(/\$\$/g, '$')))
        .join(' ');
      this.option('--health-cmd', line.replace(/\$/g, '$$$$'));
    }
    for (const [key, flag] of [
      ['interval', '--health-interval'],
      ['timeout', '--health-timeout'],
      ['start_period', '--health-start-period'],
      ['start_interval', '--health-start-interval'],
      ['retries', '--health-retries'],
    ] as const) {
      if (h[key] !== undefined) this.option(flag, asString(h[key]));
    }
  }

  blkio(b: JsonObject): void {
    if (b.weight !== undefined) this.option('--blkio-weight', asString(b.weight));
    for (const [key, flag, field] of [
      ['weight_device', '--blkio-weight-device', 'weight'],
      ['device_read_bps', '--device-read-bps', 'rate'],
      ['device_read_iops', '--device-read-iops', 'rate'],
      ['device_write_bps', '--device-write-bps', 'rate'],
      ['device_write_iops', '--device-write-iops', 'rate'],
    ] as const) {
      for (const item of list(b[key])) {
        const d = item as JsonObject;
        this.option(flag, `${asString(d.path)}:${asString(d[field])}`);
      }
    }
  }

  gpu(device: JsonObject): void {
    const fields: string[] = [];
    if (device.driver !== undefined) fields.push(`driver=${asString(device.driver)}`);
    if (device.count !== undefined) fields.push(device.count === 'all' ? 'all' : `count=${asString(device.count)}`);
    if (device.device_ids !== undefined) fields.push(`"device=${list(device.device_ids).map(asString).join(',')}"`);
    const capabilities = list(device.capabilities).map(asString);
    if (capabilities.length > 0 && !(capabilities.length === 1 && capabilities[0] === 'gpu')) {
      fields.push(`capabilities=${capabilities.join(',')}`);
    }
    for (const item of pairs(device.options)) fields.push(`options=${item}`);
    if (fields.length === 1 && fields[0] === 'all') this.option('--gpus', 'all');
    else if (fields.length === 1 && fields[0]!.startsWith('count=')) this.option('--gpus', fields[0]!.slice(6));
    else this.option('--gpus', fields.join(','));
  }

  deploy(d: JsonObject): void {
    for (const [key, value] of Object.entries(d)) {
      if (key !== 'resources') {
        this.warn('deploy', `deploy.${key} has no docker run equivalent; left out.`);
        continue;
      }
      const resources = value as JsonObject;
      for (const [kind, settings] of Object.entries(resources)) {
        const s = settings as JsonObject;
        for (const [field, amount] of Object.entries(s ?? {})) {
          const path = `deploy.resources.${kind}.${field}`;
          if (kind === 'limits' && field === 'cpus') this.option('--cpus', asString(amount));
          else if (kind === 'limits' && field === 'memory') this.option('--memory', asString(amount));
          else if (kind === 'limits' && field === 'pids') this.option('--pids-limit', asString(amount));
          else if (kind === 'reservations' && field === 'memory') this.option('--memory-reservation', asString(amount));
          else if (kind === 'reservations' && field === 'devices') {
            for (const device of list(amount)) {
              const dev = device as JsonObject;
              if (list(dev.capabilities).map(asString).includes('gpu') || dev.driver === 'nvidia') this.gpu(dev);
              else this.warn('deploy', `${path}: only GPU devices have a docker run equivalent (--gpus); left out.`);
            }
          } else this.warn('deploy', `${path} has no docker run equivalent; left out.`);
        }
      }
    }
  }

  render(image: string): string {
    const lines = ['docker run -d', ...this.args.map((a) => a.join(' '))];
    const tail = [shellWord(image), ...this.positional.map(shellWord)].join(' ');
    return [...lines, tail].join(' \\\n  ');
  }
}

function spanOfNode(doc: Document, text: string, path: (string | number)[]): SourceSpan | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    const parent = depth > 1 ? doc.getIn(path.slice(0, depth - 1), true) : doc.contents;
    // The key's place reads better than the value's.
    let offset = node?.range?.[0];
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === path[depth - 1]);
      if (pair && isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
    }
    if (offset === undefined) continue;
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { offset, line, column: offset - lineStart + 1, end: offset + String(path[depth - 1]).length };
  }
  return undefined;
}

/** A Compose file's services as `docker run` commands. */
export function composeToDockerRun(text: string): ReverseResult {
  if (text.trim() === '') {
    throw new ComposeError(
      'The input is empty: paste a Compose file.',
      'empty',
      { offset: 0, line: 1, column: 1, end: 0 },
      'existing',
    );
  }
  const doc = readExisting(text);
  const file = (doc.toJS() ?? {}) as JsonObject;
  const services = (file.services ?? {}) as Record<string, JsonObject>;
  if (Object.keys(services).length === 0) {
    throw new ComposeError(
      'The Compose file has no services.',
      'no-services',
      { offset: 0, line: 1, column: 1, end: 1 },
      'existing',
    );
  }
  const warnings: Warning[] = [];
  const warnAt = (path: (string | number)[], message: string) => {
    const span = spanOfNode(doc, text, path);
    warnings.push(
      span ? { code: 'no-docker-run-equivalent', message, span } : { code: 'no-docker-run-equivalent', message },
    );
  };
  const blocks: string[] = [];
  const networks = (file.networks ?? {}) as Record<string, JsonObject | null>;
  const used = new Set<string>();
  for (const service of Object.values(services)) {
    const n = service?.networks;
    for (const name of Array.isArray(n) ? n.map(asString) : Object.keys((n ?? {}) as JsonObject)) used.add(name);
  }
  for (const name of used) {
    const settings = networks[name] ?? {};
    if (settings.external === true) continue;
    const options: string[] = [];
    if (settings.driver !== undefined) options.push(`--driver ${shellWord(asString(settings.driver))}`);
    for (const item of pairs(settings.driver_opts)) options.push(`--opt ${shellWord(item)}`);
    for (const item of pairs(settings.labels)) options.push(`--label ${shellWord(item)}`);
    if (settings.internal === true) options.push('--internal');
    if (settings.attachable === true) options.push('--attachable');
    if (settings.enable_ipv6 === true) options.push('--ipv6');
    for (const pool of list((settings.ipam as JsonObject | undefined)?.config)) {
      const p = pool as JsonObject;
      if (p.subnet !== undefined) options.push(`--subnet ${shellWord(asString(p.subnet))}`);
      if (p.gateway !== undefined) options.push(`--gateway ${shellWord(asString(p.gateway))}`);
    }
    blocks.push(['docker network create', ...options, shellWord(asString(settings.name) || name)].join(' '));
  }
  const volumes = (file.volumes ?? {}) as Record<string, JsonObject | null>;
  for (const [name, settings] of Object.entries(volumes)) {
    const s = settings ?? {};
    if (s.external === true || (s.driver === undefined && s.driver_opts === undefined && s.labels === undefined))
      continue;
    const options: string[] = [];
    if (s.driver !== undefined) options.push(`--driver ${shellWord(asString(s.driver))}`);
    for (const item of pairs(s.driver_opts)) options.push(`--opt ${shellWord(item)}`);
    for (const item of pairs(s.labels)) options.push(`--label ${shellWord(item)}`);
    blocks.push(['docker volume create', ...options, shellWord(asString(s.name) || name)].join(' '));
  }
  const out: { name: string; command: string }[] = [];
  for (const [name, service] of Object.entries(services)) {
    const body = service ?? {};
    if (typeof body.image !== 'string') {
      warnAt(
        ['services', name],
        `${name} has no image (build only): docker run needs one; build it first (docker compose build) and name it.`,
      );
      continue;
    }
    const writer = new ServiceWriter(name, body, file, warnAt);
    writer.write();
    const command = writer.render(body.image);
    out.push({ name, command });
    blocks.push(command);
  }
  warnings.sort((a, b) => (a.span?.offset ?? Infinity) - (b.span?.offset ?? Infinity));
  return { text: `${blocks.join('\n\n')}\n`, services: out, warnings };
}
