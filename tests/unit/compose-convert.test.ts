import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ComposeError, convertToCompose } from '../../src/core/compose/convert.ts';
import { parseDockerRuns } from '../../src/core/compose/parse.ts';

type File = {
  services: Record<string, Record<string, unknown>>;
  networks?: Record<string, unknown>;
  volumes?: Record<string, unknown>;
};
const data = (text: string, options = {}) => convertToCompose(text, options).data as File;

function error(text: string, options = {}): ComposeError {
  try {
    convertToCompose(text, options);
  } catch (e) {
    if (e instanceof ComposeError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('reading docker run as docker does', () => {
  it('bundles short booleans, attaches values with or without =, and reads --flag=value and --flag value alike', () => {
    const [run] = parseDockerRuns('docker run -itd -p80:80 -p=81:81 -dp 82:82 --name=a --hostname b img').runs;
    expect(run!.options.map((o) => [o.written, o.value])).toEqual([
      ['-i', true],
      ['-t', true],
      ['-d', true],
      ['-p', '80:80'],
      ['-p', '81:81'],
      ['-d', true],
      ['-p', '82:82'],
      ['--name', 'a'],
      ['--hostname', 'b'],
    ]);
  });

  it('stops reading options at the image (later words are the command) and at --', () => {
    expect(data('docker run img -p 80:80').services.img).toEqual({ image: 'img', command: ['-p', '80:80'] });
    expect(data('docker run -e A=1 -- img --rm').services.img).toEqual({
      image: 'img',
      command: ['--rm'],
      environment: { A: '1' },
    });
  });

  it('reads docker run, docker container run, docker create, podman run and a full path; skips sudo and global options', () => {
    const result = convertToCompose(
      'sudo docker -H tcp://10.0.0.2:2375 run a\n/usr/bin/docker container run b\ndocker create c\npodman run d\ndocker container create e',
    );
    expect(result.services.map((s) => s.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.warnings.filter((w) => w.code === 'prefix-ignored').map((w) => w.span?.line)).toEqual([1, 1, 1]);
  });

  it('makes one service per command, with distinct names, and leaves out other commands with a warning at them', () => {
    const result = convertToCompose(
      'docker network create net\ndocker run nginx\ndocker run nginx:alpine\nmkdir -p /srv\ndocker run --name nginx nginx:1',
    );
    expect(result.services.map((s) => s.name)).toEqual(['nginx', 'nginx-2', 'nginx-3']);
    expect(result.warnings[0]!.message).toBe(
      '“docker network create” is left out: Compose creates the networks the services use, declared at the top level of the file.',
    );
    const ignored = result.warnings.filter((w) => w.code === 'command-ignored');
    expect(ignored.map((w) => [w.span?.line, w.span?.column])).toEqual([
      [1, 1],
      [4, 1],
    ]);
    expect(result.warnings.filter((w) => w.code === 'service-renamed').map((w) => w.span?.line)).toEqual([3, 5]);
  });

  it('names a service from --name, else from the image without registry, path, tag or digest', () => {
    expect(Object.keys(data('docker run registry.example.com:5000/team/api-server:1.2@sha256:abc').services)).toEqual([
      'api-server',
    ]);
    expect(Object.keys(data('docker run --name "My App!" img').services)).toEqual(['My-App']);
  });

  it('reads cmd and PowerShell pastes through their own rules', () => {
    expect(convertToCompose('docker run ^\n  -e "A=1 2" ^\n  img').dialect).toBe('cmd');
    expect(data('docker run ^\n  -e "A=1 2" ^\n  img').services.img!.environment).toEqual({ A: '1 2' });
    expect(convertToCompose('docker run `\n  -e "A=$env:USER" `\n  img').dialect).toBe('powershell');
    expect(data('docker run `\n  -e "A=$env:USER" `\n  img').services.img!.environment).toEqual({ A: '${USER}' });
  });
});

describe('errors docker would give, with their place', () => {
  it.each([
    ['docker run --publsh 80:80 nginx', 'unknown-option', 1, 12, /did you mean --publish/],
    ['docker run -x nginx', 'unknown-option', 1, 12, /"-x"/],
    ['docker run -itx nginx', 'unknown-option', 1, 15, /"-x" in "-itx"/],
    ['docker run \\\n  --pod p nginx', 'unknown-option', 2, 3, /option of podman run/],
    ['docker run -d --name', 'missing-argument', 1, 15, /--name needs a value/],
    ['docker run -d -p 80:80', 'no-image', 1, 23, /No image/],
    ["docker run -e 'A=1 nginx", 'unterminated-quote', 1, 15, /never closed/],
    ['docker run -p 80:abc nginx', 'bad-port', 1, 15, /container port/],
    ['docker run --restart sometimes nginx', 'bad-restart', 1, 22, /on-failure/],
    ['docker run --memory lots nginx', 'bad-size', 1, 21, /512m/],
    ['docker run --rm=maybe nginx', 'bad-boolean', 1, 12, /true or false/],
    ['docker run --oom-score-adj xxx nginx', 'bad-number', 1, 28, /whole number/],
    ['ls -la\necho hi', 'no-docker-run', 1, 1, /No docker run command/],
    ['   ', 'empty', 1, 1, /empty/],
  ])('%j', (text, code, line, column, message) => {
    const e = error(text);
    expect(e.code).toBe(code);
    expect([e.span.line, e.span.column]).toEqual([line, column]);
    expect(e.detail).toMatch(message);
    expect(e.message).toContain(`line ${line}, column ${column}`);
  });
});

describe('values for Compose', () => {
  it('doubles a literal $ and turns shell variables into ${NAME}, which Compose fills in from the environment', () => {
    const service = data(
      `docker run -e 'PRICE=$5' -e "HOME_DIR=$HOME" -e TAG=\${TAG:-latest} img:\${TAG} sh -c 'echo $PATH'`,
    ).services.img!;
    expect(service.environment).toEqual({ PRICE: '$$5', HOME_DIR: '${HOME}', TAG: '${TAG}' });
    expect(service.image).toBe('img:${TAG}');
    expect(service.command).toEqual(['sh', '-c', 'echo $$PATH']);
  });

  it('keeps docker’s exec form: the command as a list, never re-split by a shell', () => {
    expect(data(`docker run alpine sh -c "sleep 1 && echo 'a b'"`).services.alpine!.command).toEqual([
      'sh',
      '-c',
      "sleep 1 && echo 'a b'",
    ]);
  });

  it('quotes only what a YAML reader would misread', () => {
    const { yaml } = convertToCompose(
      'docker run -p 22:22 -p 8080:80 -e ON=yes -e N=1000 -e S="a: b" -e PLAIN=hello img',
    );
    expect(yaml).toContain('- "22:22"');
    expect(yaml).toContain('- 8080:80');
    expect(yaml).toContain('"ON": "yes"'); // ON is a boolean in YAML 1.1, as a key too
    expect(yaml).toContain('"N": "1000"');
    expect(yaml).toContain('S: "a: b"');
    expect(yaml).toContain('PLAIN: hello');
    expect(parse(yaml, { version: '1.1' }).services.img.ports).toEqual(['22:22', '8080:80']);
  });

  it('writes a stable key order: image first, deploy last, top-level networks and volumes after services', () => {
    const { yaml } = convertToCompose(
      'docker run --cpus 1 -v data:/d --network n -e A=1 --name x -p 1:1 --restart always img',
    );
    const keys = yaml
      .split('\n')
      .filter((line) => /^ {4}\w|^\w/.test(line))
      .map((line) => line.trim().split(':')[0]);
    expect(keys).toEqual([
      'services',
      'image',
      'container_name',
      'restart',
      'environment',
      'ports',
      'volumes',
      'networks',
      'deploy',
      'networks',
      'volumes',
    ]);
  });
});

describe('warnings as YAML comments', () => {
  it('puts each service’s warnings above it, with line and column', () => {
    const { yaml, warnings } = convertToCompose('docker run --rm -d nginx\ndocker ps -a', {
      comments: true,
    });
    expect(yaml).toMatch(/^# 2:1 “docker ps -a” is not a docker run command: it is left out\.\n/);
    expect(yaml).toContain('  # 1:12 --rm is left out');
    expect(yaml).toContain('  # 1:17 -d is left out');
    expect(warnings).toHaveLength(3);
    expect(parse(yaml)).toEqual({ services: { nginx: { image: 'nginx' } } });
  });
});

describe('merging into an existing Compose file', () => {
  const existing =
    '# my stack\nservices:\n  web:\n    image: nginx # pinned later\n    container_name: front\nvolumes:\n  data: {}\n';

  it('adds the new services and what they use, keeping the file as written', () => {
    const result = convertToCompose(
      'docker run --name db -v data:/var/lib/postgresql/data -v logs:/logs --network back postgres:16',
      { existing },
    );
    expect(result.yaml.startsWith('# my stack\nservices:\n  web:\n    image: nginx # pinned later\n')).toBe(true);
    expect(result.data).toEqual({
      services: {
        web: { image: 'nginx', container_name: 'front' },
        db: {
          image: 'postgres:16',
          container_name: 'db',
          volumes: ['data:/var/lib/postgresql/data', 'logs:/logs'],
          networks: ['back'],
        },
      },
      volumes: { data: {}, logs: {} },
      networks: { back: {} },
    });
    expect(result.validation.valid).toBe(true);
    expect(result.mergeWarnings).toEqual([]);
  });

  it('reports a service name or container name the file already has, and adds the new service under a free name', () => {
    const result = convertToCompose('docker run --name front nginx:alpine\ndocker run -p 80:80 web', { existing });
    expect(result.services.map((s) => s.name)).toEqual(['front', 'web-2']);
    expect(result.mergeWarnings.map((w) => [w.code, w.span?.line])).toEqual([
      ['container-name-clash', 1],
      ['service-clash', 2],
    ]);
    expect(Object.keys((result.data as File).services)).toEqual(['web', 'front', 'web-2']);
  });

  it('refuses an existing file that is not YAML or not a Compose mapping, saying where', () => {
    const bad = error('docker run nginx', { existing: 'services:\n  web: [1,\n' });
    expect(bad.input).toBe('existing');
    expect(bad.code).toBe('existing-yaml');
    expect(bad.span.line).toBe(3);
    expect(error('docker run nginx', { existing: '- a\n- b\n' }).code).toBe('existing-not-compose');
    expect(error('docker run nginx', { existing: 'services: 3\n' }).code).toBe('existing-not-compose');
  });

  it('treats an empty or comment-only file as no file', () => {
    expect(Object.keys(data('docker run nginx', { existing: '   \n' }).services)).toEqual(['nginx']);
    expect(convertToCompose('docker run nginx', { existing: '# nothing yet\n' }).yaml).toBe(
      '# nothing yet\n\nservices:\n  nginx:\n    image: nginx\n',
    );
  });
});

describe('schema validation', () => {
  it('reports what the Compose Specification refuses, with where', async () => {
    const { validateCompose } = await import('../../src/core/compose/validate.ts');
    const result = validateCompose({ services: { web: { image: 'x', ports: 'oops', bogus: 1 } } });
    expect(result.valid).toBe(false);
    expect(result.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['services.web.ports', 'services.web']));
  });
});
