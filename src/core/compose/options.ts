/**
 * The options of `docker container run` (and `docker create`, which takes the same ones less the few that only
 * matter while attached), as a table the Compose converter reads a pasted command against.
 *
 * The baseline is docker's own reference, `docs/reference/commandline/container_run.md` of docker/cli (a copy of its
 * options table is the test fixture `tests/fixtures/docker/container_run-options.md`, and a test checks this table
 * against it), plus the hidden and deprecated spellings docker/cli still accepts (`opts.go`, `run.go`). A few
 * podman-only options follow, so a `podman run` that uses them is read rather than refused.
 *
 * Every option either maps to a field of a Compose service (`compose`, a path in the Compose Specification:
 * https://github.com/compose-spec/compose-spec/blob/main/05-services.md) or says why Compose has no equivalent
 * (`unsupported`), which the converter reports as a warning at the option.
 *
 * How docker reads its options (spf13/pflag): `--name value` or `--name=value`; a boolean takes no value except as
 * `--rm=false`; short options bundle (`-itd`), and the last of a bundle may take its value attached (`-dp80:80`,
 * `-p=80:80`) or as the next word; the options end at the first word that is not one (the image), or at `--`.
 */

/** The value types docker's reference gives (its Type column). */
export type DockerValueType =
  | 'bool'
  | 'string'
  | 'list'
  | 'map'
  | 'int'
  | 'int64'
  | 'uint16'
  | 'uint64'
  | 'decimal'
  | 'bytes'
  | 'duration'
  | 'ip'
  | 'ulimit'
  | 'mount'
  | 'network'
  | 'gpu-request';

export interface DockerOptionSpec {
  /** Long name without the dashes, e.g. 'publish'. */
  long: string;
  /** Single-letter form, e.g. 'p'. */
  short?: string;
  type: DockerValueType;
  /** Where it goes in a Compose service: a dotted path ('deploy.resources.limits.cpus'). */
  compose?: string;
  /** Why Compose has no equivalent: said in the warning at the option. */
  unsupported?: string;
  /** The long name this spelling stands for (`net` → `network`). */
  alias?: string;
  /** Accepted but not in docker's reference: a hidden alias, or deprecated. */
  hidden?: boolean;
  /** Only `podman run` knows it. */
  podman?: boolean;
  /** May be given more than once, each adding to the list. */
  repeatable?: boolean;
  /** A boolean that is on unless switched off (`--sig-proxy=false`). */
  defaultOn?: boolean;
}

const LIST_TYPES: ReadonlySet<DockerValueType> = new Set(['list', 'map', 'ulimit', 'mount', 'network']);

function o(
  long: string,
  type: DockerValueType,
  where: { compose: string } | { unsupported: string },
  extra: Partial<DockerOptionSpec> = {},
): DockerOptionSpec {
  return { long, type, ...where, repeatable: LIST_TYPES.has(type), ...extra };
}

const map = (compose: string) => ({ compose });
const warn = (unsupported: string) => ({ unsupported });

/** `docker compose up` output, not part of the file. */
const OUTPUT = 'it changes what the docker command prints, and a Compose file has no equivalent';
const WINDOWS_ONLY = 'it applies to Windows containers only';

/** Every option of `docker container run`, alphabetically, then the hidden ones and podman's. */
export const DOCKER_RUN_OPTIONS: readonly DockerOptionSpec[] = [
  o('add-host', 'list', map('extra_hosts')),
  o('annotation', 'map', map('annotations')),
  o(
    'attach',
    'list',
    warn('Compose attaches to every service it starts in the foreground; choose with `docker compose up --attach`'),
    { short: 'a' },
  ),
  o('blkio-weight', 'uint16', map('blkio_config.weight')),
  o('blkio-weight-device', 'list', map('blkio_config.weight_device')),
  o('cap-add', 'list', map('cap_add')),
  o('cap-drop', 'list', map('cap_drop')),
  o('cgroup-parent', 'string', map('cgroup_parent')),
  o('cgroupns', 'string', map('cgroup')),
  o('cidfile', 'string', warn('Compose does not write container ids to files; `docker compose ps -q` prints them')),
  o('cpu-count', 'int64', map('cpu_count')),
  o('cpu-percent', 'int64', map('cpu_percent')),
  o('cpu-period', 'int64', map('cpu_period')),
  o('cpu-quota', 'int64', map('cpu_quota')),
  o('cpu-rt-period', 'int64', map('cpu_rt_period')),
  o('cpu-rt-runtime', 'int64', map('cpu_rt_runtime')),
  o('cpu-shares', 'int64', map('cpu_shares'), { short: 'c' }),
  o('cpus', 'decimal', map('deploy.resources.limits.cpus')),
  o('cpuset-cpus', 'string', map('cpuset')),
  o('cpuset-mems', 'string', warn('the Compose Specification has no field for memory nodes (only `cpuset` for CPUs)')),
  o('detach', 'bool', warn('detaching is chosen when starting: `docker compose up -d`'), { short: 'd' }),
  o('detach-keys', 'string', warn('the detach keys are chosen when attaching (`docker compose attach --detach-keys`)')),
  o('device', 'list', map('devices')),
  o('device-cgroup-rule', 'list', map('device_cgroup_rules')),
  o('device-read-bps', 'list', map('blkio_config.device_read_bps')),
  o('device-read-iops', 'list', map('blkio_config.device_read_iops')),
  o('device-write-bps', 'list', map('blkio_config.device_write_bps')),
  o('device-write-iops', 'list', map('blkio_config.device_write_iops')),
  o('dns', 'list', map('dns')),
  o('dns-option', 'list', map('dns_opt')),
  o('dns-search', 'list', map('dns_search')),
  o('domainname', 'string', map('domainname')),
  o('entrypoint', 'string', map('entrypoint')),
  o('env', 'list', map('environment'), { short: 'e' }),
  o('env-file', 'list', map('env_file')),
  o('expose', 'list', map('expose')),
  o('gpus', 'gpu-request', map('deploy.resources.reservations.devices'), { repeatable: false }),
  o('group-add', 'list', map('group_add')),
  o('health-cmd', 'string', map('healthcheck.test')),
  o('health-interval', 'duration', map('healthcheck.interval')),
  o('health-retries', 'int', map('healthcheck.retries')),
  o('health-start-interval', 'duration', map('healthcheck.start_interval')),
  o('health-start-period', 'duration', map('healthcheck.start_period')),
  o('health-timeout', 'duration', map('healthcheck.timeout')),
  o('help', 'bool', warn('it prints docker’s usage instead of running anything')),
  o('hostname', 'string', map('hostname'), { short: 'h' }),
  o('init', 'bool', map('init')),
  o('interactive', 'bool', map('stdin_open'), { short: 'i' }),
  o('io-maxbandwidth', 'bytes', warn(`${WINDOWS_ONLY}, and the Compose Specification has no field for it`)),
  o('io-maxiops', 'uint64', warn(`${WINDOWS_ONLY}, and the Compose Specification has no field for it`)),
  o('ip', 'ip', map('networks.*.ipv4_address')),
  o('ip6', 'ip', map('networks.*.ipv6_address')),
  o('ipc', 'string', map('ipc')),
  o('isolation', 'string', map('isolation')),
  o('label', 'list', map('labels'), { short: 'l' }),
  o('label-file', 'list', map('label_file')),
  o('link', 'list', map('links')),
  o('link-local-ip', 'list', map('networks.*.link_local_ips')),
  o('log-driver', 'string', map('logging.driver')),
  o('log-opt', 'list', map('logging.options')),
  o('mac-address', 'string', map('mac_address')),
  o('memory', 'bytes', map('deploy.resources.limits.memory'), { short: 'm' }),
  o('memory-reservation', 'bytes', map('deploy.resources.reservations.memory')),
  o('memory-swap', 'bytes', map('memswap_limit')),
  o('memory-swappiness', 'int64', map('mem_swappiness')),
  o('mount', 'mount', map('volumes')),
  o('name', 'string', map('container_name')),
  o('network', 'network', map('networks')),
  o('network-alias', 'list', map('networks.*.aliases')),
  o('no-healthcheck', 'bool', map('healthcheck.disable')),
  o('oom-kill-disable', 'bool', map('oom_kill_disable')),
  o('oom-score-adj', 'int', map('oom_score_adj')),
  o('pid', 'string', map('pid')),
  o('pids-limit', 'int64', map('pids_limit')),
  o('platform', 'string', map('platform')),
  o('privileged', 'bool', map('privileged')),
  o('publish', 'list', map('ports'), { short: 'p' }),
  o(
    'publish-all',
    'bool',
    warn(
      'the Compose Specification cannot publish every exposed port; list them under `ports` (e.g. "8080" for a random host port)',
    ),
    { short: 'P' },
  ),
  o('pull', 'string', map('pull_policy')),
  o('quiet', 'bool', warn(OUTPUT), { short: 'q' }),
  o('read-only', 'bool', map('read_only')),
  o('restart', 'string', map('restart')),
  o(
    'rm',
    'bool',
    warn(
      'Compose keeps a service’s container until `docker compose down`; for a one-off run use `docker compose run --rm`',
    ),
  ),
  o('runtime', 'string', map('runtime')),
  o('security-opt', 'list', map('security_opt')),
  o('shm-size', 'bytes', map('shm_size')),
  o('sig-proxy', 'bool', warn('Compose forwards signals to attached services itself; it has no such setting'), {
    defaultOn: true,
  }),
  o('stop-signal', 'string', map('stop_signal')),
  o('stop-timeout', 'int', map('stop_grace_period')),
  o('storage-opt', 'list', map('storage_opt')),
  o('sysctl', 'map', map('sysctls')),
  o('tmpfs', 'list', map('tmpfs')),
  o('tty', 'bool', map('tty'), { short: 't' }),
  o('ulimit', 'ulimit', map('ulimits')),
  o('use-api-socket', 'bool', map('use_api_socket')),
  o('user', 'string', map('user'), { short: 'u' }),
  o('userns', 'string', map('userns_mode')),
  o('uts', 'string', map('uts')),
  o('volume', 'list', map('volumes'), { short: 'v' }),
  o(
    'volume-driver',
    'string',
    warn('Compose sets a driver per volume: give each named volume a `driver` under the top-level `volumes`'),
  ),
  o('volumes-from', 'list', map('volumes_from')),
  o('workdir', 'string', map('working_dir'), { short: 'w' }),

  // Hidden or deprecated, still accepted by docker/cli.
  o('net', 'network', map('networks'), { alias: 'network', hidden: true }),
  o('net-alias', 'list', map('networks.*.aliases'), { alias: 'network-alias', hidden: true }),
  o('dns-opt', 'list', map('dns_opt'), { alias: 'dns-option', hidden: true }),
  o('kernel-memory', 'bytes', warn('it is deprecated and no longer supported by the kernel'), { hidden: true }),
  o('disable-content-trust', 'bool', warn('docker no longer supports content trust, and Compose has no such setting'), {
    hidden: true,
  }),

  // podman run only.
  o('pod', 'string', warn('pods are podman’s own; Compose groups services in a project instead'), { podman: true }),
  o('replace', 'bool', warn('Compose replaces a changed service’s container on its own'), { podman: true }),
  o('systemd', 'string', warn('podman’s systemd mode has no Compose field'), { podman: true }),
  o('tz', 'string', warn('set the time zone with the TZ environment variable, or mount /etc/localtime'), {
    podman: true,
  }),
  o('userns-keep-id', 'bool', warn('podman’s keep-id user namespace has no Compose field'), {
    podman: true,
    hidden: true,
  }),
  o('secret', 'list', warn('Compose secrets are declared at the top level and granted per service under `secrets`'), {
    podman: true,
  }),
  o('http-proxy', 'bool', warn('podman’s proxy variable passing has no Compose field'), {
    podman: true,
    defaultOn: true,
  }),
  o('tls-verify', 'bool', warn('registry TLS is set when pulling, not in the Compose file'), {
    podman: true,
    defaultOn: true,
  }),
  o('authfile', 'string', warn('registry credentials are not part of a Compose file'), { podman: true }),
];

const BY_LONG = new Map(DOCKER_RUN_OPTIONS.map((spec) => [spec.long, spec]));
const BY_SHORT = new Map(DOCKER_RUN_OPTIONS.filter((spec) => spec.short).map((spec) => [spec.short!, spec]));

/** The option a long name means for this program, or undefined when that program refuses it. */
export function findLong(name: string, program: 'docker' | 'podman' = 'docker'): DockerOptionSpec | undefined {
  const spec = BY_LONG.get(name);
  if (!spec || (spec.podman && program !== 'podman')) return undefined;
  return spec;
}

export function findShort(letter: string): DockerOptionSpec | undefined {
  return BY_SHORT.get(letter);
}

/** The name an option is known by (`network` for `--net`). */
export function canonicalName(spec: DockerOptionSpec): string {
  return spec.alias ?? spec.long;
}

export function takesValue(spec: DockerOptionSpec): boolean {
  return spec.type !== 'bool';
}

/** The options of docker's reference (hidden and podman-only ones left out). */
export const REFERENCE_OPTIONS: readonly DockerOptionSpec[] = DOCKER_RUN_OPTIONS.filter(
  (spec) => !spec.hidden && !spec.podman,
);

/** How many of docker's reference options map to Compose, how many are warned about. */
export function optionCoverage(): { mapped: number; warned: number; total: number } {
  const mapped = REFERENCE_OPTIONS.filter((spec) => spec.compose !== undefined).length;
  return { mapped, warned: REFERENCE_OPTIONS.length - mapped, total: REFERENCE_OPTIONS.length };
}

/** The reference's section for an option. */
export function referenceUrl(spec: DockerOptionSpec): string {
  return spec.podman
    ? 'https://docs.podman.io/en/latest/markdown/podman-run.1.html'
    : 'https://docs.docker.com/reference/cli/docker/container/run/';
}

/** For an unknown long option, the closest known name (edit distance up to a third of its length). */
export function suggestLong(name: string, program: 'docker' | 'podman' = 'docker'): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const spec of DOCKER_RUN_OPTIONS) {
    if (spec.podman && program !== 'podman') continue;
    const distance = editDistance(name, spec.long);
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) {
      best = { name: spec.long, distance };
    }
  }
  return best && `--${best.name}`;
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}
