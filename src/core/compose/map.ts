/**
 * Turns read `docker run` commands into a Compose model: one service per command, the named volumes and
 * user-defined networks they use declared at the top level. Field by field after the Compose Specification
 * (https://github.com/compose-spec/compose-spec/blob/main/05-services.md); whatever Compose cannot express is a
 * positioned warning at the option that asked for it.
 *
 * Strings: Compose interpolates `$NAME` and `${NAME}` in every value, so a literal `$` is written `$$`; a shell
 * variable of the paste (`$HOME`, `${TAG}`) becomes `${NAME}`, which Compose fills in from the environment as the
 * shell did. A command substitution cannot run: `$(pwd)` is `${PWD}` (and `.` at the start of a bind mount's
 * source); any other is left as the tokenizer's variable (`${CMD_1}`), with a warning.
 */
import type { SourceSpan, Warning } from '../errors.ts';
import { splitVariables, type VariableRef } from '../variables.ts';
import { canonicalName } from './options.ts';
import { ComposeError, type DockerRun, type GivenOption } from './parse.ts';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ComposeModel {
  services: Record<string, JsonObject>;
  networks: Record<string, JsonObject>;
  volumes: Record<string, JsonObject>;
}

export interface ServiceConversion {
  name: string;
  run: DockerRun;
  /** The warnings about this command (its options, and the shell's within its span). */
  warnings: Warning[];
}

export interface Conversion {
  model: ComposeModel;
  services: ServiceConversion[];
  /** Every warning, in the order of the text. */
  warnings: Warning[];
}

/** The order of a service's keys in the output: identity, process, environment, storage, network, limits. */
export const SERVICE_KEY_ORDER: readonly string[] = [
  'image',
  'container_name',
  'hostname',
  'domainname',
  'platform',
  'pull_policy',
  'restart',
  'entrypoint',
  'command',
  'working_dir',
  'user',
  'group_add',
  'environment',
  'env_file',
  'labels',
  'label_file',
  'annotations',
  'ports',
  'expose',
  'volumes',
  'volumes_from',
  'tmpfs',
  'network_mode',
  'networks',
  'links',
  'extra_hosts',
  'dns',
  'dns_search',
  'dns_opt',
  'mac_address',
  'devices',
  'device_cgroup_rules',
  'cap_add',
  'cap_drop',
  'privileged',
  'security_opt',
  'read_only',
  'init',
  'stdin_open',
  'tty',
  'healthcheck',
  'logging',
  'ulimits',
  'sysctls',
  'shm_size',
  'ipc',
  'pid',
  'uts',
  'userns_mode',
  'cgroup',
  'cgroup_parent',
  'isolation',
  'runtime',
  'storage_opt',
  'stop_signal',
  'stop_grace_period',
  'oom_kill_disable',
  'oom_score_adj',
  'pids_limit',
  'cpu_count',
  'cpu_percent',
  'cpu_period',
  'cpu_quota',
  'cpu_rt_period',
  'cpu_rt_runtime',
  'cpu_shares',
  'cpuset',
  'mem_swappiness',
  'memswap_limit',
  'blkio_config',
  'use_api_socket',
  'deploy',
];

const NETWORK_MODES =
  /^(?:host|none|bridge|default|container:.+|service:.+|ns:.+|slirp4netns(?::.*)?|pasta(?::.*)?|private)$/;

/** Compose service (and network, volume) names. */
const NAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

/** docker's volume names: [a-zA-Z0-9][a-zA-Z0-9_.-]+ */
const VOLUME_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

const PROPAGATION = new Set(['shared', 'rshared', 'slave', 'rslave', 'private', 'rprivate']);
const CONSISTENCY = new Set(['consistent', 'cached', 'delegated']);

export function convertRuns(
  runs: readonly DockerRun[],
  shellWarnings: readonly Warning[],
  variables: readonly VariableRef[],
): Conversion {
  const model: ComposeModel = { services: {}, networks: {}, volumes: {} };
  const services: ServiceConversion[] = [];
  const all: Warning[] = [];
  const dropped: Warning[] = [];
  const byName = new Map(variables.map((v) => [v.name, v]));
  for (const run of runs) {
    const builder = new ServiceBuilder(run, model, byName);
    const service = builder.build();
    const name = uniqueName(serviceName(run), model.services);
    if (name !== serviceName(run)) {
      builder.warn(
        'service-renamed',
        `Another command already makes a service “${serviceName(run)}”: this one is “${name}”.`,
        run.image.span,
      );
    }
    model.services[name] = service;
    // A $(pwd) read as the Compose file's folder needs no second warning from the shell.
    const relative = new Set(builder.warnings.filter((w) => w.code === 'relative-bind').map((w) => w.span?.offset));
    const inside = shellWarnings.filter(
      (w) =>
        w.span &&
        w.span.offset >= run.span.offset &&
        w.span.offset <= run.span.end &&
        !(w.code === 'command-substitution' && relative.has(w.span.offset)),
    );
    dropped.push(...shellWarnings.filter((w) => w.code === 'command-substitution' && relative.has(w.span?.offset)));
    const warnings = [...inside, ...builder.warnings].sort(byPlace);
    services.push({ name, run, warnings });
    all.push(...builder.warnings);
  }
  all.push(...shellWarnings.filter((w) => !dropped.includes(w)));
  return { model, services, warnings: all.sort(byPlace) };
}

function byPlace(a: Warning, b: Warning): number {
  return (a.span?.offset ?? Infinity) - (b.span?.offset ?? Infinity);
}

/** The service's name: `--name`, else the image's last path part without tag or digest. */
export function serviceName(run: DockerRun): string {
  const given = [...run.options].reverse().find((o) => canonicalName(o.spec) === 'name');
  const raw =
    typeof given?.value === 'string' && given.value !== ''
      ? given.value.replace(/^\//, '')
      : imageBaseName(run.image.value);
  const clean = raw
    .replace(/\uE000[^\uE001]*\uE001/g, '')
    .replace(/[^a-zA-Z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return clean === '' ? 'app' : clean;
}

function imageBaseName(image: string): string {
  const withoutDigest = image.split('@')[0]!;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const last = withoutDigest.slice(lastSlash + 1);
  const colon = last.indexOf(':');
  return colon === -1 ? last : last.slice(0, colon);
}

function uniqueName(name: string, taken: Record<string, unknown>): string {
  if (!Object.hasOwn(taken, name)) return name;
  for (let n = 2; ; n++) if (!Object.hasOwn(taken, `${name}-${n}`)) return `${name}-${n}`;
}

/** A value for Compose: literal `$` doubled, shell variables as `${NAME}`. */
export function composeString(value: string, variables: ReadonlyMap<string, VariableRef>): string {
  return splitVariables(value)
    .map((part) => {
      if (typeof part === 'string') return part.replace(/\$/g, '$$$$');
      const ref = variables.get(part.variable);
      if (ref?.kind === 'command' && /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/.test(ref.source)) return '${PWD}';
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(part.variable)) return `\${${part.variable}}`;
      // $1, $@, $?: nothing Compose can fill in; kept as the literal text.
      return (ref?.source ?? `$${part.variable}`).replace(/\$/g, '$$$$');
    })
    .join('');
}

function hasVariable(value: string): boolean {
  return value.includes('\uE000');
}

/** Splits `key=value`; a key without `=` has no value. */
function keyValue(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  return eq === -1 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
}

/** docker's CSV fields (encoding/csv): commas separate, double quotes group. */
function csvFields(text: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      if (quoted && text[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}

class ServiceBuilder {
  readonly warnings: Warning[] = [];
  private readonly service: JsonObject = {};
  /** The user-defined networks joined, in order, with their per-network settings. */
  private readonly networks = new Map<string, JsonObject>();
  private networkMode: { value: string; option: GivenOption } | undefined;
  /** The networks this command is the first to use. */
  private readonly declaredNetworks = new Map<string, GivenOption>();
  /** Settings that need a user-defined network (--ip, --network-alias…), applied to the first one. */
  private readonly firstNetworkSettings: { key: string; value: Json; option: GivenOption; list?: boolean }[] = [];

  constructor(
    private readonly run: DockerRun,
    private readonly model: ComposeModel,
    private readonly variables: ReadonlyMap<string, VariableRef>,
  ) {}

  warn(code: string, message: string, span: SourceSpan): void {
    this.warnings.push({ code, message, span });
  }

  str(value: string): string {
    return composeString(value, this.variables);
  }

  build(): JsonObject {
    const { run } = this;
    this.service.image = this.str(run.image.value);
    for (const option of run.options) this.apply(option);
    this.finishNetworks();
    if (run.args.length > 0) this.service.command = run.args.map((word) => this.str(word.value));
    if (run.verb === 'create') {
      this.warn(
        'create-not-started',
        `${run.program} create makes the container without starting it; docker compose up starts it (docker compose create only makes it).`,
        run.span,
      );
    }
    return orderService(this.service);
  }

  private apply(option: GivenOption): void {
    const { spec } = option;
    const name = canonicalName(spec);
    if (spec.unsupported) {
      // A boolean at docker's default changes nothing (`--rm=false`, `--sig-proxy`).
      if (typeof option.value === 'boolean' && option.value === Boolean(spec.defaultOn)) return;
      this.warn('no-compose-equivalent', `${option.written} is left out: ${spec.unsupported}.`, option.span);
      return;
    }
    const value = option.value;
    if (typeof value === 'boolean') {
      if (!value) return;
      switch (name) {
        case 'no-healthcheck':
          this.object('healthcheck').disable = true;
          return;
        default:
          this.service[spec.compose!] = true;
          return;
      }
    }
    const handler = HANDLERS[name];
    if (handler) {
      handler.call(this, value, option);
      return;
    }
    // Plain fields: a string, or a list of strings.
    const field = spec.compose!;
    if (spec.repeatable) this.pushUnique(field, this.str(value), option);
    else this.setOnce(field, this.str(value), option);
  }

  setOnce(field: string, value: Json, option: GivenOption): void {
    if (this.service[field] !== undefined && option.spec.type !== 'bool') {
      this.warn(
        'option-repeated',
        `${option.written} is given more than once: docker uses the last one, and so does this file.`,
        option.span,
      );
    }
    this.service[field] = value;
  }

  pushUnique(field: string, value: Json, option: GivenOption, target: JsonObject = this.service): void {
    const list = (target[field] ??= []) as Json[];
    const key = JSON.stringify(value);
    if (list.some((item) => JSON.stringify(item) === key)) {
      this.warn(
        'duplicate',
        `${option.written} ${typeof value === 'string' ? value : ''} is given twice: it is listed once.`,
        option.span,
      );
      return;
    }
    list.push(value);
  }

  object(field: string, target: JsonObject = this.service): JsonObject {
    return (target[field] ??= {}) as JsonObject;
  }

  /** deploy.resources.limits / reservations. */
  resources(kind: 'limits' | 'reservations'): JsonObject {
    return this.object(kind, this.object('resources', this.object('deploy')));
  }

  mapEntry(field: string, text: string, option: GivenOption, emptyValue: Json = ''): void {
    const [key, value] = keyValue(text);
    if (key === '')
      throw new ComposeError(`${option.written} needs a key=value pair, not "${text}".`, 'bad-value', option.valueSpan);
    const target = this.object(field);
    target[this.str(key)] = value === undefined ? emptyValue : this.str(value);
  }

  integer(option: GivenOption, text: string, what = 'a whole number'): number | string {
    if (hasVariable(text)) return this.str(text);
    if (!/^[-+]?\d+$/.test(text.trim())) {
      throw new ComposeError(`${option.written} expects ${what}, not "${text}".`, 'bad-number', option.valueSpan);
    }
    return Number(text);
  }

  decimal(option: GivenOption, text: string): number | string {
    if (hasVariable(text)) return this.str(text);
    if (!/^\d*\.?\d+$/.test(text.trim())) {
      throw new ComposeError(`${option.written} expects a number, not "${text}".`, 'bad-number', option.valueSpan);
    }
    return Number(text);
  }

  /** docker's byte sizes (`512m`, `1.5g`, `1024`, `1gb`): kept as written, checked as docker checks them. */
  bytes(option: GivenOption, text: string): string {
    if (!hasVariable(text) && !/^\d+(?:\.\d+)?\s*(?:[kmgtp]i?b?|b)?$/i.test(text.trim()) && text !== '-1') {
      throw new ComposeError(
        `${option.written} expects a size such as 512m or 2g, not "${text}".`,
        'bad-size',
        option.valueSpan,
      );
    }
    return this.str(text.trim());
  }

  /** Go durations (`30s`, `1m30s`, `500ms`), which Compose reads the same way. */
  duration(option: GivenOption, text: string): string {
    if (!hasVariable(text) && !/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(text.trim()) && text.trim() !== '0') {
      throw new ComposeError(
        `${option.written} expects a duration such as 30s or 1m30s, not "${text}".`,
        'bad-duration',
        option.valueSpan,
      );
    }
    return this.str(text.trim() === '0' ? '0s' : text.trim());
  }

  // ---- ports -------------------------------------------------------------------------------------------------

  port(text: string, option: GivenOption): void {
    if (hasVariable(text)) {
      this.pushUnique('ports', this.str(text), option);
      return;
    }
    const match =
      /^(?:(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):)?(?:(\d+(?:-\d+)?)?:)?(\d+(?:-\d+)?)(?:\/(tcp|udp|sctp))?$/i.exec(
        text.trim(),
      );
    if (!match) {
      throw new ComposeError(
        `${option.written} expects [ip:][host port:]container port[/protocol] (e.g. 8080:80 or 127.0.0.1:53:53/udp), not "${text}".`,
        'bad-port',
        option.valueSpan,
      );
    }
    const [, ipv6, ipv4, published, target, protocol] = match;
    if (ipv6 !== undefined) {
      // The short syntax cannot say an IPv6 host address unambiguously: the long syntax can.
      const long: JsonObject = { target: /^\d+$/.test(target!) ? Number(target) : target! };
      if (published) long.published = published;
      long.host_ip = ipv6;
      if (protocol) long.protocol = protocol.toLowerCase();
      this.pushUnique('ports', long, option);
      return;
    }
    this.pushUnique(
      'ports',
      [ipv4, published]
        .filter((part) => part !== undefined)
        .concat(target!)
        .join(':') + (protocol ? `/${protocol.toLowerCase()}` : ''),
      option,
    );
  }

  // ---- volumes -----------------------------------------------------------------------------------------------

  /** `-v [source:]target[:options]`. */
  volume(text: string, option: GivenOption): void {
    const parts = splitVolume(text);
    if (parts.length > 3 || parts.some((part) => part === '')) {
      throw new ComposeError(
        `${option.written} expects [source:]target[:options], not "${text}".`,
        'bad-volume',
        option.valueSpan,
      );
    }
    let source: string | undefined;
    let target: string;
    let mode: string | undefined;
    if (parts.length === 1) target = parts[0]!;
    else if (parts.length === 2) [source, target] = parts as [string, string];
    else [source, target, mode] = parts as [string, string, string];
    if (parts.length === 2 && /^(?:ro|rw|z|Z)(?:,|$)/.test(target)) {
      throw new ComposeError(
        `${option.written} "${text}": an anonymous volume cannot take options.`,
        'bad-volume',
        option.valueSpan,
      );
    }
    const options = mode === undefined ? [] : mode.split(',');
    for (const item of options) {
      if (!['ro', 'rw', 'z', 'Z', 'nocopy'].includes(item) && !PROPAGATION.has(item) && !CONSISTENCY.has(item)) {
        throw new ComposeError(
          `${option.written}: "${item}" is not a volume option (ro, rw, z, Z, nocopy, or a propagation such as rshared).`,
          'bad-volume',
          option.valueSpan,
        );
      }
    }
    let composeSource: string | undefined;
    let type: 'bind' | 'volume' = 'volume';
    if (source !== undefined) {
      if (VOLUME_NAME.test(source) && !hasVariable(source)) {
        this.declareVolume(source, option);
        composeSource = source;
      } else {
        type = 'bind';
        composeSource = this.bindSource(source, option);
      }
    }
    const simple = options.every((item) => ['ro', 'rw', 'z', 'Z'].includes(item));
    if (simple) {
      this.pushUnique(
        'volumes',
        [composeSource, this.str(target), mode].filter((p) => p !== undefined).join(':'),
        option,
      );
      return;
    }
    // nocopy, propagation and consistency need the long syntax.
    const long: JsonObject = {
      type,
      ...(composeSource !== undefined ? { source: composeSource } : {}),
      target: this.str(target),
    };
    if (options.includes('ro')) long.read_only = true;
    const propagation = options.find((item) => PROPAGATION.has(item));
    const selinux = options.find((item) => item === 'z' || item === 'Z');
    if (type === 'bind' && (propagation || selinux)) {
      long.bind = { ...(propagation ? { propagation } : {}), ...(selinux ? { selinux } : {}) };
    } else if (propagation || selinux) {
      this.warn(
        'volume-option',
        `${option.written} "${text}": ${propagation ?? selinux} applies to bind mounts only; it is left out.`,
        option.valueSpan,
      );
    }
    if (options.includes('nocopy')) long.volume = { nocopy: true };
    const consistency = options.find((item) => CONSISTENCY.has(item));
    if (consistency) long.consistency = consistency;
    this.pushUnique('volumes', long, option);
  }

  bindSource(source: string, option: GivenOption): string {
    // cmd's %cd% (which the tokenizer cannot tell from percent-encoding) is the current folder too.
    const written = this.str(source)
      .replace(/^%cd%(?=$|[\\/])/i, '${PWD}')
      .replace(/^(\$\{PWD\})\\/, '$1/');
    if (written === '${PWD}' || written.startsWith('${PWD}/')) {
      const relative = `.${written.slice('${PWD}'.length)}`;
      this.warn(
        'relative-bind',
        `${source.replace(/\uE000([^\uE001]*)\uE001/g, (_, name: string) => this.variables.get(name)?.source ?? name)} is read as the folder of the Compose file: ${relative}. Keep the file where you ran the command.`,
        option.valueSpan,
      );
      return relative;
    }
    return written;
  }

  declareVolume(name: string, option: GivenOption, settings: JsonObject = {}): void {
    const existing = this.model.volumes[name];
    if (!existing) {
      this.model.volumes[name] = settings;
      this.warn(
        'named-volume',
        `The named volume “${name}” is declared at the top level; Compose names it <project>_${name}. To keep using the data docker run stored in “${name}”, add external: true to it.`,
        option.valueSpan,
      );
    } else Object.assign(existing, settings);
  }

  /** `--mount type=bind,source=…,target=…,readonly,…`: always the long syntax. */
  mount(text: string, option: GivenOption): void {
    const fields: Record<string, string> = {};
    for (const field of csvFields(text)) {
      const [key, value] = keyValue(field.trim());
      fields[key.toLowerCase()] = value ?? 'true';
    }
    const type = (fields.type ?? 'volume').toLowerCase();
    if (!['bind', 'volume', 'tmpfs', 'npipe', 'image', 'cluster'].includes(type)) {
      throw new ComposeError(
        `--mount type=${type} is not a mount type (bind, volume, tmpfs, npipe, image).`,
        'bad-mount',
        option.valueSpan,
      );
    }
    if (type === 'cluster') {
      this.warn(
        'no-compose-equivalent',
        '--mount type=cluster is left out: Compose has no cluster volumes.',
        option.span,
      );
      return;
    }
    const source = fields.source ?? fields.src;
    const target = fields.target ?? fields.destination ?? fields.dst;
    if (target === undefined)
      throw new ComposeError('--mount needs a target (target=/path in the container).', 'bad-mount', option.valueSpan);
    const long: JsonObject = { type };
    if (source !== undefined && source !== '') {
      if (type === 'bind') long.source = this.bindSource(source, option);
      else long.source = this.str(source);
    }
    long.target = this.str(target);
    const truthy = (v: string | undefined) => v !== undefined && v !== 'false' && v !== '0';
    if (truthy(fields.readonly) || truthy(fields.ro)) long.read_only = true;
    const bind: JsonObject = {};
    if (fields['bind-propagation']) bind.propagation = fields['bind-propagation'];
    if (fields['bind-recursive']) bind.recursive = fields['bind-recursive'];
    if (truthy(fields['bind-nonrecursive'])) bind.recursive = 'disabled';
    if (fields['bind-create-mountpoint'] || fields['bind-create-src']) bind.create_host_path = true;
    if (Object.keys(bind).length > 0) long.bind = bind;
    const volume: JsonObject = {};
    if (truthy(fields['volume-nocopy'])) volume.nocopy = true;
    if (fields['volume-subpath']) volume.subpath = this.str(fields['volume-subpath']);
    if (Object.keys(volume).length > 0) long.volume = volume;
    const tmpfs: JsonObject = {};
    if (fields['tmpfs-size'])
      tmpfs.size = /^\d+$/.test(fields['tmpfs-size']) ? Number(fields['tmpfs-size']) : fields['tmpfs-size'];
    if (fields['tmpfs-mode']) tmpfs.mode = Number.parseInt(fields['tmpfs-mode'], 8);
    if (Object.keys(tmpfs).length > 0) long.tmpfs = tmpfs;
    if (fields['image-subpath']) long.image = { subpath: this.str(fields['image-subpath']) };
    if (fields.consistency) long.consistency = fields.consistency;
    if (type === 'volume' && typeof long.source === 'string' && long.source !== '') {
      const settings: JsonObject = {};
      if (fields['volume-driver']) settings.driver = fields['volume-driver'];
      for (const [key, value] of Object.entries(fields)) {
        if (key === 'volume-opt') {
          const [optKey, optValue] = keyValue(value);
          ((settings.driver_opts ??= {}) as JsonObject)[optKey] = optValue ?? '';
        }
        if (key === 'volume-label') {
          const [labelKey, labelValue] = keyValue(value);
          ((settings.labels ??= {}) as JsonObject)[labelKey] = labelValue ?? '';
        }
      }
      // volume-opt and volume-label repeat; read them all from the raw fields.
      const opts = csvFields(text)
        .map((f) => f.trim())
        .filter((f) => f.startsWith('volume-opt=') || f.startsWith('volume-label='));
      if (opts.length > 0) {
        delete settings.driver_opts;
        delete settings.labels;
        for (const f of opts) {
          const [key, rest] = keyValue(f);
          const [k, v] = keyValue(rest ?? '');
          ((settings[key === 'volume-opt' ? 'driver_opts' : 'labels'] ??= {}) as JsonObject)[k] = v ?? '';
        }
      }
      this.declareVolume(long.source, option, settings);
    }
    this.pushUnique('volumes', long, option);
  }

  // ---- networks ----------------------------------------------------------------------------------------------

  network(text: string, option: GivenOption): void {
    let name = text;
    const settings: JsonObject = {};
    if (text.includes('=')) {
      // Advanced syntax: name=…,alias=…,ip=…,ip6=…,mac-address=…,link-local-ip=…,driver-opt=…,gw-priority=…
      name = '';
      for (const field of csvFields(text)) {
        const [key, value = ''] = keyValue(field.trim());
        switch (key) {
          case 'name':
            name = value;
            break;
          case 'alias':
            ((settings.aliases ??= []) as Json[]).push(this.str(value));
            break;
          case 'ip':
            settings.ipv4_address = value;
            break;
          case 'ip6':
            settings.ipv6_address = value;
            break;
          case 'mac-address':
            settings.mac_address = value;
            break;
          case 'link-local-ip':
            ((settings.link_local_ips ??= []) as Json[]).push(value);
            break;
          case 'driver-opt': {
            const [k, v = ''] = keyValue(value);
            ((settings.driver_opts ??= {}) as JsonObject)[k] = v;
            break;
          }
          case 'gw-priority':
            settings.gw_priority = Number(value);
            break;
          default:
            throw new ComposeError(`--network: "${key}" is not a network setting.`, 'bad-network', option.valueSpan);
        }
      }
      if (name === '') throw new ComposeError('--network needs name=<network>.', 'bad-network', option.valueSpan);
    }
    if (NETWORK_MODES.test(name)) {
      if (this.networkMode || this.networks.size > 0) {
        throw new ComposeError(
          `${option.written} ${name} cannot be combined with another network.`,
          'network-conflict',
          option.span,
        );
      }
      this.networkMode = { value: name === 'default' ? 'bridge' : name, option };
      return;
    }
    if (this.networkMode) {
      throw new ComposeError(
        `${option.written} ${name} cannot be combined with --network ${this.networkMode.value}.`,
        'network-conflict',
        option.span,
      );
    }
    if (!NAME_PATTERN.test(name) && !hasVariable(name)) {
      throw new ComposeError(`"${name}" is not a network name.`, 'bad-network', option.valueSpan);
    }
    this.networks.set(name, { ...(this.networks.get(name) ?? {}), ...settings });
    if (!this.model.networks[name]) {
      this.model.networks[name] = {};
      this.declaredNetworks.set(name, option);
    }
  }

  needsNetwork(key: string, value: Json, option: GivenOption, list = false): void {
    this.firstNetworkSettings.push({ key, value, option, list });
  }

  finishNetworks(): void {
    const ports = this.service.ports;
    if (this.networkMode) {
      this.service.network_mode = this.networkMode.value;
      if (this.networkMode.value === 'host' && ports) {
        delete this.service.ports;
        this.warn(
          'ports-with-host-network',
          'With --network host the container uses the host’s ports directly: docker discards the published ports, and so does this file.',
          this.networkMode.option.span,
        );
      }
    }
    const first = [...this.networks.keys()][0];
    for (const setting of this.firstNetworkSettings) {
      if (first === undefined) {
        this.warn(
          'needs-user-network',
          `${setting.option.written} needs a user-defined network (--network mynet); it is left out.`,
          setting.option.span,
        );
        continue;
      }
      const target = this.networks.get(first)!;
      if (setting.list) ((target[setting.key] ??= []) as Json[]).push(setting.value);
      else target[setting.key] = setting.value;
    }
    if (this.networks.size === 0) return;
    const detailed = [...this.networks.values()].some((settings) => Object.keys(settings).length > 0);
    this.service.networks = detailed
      ? Object.fromEntries(
          [...this.networks].map(([name, settings]) => [name, Object.keys(settings).length > 0 ? settings : null]),
        )
      : [...this.networks.keys()];
    // Said once, at the command that first uses the network.
    for (const [name, option] of this.declaredNetworks) {
      this.warn(
        'named-network',
        `The network “${name}” is declared at the top level, so Compose creates it (as <project>_${name}). To join the network docker run used instead, add external: true to it.`,
        option.valueSpan,
      );
    }
  }

  // ---- resources ---------------------------------------------------------------------------------------------

  gpus(text: string, option: GivenOption): void {
    const device: JsonObject = {};
    let capabilities: string[] = ['gpu'];
    for (const field of csvFields(text)) {
      const item = field.trim();
      if (item === '') continue;
      const [key, value] = keyValue(item);
      if (value === undefined) {
        if (key === 'all') device.count = 'all';
        else if (/^\d+$/.test(key)) device.count = Number(key);
        else
          throw new ComposeError(
            `--gpus "${text}": "${key}" is not all, a count, or key=value.`,
            'bad-gpus',
            option.valueSpan,
          );
        continue;
      }
      switch (key) {
        case 'count':
          device.count = value === 'all' ? 'all' : Number(value);
          break;
        case 'device':
          device.device_ids = value.split(',').map((id) => id.trim());
          break;
        case 'driver':
          device.driver = value;
          break;
        case 'capabilities':
          capabilities = value.split(',').map((c) => c.trim());
          break;
        case 'options': {
          const [k, v = ''] = keyValue(value);
          ((device.options ??= {}) as JsonObject)[k] = v;
          break;
        }
        default:
          throw new ComposeError(
            `--gpus: "${key}" is not a GPU request setting (count, device, driver, capabilities).`,
            'bad-gpus',
            option.valueSpan,
          );
      }
    }
    device.capabilities = capabilities;
    const ordered: JsonObject = {};
    for (const key of ['driver', 'count', 'device_ids', 'capabilities', 'options'])
      if (device[key] !== undefined) ordered[key] = device[key]!;
    this.pushUnique('devices', ordered, option, this.resources('reservations'));
  }

  ulimit(text: string, option: GivenOption): void {
    const [name, value] = keyValue(text);
    const match = value === undefined ? null : /^(-?\d+)(?::(-?\d+))?$/.exec(value);
    if (!name || !match) {
      throw new ComposeError(
        `--ulimit expects name=soft[:hard] (e.g. nofile=1024:2048), not "${text}".`,
        'bad-ulimit',
        option.valueSpan,
      );
    }
    const ulimits = this.object('ulimits');
    ulimits[name] = match[2] === undefined ? Number(match[1]) : { soft: Number(match[1]), hard: Number(match[2]) };
  }

  blkio(field: string, text: string, option: GivenOption, key: 'weight' | 'rate'): void {
    const colon = text.lastIndexOf(':');
    if (colon <= 0)
      throw new ComposeError(
        `${option.written} expects /dev/path:${key}, not "${text}".`,
        'bad-value',
        option.valueSpan,
      );
    const raw = text.slice(colon + 1);
    const value = /^\d+$/.test(raw) ? Number(raw) : raw;
    this.pushUnique(field, { path: text.slice(0, colon), [key]: value }, option, this.object('blkio_config'));
  }
}

type Handler = (this: ServiceBuilder, value: string, option: GivenOption) => void;

const HANDLERS: Record<string, Handler> = {
  name(value, option) {
    this.setOnce('container_name', this.str(value.replace(/^\//, '')), option);
  },
  env(value) {
    const [key, rest] = keyValue(value);
    // `-e NAME` passes the variable from the shell that runs Compose, as it did from docker's.
    this.object('environment')[composeStringKey(key)] = rest === undefined ? null : this.str(rest);
  },
  label(value, option) {
    this.mapEntry('labels', value, option);
  },
  annotation(value, option) {
    this.mapEntry('annotations', value, option);
  },
  sysctl(value, option) {
    this.mapEntry('sysctls', value, option);
  },
  'storage-opt'(value, option) {
    this.mapEntry('storage_opt', value, option);
  },
  'log-opt'(value, option) {
    const [key, rest] = keyValue(value);
    if (rest === undefined)
      throw new ComposeError(`--log-opt expects key=value, not "${value}".`, 'bad-value', option.valueSpan);
    this.object('options', this.object('logging'))[key] = this.str(rest);
  },
  'log-driver'(value) {
    this.object('logging').driver = this.str(value);
  },
  publish(value, option) {
    this.port(value, option);
  },
  expose(value, option) {
    if (!hasVariable(value) && !/^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/i.test(value)) {
      throw new ComposeError(
        `--expose expects a port or range (e.g. 80 or 8000-8010/udp), not "${value}".`,
        'bad-port',
        option.valueSpan,
      );
    }
    this.pushUnique('expose', this.str(value), option);
  },
  volume(value, option) {
    this.volume(value, option);
  },
  mount(value, option) {
    this.mount(value, option);
  },
  tmpfs(value, option) {
    this.pushUnique('tmpfs', this.str(value), option);
  },
  network(value, option) {
    this.network(value, option);
  },
  'network-alias'(value, option) {
    this.needsNetwork('aliases', this.str(value), option, true);
  },
  ip(value, option) {
    this.needsNetwork('ipv4_address', value, option);
  },
  ip6(value, option) {
    this.needsNetwork('ipv6_address', value, option);
  },
  'link-local-ip'(value, option) {
    this.needsNetwork('link_local_ips', value, option, true);
  },
  entrypoint(value, option) {
    // docker runs --entrypoint as one program name, never split by a shell: a one-item exec form.
    this.setOnce('entrypoint', value === '' ? [] : [this.str(value)], option);
  },
  'health-cmd'(value) {
    this.object('healthcheck').test = ['CMD-SHELL', this.str(value)];
  },
  'health-interval'(value, option) {
    this.object('healthcheck').interval = this.duration(option, value);
  },
  'health-timeout'(value, option) {
    this.object('healthcheck').timeout = this.duration(option, value);
  },
  'health-start-period'(value, option) {
    this.object('healthcheck').start_period = this.duration(option, value);
  },
  'health-start-interval'(value, option) {
    this.object('healthcheck').start_interval = this.duration(option, value);
  },
  'health-retries'(value, option) {
    this.object('healthcheck').retries = this.integer(option, value);
  },
  restart(value, option) {
    if (!hasVariable(value) && !/^(?:no|always|unless-stopped|on-failure(?::\d+)?)$/.test(value)) {
      throw new ComposeError(
        `--restart expects no, always, unless-stopped or on-failure[:max-retries], not "${value}".`,
        'bad-restart',
        option.valueSpan,
      );
    }
    this.setOnce('restart', this.str(value), option);
  },
  pull(value, option) {
    if (!['always', 'missing', 'never'].includes(value)) {
      throw new ComposeError(`--pull expects always, missing or never, not "${value}".`, 'bad-value', option.valueSpan);
    }
    this.setOnce('pull_policy', value, option);
  },
  cgroupns(value, option) {
    if (!['host', 'private'].includes(value)) {
      throw new ComposeError(`--cgroupns expects host or private, not "${value}".`, 'bad-value', option.valueSpan);
    }
    this.setOnce('cgroup', value, option);
  },
  cpus(value, option) {
    this.resources('limits').cpus = this.decimal(option, value);
  },
  memory(value, option) {
    this.resources('limits').memory = this.bytes(option, value);
  },
  'memory-reservation'(value, option) {
    this.resources('reservations').memory = this.bytes(option, value);
  },
  'memory-swap'(value, option) {
    this.setOnce('memswap_limit', value === '-1' ? -1 : this.bytes(option, value), option);
  },
  'shm-size'(value, option) {
    this.setOnce('shm_size', this.bytes(option, value), option);
  },
  'memory-swappiness'(value, option) {
    this.setOnce('mem_swappiness', this.integer(option, value), option);
  },
  'stop-timeout'(value, option) {
    const seconds = this.integer(option, value, 'a whole number of seconds');
    this.setOnce('stop_grace_period', typeof seconds === 'number' ? `${seconds}s` : seconds, option);
  },
  gpus(value, option) {
    this.gpus(value, option);
  },
  ulimit(value, option) {
    this.ulimit(value, option);
  },
  'blkio-weight'(value, option) {
    this.object('blkio_config').weight = this.integer(option, value);
  },
  'blkio-weight-device'(value, option) {
    this.blkio('weight_device', value, option, 'weight');
  },
  'device-read-bps'(value, option) {
    this.blkio('device_read_bps', value, option, 'rate');
  },
  'device-read-iops'(value, option) {
    this.blkio('device_read_iops', value, option, 'rate');
  },
  'device-write-bps'(value, option) {
    this.blkio('device_write_bps', value, option, 'rate');
  },
  'device-write-iops'(value, option) {
    this.blkio('device_write_iops', value, option, 'rate');
  },
  'env-file'(value, option) {
    this.pushUnique('env_file', this.str(value), option);
    this.warn(
      'env-file-syntax',
      `${value}: docker run takes each line of an env file literally, Compose reads it with .env rules (quotes are removed, \${…} is filled in). Check values with quotes or $.`,
      option.valueSpan,
    );
  },
  'mac-address'(value, option) {
    this.setOnce('mac_address', value, option);
  },
};

for (const [name, field] of [
  ['cpu-count', 'cpu_count'],
  ['cpu-percent', 'cpu_percent'],
  ['cpu-period', 'cpu_period'],
  ['cpu-quota', 'cpu_quota'],
  ['cpu-rt-period', 'cpu_rt_period'],
  ['cpu-rt-runtime', 'cpu_rt_runtime'],
  ['cpu-shares', 'cpu_shares'],
  ['oom-score-adj', 'oom_score_adj'],
  ['pids-limit', 'pids_limit'],
] as const) {
  HANDLERS[name] = function (value, option) {
    this.setOnce(field, this.integer(option, value), option);
  };
}

/** Environment names are keys: Compose does not interpolate them. */
function composeStringKey(key: string): string {
  return key.replace(/\uE000([^\uE001]*)\uE001/g, '$$$1');
}

/** `C:\data:/data` keeps its drive letter; otherwise colons separate source, target and options. */
function splitVolume(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ':') continue;
    const piece = text.slice(start, i);
    // A single drive letter followed by :\ or :/ is part of a Windows path.
    if (/^[A-Za-z]$/.test(piece) && (text[i + 1] === '\\' || text[i + 1] === '/')) continue;
    parts.push(piece);
    start = i + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

function orderService(service: JsonObject): JsonObject {
  const ordered: JsonObject = {};
  for (const key of SERVICE_KEY_ORDER) if (service[key] !== undefined) ordered[key] = service[key]!;
  for (const [key, value] of Object.entries(service)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}
