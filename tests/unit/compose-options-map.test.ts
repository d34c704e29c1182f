import { describe, expect, it } from 'vitest';
import { convertToCompose } from '../../src/core/compose/convert.ts';
import { DOCKER_RUN_OPTIONS } from '../../src/core/compose/options.ts';

type Service = Record<string, unknown>;

interface OptionCase {
  args: string;
  program?: 'docker' | 'podman';
  /** The service's fields besides image (exact). */
  service?: Service;
  networks?: unknown;
  volumes?: unknown;
  /** A warning whose message contains this. */
  warning?: string;
}

/** At least one case per option of the table: `docker run <args> img`. */
const CASES: Record<string, OptionCase[]> = {
  'add-host': [
    {
      args: '--add-host db.local:10.0.0.5 --add-host=host.docker.internal:host-gateway',
      service: { extra_hosts: ['db.local:10.0.0.5', 'host.docker.internal:host-gateway'] },
    },
  ],
  annotation: [{ args: '--annotation com.example.a=1', service: { annotations: { 'com.example.a': '1' } } }],
  attach: [{ args: '-a stdout', service: {}, warning: '-a is left out' }],
  'blkio-weight': [{ args: '--blkio-weight 300', service: { blkio_config: { weight: 300 } } }],
  'blkio-weight-device': [
    {
      args: '--blkio-weight-device /dev/sda:200',
      service: { blkio_config: { weight_device: [{ path: '/dev/sda', weight: 200 }] } },
    },
  ],
  'cap-add': [{ args: '--cap-add NET_ADMIN --cap-add=SYS_TIME', service: { cap_add: ['NET_ADMIN', 'SYS_TIME'] } }],
  'cap-drop': [{ args: '--cap-drop ALL', service: { cap_drop: ['ALL'] } }],
  'cgroup-parent': [{ args: '--cgroup-parent=docker.slice', service: { cgroup_parent: 'docker.slice' } }],
  cgroupns: [{ args: '--cgroupns private', service: { cgroup: 'private' } }],
  cidfile: [{ args: '--cidfile /tmp/id', service: {}, warning: '--cidfile is left out' }],
  'cpu-count': [{ args: '--cpu-count 2', service: { cpu_count: 2 } }],
  'cpu-percent': [{ args: '--cpu-percent 50', service: { cpu_percent: 50 } }],
  'cpu-period': [{ args: '--cpu-period 100000', service: { cpu_period: 100000 } }],
  'cpu-quota': [{ args: '--cpu-quota 50000', service: { cpu_quota: 50000 } }],
  'cpu-rt-period': [{ args: '--cpu-rt-period 1000000', service: { cpu_rt_period: 1000000 } }],
  'cpu-rt-runtime': [{ args: '--cpu-rt-runtime 950000', service: { cpu_rt_runtime: 950000 } }],
  'cpu-shares': [{ args: '-c 512', service: { cpu_shares: 512 } }],
  cpus: [{ args: '--cpus 1.5', service: { deploy: { resources: { limits: { cpus: 1.5 } } } } }],
  'cpuset-cpus': [{ args: '--cpuset-cpus 0-3', service: { cpuset: '0-3' } }],
  'cpuset-mems': [{ args: '--cpuset-mems 0', service: {}, warning: '--cpuset-mems is left out' }],
  detach: [{ args: '-d', service: {}, warning: 'docker compose up -d' }],
  'detach-keys': [{ args: '--detach-keys ctrl-x', service: {}, warning: '--detach-keys is left out' }],
  device: [{ args: '--device /dev/snd:/dev/snd:rwm', service: { devices: ['/dev/snd:/dev/snd:rwm'] } }],
  'device-cgroup-rule': [
    { args: "--device-cgroup-rule 'c 42:* rmw'", service: { device_cgroup_rules: ['c 42:* rmw'] } },
  ],
  'device-read-bps': [
    {
      args: '--device-read-bps /dev/sda:1mb',
      service: { blkio_config: { device_read_bps: [{ path: '/dev/sda', rate: '1mb' }] } },
    },
  ],
  'device-read-iops': [
    {
      args: '--device-read-iops /dev/sda:1000',
      service: { blkio_config: { device_read_iops: [{ path: '/dev/sda', rate: 1000 }] } },
    },
  ],
  'device-write-bps': [
    {
      args: '--device-write-bps /dev/sda:1mb',
      service: { blkio_config: { device_write_bps: [{ path: '/dev/sda', rate: '1mb' }] } },
    },
  ],
  'device-write-iops': [
    {
      args: '--device-write-iops /dev/sda:1000',
      service: { blkio_config: { device_write_iops: [{ path: '/dev/sda', rate: 1000 }] } },
    },
  ],
  dns: [{ args: '--dns 1.1.1.1 --dns 8.8.8.8', service: { dns: ['1.1.1.1', '8.8.8.8'] } }],
  'dns-option': [{ args: '--dns-option ndots:2', service: { dns_opt: ['ndots:2'] } }],
  'dns-search': [{ args: '--dns-search example.com', service: { dns_search: ['example.com'] } }],
  domainname: [{ args: '--domainname example.org', service: { domainname: 'example.org' } }],
  entrypoint: [
    { args: "--entrypoint '/bin/sh -c'", service: { entrypoint: ['/bin/sh -c'] } },
    { args: '--entrypoint ""', service: { entrypoint: [] } },
  ],
  env: [
    {
      args: `-e A=1 --env B="x=y z" -e C -e 'D=$HOME' -e E="it's \\"q\\"" -e=F=1`,
      service: { environment: { A: '1', B: 'x=y z', C: null, D: '$$HOME', E: `it's "q"`, F: '1' } },
    },
  ],
  'env-file': [
    { args: '--env-file ./app.env', service: { env_file: ['./app.env'] }, warning: 'Compose reads it with .env rules' },
  ],
  expose: [{ args: '--expose 80 --expose 9000-9010/udp', service: { expose: ['80', '9000-9010/udp'] } }],
  gpus: [
    {
      args: '--gpus all',
      service: { deploy: { resources: { reservations: { devices: [{ count: 'all', capabilities: ['gpu'] }] } } } },
    },
    {
      args: '--gpus 2',
      service: { deploy: { resources: { reservations: { devices: [{ count: 2, capabilities: ['gpu'] }] } } } },
    },
    {
      args: `--gpus '"device=0,2",capabilities=compute,driver=nvidia'`,
      service: {
        deploy: {
          resources: {
            reservations: { devices: [{ driver: 'nvidia', device_ids: ['0', '2'], capabilities: ['compute'] }] },
          },
        },
      },
    },
  ],
  'group-add': [{ args: '--group-add audio', service: { group_add: ['audio'] } }],
  'health-cmd': [
    {
      args: `--health-cmd 'pg_isready -U postgres || exit 1'`,
      service: { healthcheck: { test: ['CMD-SHELL', 'pg_isready -U postgres || exit 1'] } },
    },
  ],
  'health-interval': [{ args: '--health-interval 1m30s', service: { healthcheck: { interval: '1m30s' } } }],
  'health-retries': [{ args: '--health-retries 5', service: { healthcheck: { retries: 5 } } }],
  'health-start-interval': [{ args: '--health-start-interval 5s', service: { healthcheck: { start_interval: '5s' } } }],
  'health-start-period': [{ args: '--health-start-period 40s', service: { healthcheck: { start_period: '40s' } } }],
  'health-timeout': [{ args: '--health-timeout 500ms', service: { healthcheck: { timeout: '500ms' } } }],
  help: [{ args: '--help', service: {}, warning: 'prints docker’s usage' }],
  hostname: [{ args: '-h box', service: { hostname: 'box' } }],
  init: [{ args: '--init', service: { init: true } }],
  interactive: [{ args: '-i', service: { stdin_open: true } }],
  'io-maxbandwidth': [{ args: '--io-maxbandwidth 10m', service: {}, warning: 'Windows containers only' }],
  'io-maxiops': [{ args: '--io-maxiops 100', service: {}, warning: 'Windows containers only' }],
  ip: [
    {
      args: '--network app --ip 172.20.0.5',
      service: { networks: { app: { ipv4_address: '172.20.0.5' } } },
      networks: { app: {} },
    },
    { args: '--ip 172.20.0.5', service: {}, warning: 'needs a user-defined network' },
  ],
  ip6: [
    {
      args: '--network app --ip6 2001:db8::33',
      service: { networks: { app: { ipv6_address: '2001:db8::33' } } },
      networks: { app: {} },
    },
  ],
  ipc: [{ args: '--ipc=shareable', service: { ipc: 'shareable' } }],
  isolation: [{ args: '--isolation hyperv', service: { isolation: 'hyperv' } }],
  label: [{ args: '-l a=1 --label b', service: { labels: { a: '1', b: '' } } }],
  'label-file': [{ args: '--label-file ./labels', service: { label_file: ['./labels'] } }],
  link: [{ args: '--link db:database', service: { links: ['db:database'] } }],
  'link-local-ip': [
    {
      args: '--network app --link-local-ip 169.254.1.1',
      service: { networks: { app: { link_local_ips: ['169.254.1.1'] } } },
      networks: { app: {} },
    },
  ],
  'log-driver': [{ args: '--log-driver journald', service: { logging: { driver: 'journald' } } }],
  'log-opt': [
    {
      args: '--log-opt max-size=10m --log-opt max-file=3',
      service: { logging: { options: { 'max-size': '10m', 'max-file': '3' } } },
    },
  ],
  'mac-address': [{ args: '--mac-address 92:d0:c6:0a:29:33', service: { mac_address: '92:d0:c6:0a:29:33' } }],
  memory: [{ args: '-m 512m', service: { deploy: { resources: { limits: { memory: '512m' } } } } }],
  'memory-reservation': [
    { args: '--memory-reservation 256m', service: { deploy: { resources: { reservations: { memory: '256m' } } } } },
  ],
  'memory-swap': [{ args: '--memory-swap -1', service: { memswap_limit: -1 } }],
  'memory-swappiness': [{ args: '--memory-swappiness 0', service: { mem_swappiness: 0 } }],
  mount: [
    {
      args: '--mount type=bind,source=/srv/data,target=/data,readonly,bind-propagation=rslave',
      service: {
        volumes: [
          { type: 'bind', source: '/srv/data', target: '/data', read_only: true, bind: { propagation: 'rslave' } },
        ],
      },
    },
    {
      args: '--mount type=volume,src=cache,dst=/cache,volume-nocopy,volume-driver=local,volume-opt=type=tmpfs,volume-opt=device=tmpfs',
      service: { volumes: [{ type: 'volume', source: 'cache', target: '/cache', volume: { nocopy: true } }] },
      volumes: { cache: { driver: 'local', driver_opts: { type: 'tmpfs', device: 'tmpfs' } } },
    },
    {
      args: '--mount type=tmpfs,destination=/scratch,tmpfs-size=64m,tmpfs-mode=1770',
      service: { volumes: [{ type: 'tmpfs', target: '/scratch', tmpfs: { size: '64m', mode: 0o1770 } }] },
    },
  ],
  name: [{ args: '--name=/web', service: { container_name: 'web' } }],
  network: [
    { args: '--network host', service: { network_mode: 'host' } },
    { args: '--network container:db', service: { network_mode: 'container:db' } },
    {
      args: '--network front --network name=back,alias=api,ip=10.1.0.9',
      service: { networks: { front: null, back: { aliases: ['api'], ipv4_address: '10.1.0.9' } } },
      networks: { front: {}, back: {} },
    },
  ],
  'network-alias': [
    {
      args: '--network app --network-alias api --network-alias web',
      service: { networks: { app: { aliases: ['api', 'web'] } } },
      networks: { app: {} },
    },
  ],
  'no-healthcheck': [{ args: '--no-healthcheck', service: { healthcheck: { disable: true } } }],
  'oom-kill-disable': [{ args: '--oom-kill-disable', service: { oom_kill_disable: true } }],
  'oom-score-adj': [{ args: '--oom-score-adj -500', service: { oom_score_adj: -500 } }],
  pid: [{ args: '--pid host', service: { pid: 'host' } }],
  'pids-limit': [{ args: '--pids-limit 200', service: { pids_limit: 200 } }],
  platform: [{ args: '--platform linux/arm64', service: { platform: 'linux/arm64' } }],
  privileged: [{ args: '--privileged', service: { privileged: true } }],
  publish: [
    {
      args: '-p 8080:80 -p 127.0.0.1:53:53/udp -p 9000-9002:9000-9002 -p 3000 -p [::1]:5432:5432 -p 22:22',
      service: {
        ports: [
          '8080:80',
          '127.0.0.1:53:53/udp',
          '9000-9002:9000-9002',
          '3000',
          { target: 5432, published: '5432', host_ip: '::1' },
          '22:22',
        ],
      },
    },
  ],
  'publish-all': [{ args: '-P', service: {}, warning: 'cannot publish every exposed port' }],
  pull: [{ args: '--pull always', service: { pull_policy: 'always' } }],
  quiet: [{ args: '-q', service: {}, warning: '-q is left out' }],
  'read-only': [{ args: '--read-only', service: { read_only: true } }],
  restart: [{ args: '--restart on-failure:5', service: { restart: 'on-failure:5' } }],
  rm: [
    { args: '--rm', service: {}, warning: 'docker compose run --rm' },
    { args: '--rm=false', service: {} },
  ],
  runtime: [{ args: '--runtime nvidia', service: { runtime: 'nvidia' } }],
  'security-opt': [
    {
      args: '--security-opt no-new-privileges:true --security-opt label=disable',
      service: { security_opt: ['no-new-privileges:true', 'label=disable'] },
    },
  ],
  'shm-size': [{ args: '--shm-size 2g', service: { shm_size: '2g' } }],
  'sig-proxy': [{ args: '--sig-proxy=false', service: {}, warning: '--sig-proxy is left out' }],
  'stop-signal': [{ args: '--stop-signal SIGINT', service: { stop_signal: 'SIGINT' } }],
  'stop-timeout': [{ args: '--stop-timeout 30', service: { stop_grace_period: '30s' } }],
  'storage-opt': [{ args: '--storage-opt size=20G', service: { storage_opt: { size: '20G' } } }],
  sysctl: [{ args: '--sysctl net.core.somaxconn=1024', service: { sysctls: { 'net.core.somaxconn': '1024' } } }],
  tmpfs: [{ args: '--tmpfs /tmp --tmpfs /run:size=64m', service: { tmpfs: ['/tmp', '/run:size=64m'] } }],
  tty: [{ args: '-t', service: { tty: true } }],
  ulimit: [
    {
      args: '--ulimit nofile=1024:65536 --ulimit nproc=512',
      service: { ulimits: { nofile: { soft: 1024, hard: 65536 }, nproc: 512 } },
    },
  ],
  'use-api-socket': [{ args: '--use-api-socket', service: { use_api_socket: true } }],
  user: [{ args: '-u 1000:1000', service: { user: '1000:1000' } }],
  userns: [{ args: '--userns host', service: { userns_mode: 'host' } }],
  uts: [{ args: '--uts host', service: { uts: 'host' } }],
  volume: [
    {
      args: '-v data:/var/lib/data -v /etc/tz:/etc/tz:ro,Z -v ./cfg:/cfg:rshared -v cache:/cache:nocopy -v /anon',
      service: {
        volumes: [
          'data:/var/lib/data',
          '/etc/tz:/etc/tz:ro,Z',
          { type: 'bind', source: './cfg', target: '/cfg', bind: { propagation: 'rshared' } },
          { type: 'volume', source: 'cache', target: '/cache', volume: { nocopy: true } },
          '/anon',
        ],
      },
      volumes: { data: {}, cache: {} },
    },
  ],
  'volume-driver': [{ args: '--volume-driver convoy', service: {}, warning: '--volume-driver is left out' }],
  'volumes-from': [{ args: '--volumes-from other:ro', service: { volumes_from: ['other:ro'] } }],
  workdir: [{ args: '-w /app', service: { working_dir: '/app' } }],
  net: [
    {
      args: '--net app',
      service: { networks: ['app'] },
      networks: { app: {} },
      warning: 'older spelling of --network',
    },
  ],
  'net-alias': [
    { args: '--net app --net-alias api', service: { networks: { app: { aliases: ['api'] } } }, networks: { app: {} } },
  ],
  'dns-opt': [{ args: '--dns-opt use-vc', service: { dns_opt: ['use-vc'] } }],
  'kernel-memory': [{ args: '--kernel-memory 50m', service: {}, warning: 'no longer supported by the kernel' }],
  'disable-content-trust': [{ args: '--disable-content-trust', service: {}, warning: 'content trust' }],
  pod: [{ program: 'podman', args: '--pod mypod', service: {}, warning: 'pods are podman’s own' }],
  replace: [{ program: 'podman', args: '--replace', service: {}, warning: '--replace is left out' }],
  systemd: [{ program: 'podman', args: '--systemd=always', service: {}, warning: 'systemd' }],
  tz: [{ program: 'podman', args: '--tz Europe/Paris', service: {}, warning: 'TZ environment variable' }],
  'userns-keep-id': [{ program: 'podman', args: '--userns-keep-id', service: {}, warning: 'keep-id' }],
  secret: [{ program: 'podman', args: '--secret db_pass', service: {}, warning: 'Compose secrets' }],
  'http-proxy': [{ program: 'podman', args: '--http-proxy=false', service: {}, warning: 'proxy' }],
  'tls-verify': [{ program: 'podman', args: '--tls-verify=false', service: {}, warning: 'registry TLS' }],
  authfile: [{ program: 'podman', args: '--authfile auth.json', service: {}, warning: 'registry credentials' }],
};

describe('every option of the table', () => {
  it('has at least one case', () => {
    const missing = DOCKER_RUN_OPTIONS.map((spec) => spec.long).filter((long) => !CASES[long]);
    expect(missing).toEqual([]);
  });

  const all = Object.entries(CASES).flatMap(([option, cases]) => cases.map((c) => [option, c.args, c] as const));
  it.each(all)('--%s: %s', (_option, _args, c) => {
    const result = convertToCompose(`${c.program ?? 'docker'} run ${c.args} img`);
    const data = result.data as { services: Record<string, Service>; networks?: unknown; volumes?: unknown };
    const [service] = Object.values(data.services);
    const { image, ...fields } = service!;
    expect(image).toBe('img');
    expect(fields).toEqual(c.service);
    expect(data.networks).toEqual(c.networks);
    expect(data.volumes).toEqual(c.volumes);
    if (c.warning) expect(result.warnings.map((w) => w.message).join('\n')).toContain(c.warning);
    expect(result.validation.problems).toEqual([]);
  });
});
