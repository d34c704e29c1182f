/**
 * Java and Kotlin programs. Libraries come from Maven Central, pinned in
 * `tests/equivalence/jvm/pom.xml` (OkHttp and its dependencies) and
 * `tests/equivalence/jvm/kotlin-compiler/pom.xml` (the Kotlin compiler, run
 * with `java -cp`), `tests/equivalence/jvm/kotlin-formatter/pom.xml` (ktlint,
 * which checks the Kotlin programs' layout) and
 * `tests/equivalence/jvm/java-formatter/pom.xml` (google-java-format, which
 * checks the Java programs' layout), copied into `.equivalence/cache/jvm/` by
 * Maven once.
 *
 * Each program is `<id>/Main.java` (or `<id>/Main.kt`) with a `package <id>`
 * line put in front, so that a whole batch compiles with one `javac` or one
 * Kotlin compiler run; warnings (`-Xlint:all`, Kotlin's warnings) are problems
 * of the program they name. Runs are many short JVMs, so start-up is cut: an
 * application class-data sharing archive of the JDK's HTTP client, OkHttp
 * and Kotlin's standard library (made once, by a warm-up program that sends
 * a request to a server of its own), the C1 compiler only, the serial
 * collector and no perf data file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  describeProcess,
  programIdOf,
  PROJECT_ROOT,
  runProcess,
  WORK_ROOT,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

// Computed on use: this module and runners.ts import each other.
const jvmCache = () => join(WORK_ROOT, 'cache', 'jvm');
const poms = () => join(PROJECT_ROOT, 'tests', 'equivalence', 'jvm');
const RUN_TIMEOUT_MS = 30_000;
/** The JDK the programs compile and run on (Java 17, the machine's default). */
const JAVA = process.env.EQUIVALENCE_JAVA ?? 'java';
const JAVAC = process.env.EQUIVALENCE_JAVAC ?? 'javac';

/** Flags that make a short-lived JVM start faster (measured: see the guide's JVM notes). */
const FAST_START = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-Xshare:auto'];

function writeIfChanged(path: string, content: string): boolean {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return false;
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return true;
}

function jarsIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jar'))
    .sort()
    .map((name) => join(dir, name));
}

/** Copies a pom's dependencies into `dir` with Maven, once per pom content. */
async function resolve(pom: string, dir: string): Promise<string[]> {
  const stamp = join(dir, '.pom-sha256');
  const hash = createHash('sha256').update(readFileSync(pom)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && jarsIn(dir).length > 0) return jarsIn(dir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = await runProcess(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      pom,
      `-Dmaven.repo.local=${join(jvmCache(), 'm2')}`,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${dir}`,
    ],
    { cwd: jvmCache(), env: cleanEnv(), timeoutMs: 900_000, maxOutput: 20_000 },
  );
  if (result.exitCode !== 0) throw new Error(`Maven could not fetch ${pom}: ${describeProcess(result)}`);
  writeFileSync(stamp, hash);
  return jarsIn(dir);
}

/** A program that loads what the generated programs load: the JDK client, OkHttp, Kotlin. */
const WARMUP = `package warmup;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

public class Warmup {
  public static void main(String[] args) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/x";
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpRequest request = HttpRequest.newBuilder().uri(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString("a")).build();
    System.out.println(client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode());
    okhttp3.OkHttpClient ok = new okhttp3.OkHttpClient.Builder().followRedirects(false).build();
    okhttp3.RequestBody body = new okhttp3.MultipartBody.Builder()
        .setType(okhttp3.MultipartBody.FORM)
        .addFormDataPart("a", "b")
        .build();
    okhttp3.Request okRequest = new okhttp3.Request.Builder().url(url).header("X-A", "1").post(body).build();
    try (okhttp3.Response response = ok.newCall(okRequest).execute()) {
      System.out.println(response.code() + response.body().string());
    }
    System.out.println(kotlin.text.StringsKt.trim("  x  ").toString());
    server.stop(0);
    ok.dispatcher().executorService().shutdown();
    ok.connectionPool().evictAll();
  }
}
`;

interface Toolchain {
  libs: string[];
  /** Class path entries in front of the programs (the archive's class path). */
  base: string[];
  archive?: string;
  compiler: string[];
}

let toolchain: Promise<Toolchain> | undefined;

/** Fetches the libraries and builds the class-data sharing archive, once per process (cached on disk). */
function setUpJvm(kotlin: boolean): Promise<Toolchain> {
  toolchain ??= (async () => {
    mkdirSync(jvmCache(), { recursive: true });
    const libs = await resolve(join(poms(), 'pom.xml'), join(jvmCache(), 'lib'));
    const warmDir = join(jvmCache(), 'warmup');
    const jar = join(jvmCache(), 'warmup.jar');
    const archive = join(jvmCache(), 'programs.jsa');
    const version = await runProcess(JAVA, ['-version'], { cwd: jvmCache() });
    const key = createHash('sha256')
      .update(WARMUP + libs.join(':') + version.stderr)
      .digest('hex');
    const stamp = join(jvmCache(), 'warmup.sha256');
    const base = [jar, ...libs];
    if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== key || !existsSync(archive)) {
      rmSync(warmDir, { recursive: true, force: true });
      rmSync(archive, { force: true });
      writeIfChanged(join(warmDir, 'src', 'warmup', 'Warmup.java'), WARMUP);
      const options = { cwd: warmDir, env: cleanEnv(), timeoutMs: 300_000 };
      const classes = join(warmDir, 'classes');
      const compiled = await runProcess(
        JAVAC,
        ['-g:none', '-cp', libs.join(':'), '-d', classes, join(warmDir, 'src', 'warmup', 'Warmup.java')],
        options,
      );
      if (compiled.exitCode !== 0)
        throw new Error(`The JVM warm-up program does not compile: ${describeProcess(compiled)}`);
      const packed = await runProcess('jar', ['cf', jar, '-C', classes, '.'], options);
      if (packed.exitCode !== 0) throw new Error(`jar failed: ${describeProcess(packed)}`);
      // The archive holds every class the warm-up loaded; it is used only with the same class path prefix.
      const dump = await runProcess(
        JAVA,
        [...FAST_START, `-XX:ArchiveClassesAtExit=${archive}`, '-cp', base.join(':'), 'warmup.Warmup'],
        options,
      );
      if (dump.exitCode !== 0 || !existsSync(archive)) {
        throw new Error(`The class-data sharing archive could not be made: ${describeProcess(dump)}`);
      }
      writeFileSync(stamp, key);
    }
    const compiler = kotlin
      ? await resolve(join(poms(), 'kotlin-compiler', 'pom.xml'), join(jvmCache(), 'kotlinc'))
      : [];
    return { libs, base, archive, compiler };
  })();
  return toolchain.then(async (t) => {
    if (kotlin && t.compiler.length === 0) {
      t.compiler = await resolve(join(poms(), 'kotlin-compiler', 'pom.xml'), join(jvmCache(), 'kotlinc'));
    }
    return t;
  });
}

/** The source with `package <id>;` in front (the only change: each program gets a package of its own). */
function packaged(program: Program, kotlin: boolean): string {
  return `package ${program.id}${kotlin ? '' : ';'}\n\n${program.source}`;
}

/**
 * Attributes compiler diagnostics to programs: javac and kotlinc name the
 * file (`<dir>/<id>/Main.java:3: warning: …`, `w: file:///…/<id>/Main.kt:3:5 …`).
 */
function attribute(output: string, checks: Map<string, ProgramCheck>, file: string, what: string): Set<string> {
  const failed = new Set<string>();
  let current: ProgramCheck | undefined;
  let currentId: string | undefined;
  const pattern = new RegExp(`(^|[\\s/])([A-Za-z][A-Za-z0-9_]*)/${file.replace('.', '\\.')}:`);
  for (const line of output.split('\n')) {
    const match = pattern.exec(line);
    if (match && checks.has(match[2]!)) {
      currentId = match[2]!;
      current = checks.get(currentId);
      const error = /\berror\b|^e: /.test(line);
      if (error) failed.add(currentId);
      current!.problems.push(`${what}: ${line.trim()}`);
      continue;
    }
    // Continuation lines (the source line and the caret) belong to the last diagnostic.
    if (current && line.trim() && !/^\d+ (warnings?|errors?)$/.test(line.trim())) {
      const last = current.problems.length - 1;
      if (last >= 0 && current.problems[last]!.length < 2000) current.problems[last] += `\n${line}`;
    }
  }
  return failed;
}

/**
 * ktlint's `intellij_idea` code style with its defaults (no line limit), over the batch in one JVM: each
 * program as written (without the package line the compile adds), in a folder of its own with the
 * `.editorconfig` that picks the style. Files are named by program id, so the file-name rule is off.
 */
const KTLINT_EDITORCONFIG = `root = true

[*.{kt,kts}]
ktlint_code_style = intellij_idea
ktlint_standard_filename = disabled
`;

async function ktlint(dir: string, programs: readonly Program[], checks: Map<string, ProgramCheck>): Promise<void> {
  const jars = await resolve(join(poms(), 'kotlin-formatter', 'pom.xml'), join(jvmCache(), 'ktlint'));
  const folder = join(dir, 'ktlint');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, '.editorconfig'), KTLINT_EDITORCONFIG);
  for (const program of programs) writeFileSync(join(folder, `${program.id}.kt`), program.source);
  const files = programs.map((p) => `${p.id}.kt`);
  const result = await runProcess(
    JAVA,
    ['-cp', jars.join(':'), 'com.pinterest.ktlint.Main', '--reporter=json', ...files],
    { cwd: folder, env: cleanEnv(), timeoutMs: 600_000, maxOutput: 20_000_000 },
  );
  // 0: clean; 1: problems found (its log line comes before the report on standard output).
  const start = result.stdout.indexOf('[');
  if ((result.exitCode !== 0 && result.exitCode !== 1) || start === -1) {
    throw new Error(`ktlint failed: ${describeProcess(result)}`);
  }
  const report = JSON.parse(result.stdout.slice(start)) as {
    file: string;
    errors: { line: number; column: number; message: string; rule: string }[];
  }[];
  for (const entry of report) {
    const check = checks.get(programIdOf(entry.file));
    for (const e of entry.errors) check?.problems.push(`ktlint: ${e.line}:${e.column} ${e.rule}: ${e.message}`);
  }
}

/** What google-java-format reaches inside javac for on Java 17. */
const JAVAC_EXPORTS = ['api', 'code', 'file', 'parser', 'tree', 'util'].map(
  (name) => `--add-exports=jdk.compiler/com.sun.tools.javac.${name}=ALL-UNNAMED`,
);

/**
 * google-java-format (Google style, long strings not reflowed) over the batch in one JVM: each program as
 * written (without the package line the compile adds) in a folder of its own, rewritten in place; a
 * program it rewrites, or cannot read, has its first changed line as a problem.
 */
async function googleJavaFormat(
  dir: string,
  programs: readonly Program[],
  checks: Map<string, ProgramCheck>,
): Promise<void> {
  const jars = await resolve(join(poms(), 'java-formatter', 'pom.xml'), join(jvmCache(), 'java-formatter'));
  const folder = join(dir, 'google-java-format');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const program of programs) writeFileSync(join(folder, `${program.id}.java`), program.source);
  const files = programs.map((p) => `${p.id}.java`);
  const result = await runProcess(
    JAVA,
    [
      ...JAVAC_EXPORTS,
      '-cp',
      jars.join(':'),
      'com.google.googlejavaformat.java.Main',
      '--replace',
      '--skip-reflowing-long-strings',
      ...files,
    ],
    { cwd: folder, env: cleanEnv(), timeoutMs: 600_000, maxOutput: 5_000_000 },
  );
  // A file it cannot read is named on standard error (`<id>.java:3:5: error: …`); it stays as written.
  const unreadable = new Set<string>();
  for (const line of result.stderr.split('\n')) {
    const match = /^(\S+\.java):\d+:\d+: error: /.exec(line);
    const check = match ? checks.get(programIdOf(match[1]!)) : undefined;
    if (!check) continue;
    unreadable.add(programIdOf(match![1]!));
    check.problems.push(`google-java-format: ${line.trim()}`);
  }
  if (result.exitCode !== 0 && unreadable.size === 0) {
    throw new Error(`google-java-format failed: ${describeProcess(result)}`);
  }
  for (const program of programs) {
    const formatted = readFileSync(join(folder, `${program.id}.java`), 'utf8');
    if (formatted === program.source) continue;
    const ours = program.source.split('\n');
    const theirs = formatted.split('\n');
    const at = ours.findIndex((line, i) => line !== theirs[i]);
    const line = at === -1 ? ours.length : at;
    checks
      .get(program.id)
      ?.problems.push(
        `google-java-format: line ${line + 1} is\n${ours[line] ?? ''}\nand would be\n${theirs[line] ?? ''}`,
      );
  }
}

/** Java (`javac`) or Kotlin (the embeddable compiler) programs of one target. */
export class JvmRunner implements LanguageRunner {
  readonly language: string;
  private readonly kotlin: boolean;
  private readonly file: string;
  private classPath = '';
  private archive: string | undefined;

  constructor(
    private readonly dir: string,
    language: 'java' | 'kotlin',
  ) {
    this.language = language;
    this.kotlin = language === 'kotlin';
    this.file = this.kotlin ? 'Main.kt' : 'Main.java';
  }

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    const tools = await setUpJvm(this.kotlin);
    const src = join(this.dir, 'src');
    const classes = join(this.dir, 'classes');
    rmSync(src, { recursive: true, force: true });
    rmSync(classes, { recursive: true, force: true });
    mkdirSync(classes, { recursive: true });
    const files = programs.map((program) => {
      const path = join(src, program.id, this.file);
      writeIfChanged(path, packaged(program, this.kotlin));
      return path;
    });
    this.classPath = [...tools.base, classes].join(':');
    this.archive = tools.archive;
    if (programs.length === 0) return checks;
    const options = { cwd: this.dir, env: cleanEnv(), timeoutMs: 900_000, maxOutput: 5_000_000 };

    let pending = files;
    for (let round = 0; round < 3 && pending.length > 0; round++) {
      const result = this.kotlin
        ? await runProcess(
            JAVA,
            [
              '-Xss8m',
              '-cp',
              tools.compiler.join(':'),
              'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
              '-no-reflect',
              '-jvm-target',
              '17',
              '-cp',
              tools.libs.join(':'),
              '-d',
              classes,
              ...pending,
            ],
            options,
          )
        : await runProcess(
            JAVAC,
            [
              '-g:none',
              '-Xlint:all',
              '-encoding',
              'UTF-8',
              '-Xmaxwarns',
              '100000',
              '-Xmaxerrs',
              '100000',
              '-cp',
              tools.libs.join(':'),
              '-d',
              classes,
              ...pending,
            ],
            options,
          );
      const output = `${result.stderr}\n${result.stdout}`;
      const failed = attribute(output, checks, this.file, this.kotlin ? 'kotlinc' : 'javac');
      if (result.exitCode === 0) break;
      if (failed.size === 0) {
        for (const check of checks.values()) {
          check.runnable = false;
          check.problems.push(`${this.kotlin ? 'kotlinc' : 'javac'} ${describeProcess(result)}`);
        }
        break;
      }
      // A compile error stops all class files: compile the others again without the failing programs.
      for (const id of failed) checks.get(id)!.runnable = false;
      pending = pending.filter((path) => !failed.has(path.split('/').at(-2)!));
      rmSync(classes, { recursive: true, force: true });
      mkdirSync(classes, { recursive: true });
      for (const check of checks.values()) {
        if (check.runnable) check.problems = [];
      }
    }
    for (const [id, check] of checks) {
      const main = join(classes, id, this.kotlin ? 'MainKt.class' : 'Main.class');
      if (check.runnable && !existsSync(main)) {
        check.runnable = false;
        check.problems.push(`the compiler made no ${main.split('/').at(-1)}`);
      }
    }
    if (this.kotlin) await ktlint(this.dir, programs, checks);
    else await googleJavaFormat(this.dir, programs, checks);
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    const share = this.archive && existsSync(this.archive) ? [`-XX:SharedArchiveFile=${this.archive}`] : [];
    const main = `${id}.${this.kotlin ? 'MainKt' : 'Main'}`;
    return runProcess(JAVA, [...FAST_START, ...share, '-cp', this.classPath, main], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}
