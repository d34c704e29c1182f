/**
 * Interpreted languages (Ruby, Perl, R): each program is one file; the batch
 * is checked by the language's own parser with warnings on (one process for
 * the whole batch where the language allows it), and each program runs in a
 * fresh interpreter.
 *
 * - Ruby: `ruby -wc`'s check for every file in one process (`RubyVM::InstructionSequence.compile_file`
 *   with `$VERBOSE`), parse warnings attributed by file name; then RuboCop's default cops over the batch.
 * - Perl: what `perl -c -w` does, for every file in one process: the libraries the programs use are loaded
 *   once, then each file is compiled (not run) as the body of a sub in a package of its own, with
 *   warnings on and caught (`perl -c` per file spends about 250 ms loading LWP each time); then perltidy
 *   (the project's options, `PERLTIDY_OPTIONS`) over the batch in a second process.
 * - R: `parse()` of every file in one `Rscript`, then lintr's default linters in another; programs run
 *   with `--vanilla --default-packages=` (only what `library(httr)` loads itself).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkIds,
  cleanEnv,
  describeProcess,
  programIdOf,
  prune,
  RUN_TIMEOUT_MS,
  runProcess,
  writeIfChanged,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

interface ScriptLanguage {
  language: string;
  extension: string;
  /** Fills `checks` for the files (`<id>.<extension>` in `dir`). */
  check(dir: string, ids: string[], checks: Map<string, ProgramCheck>): Promise<void>;
  command: string;
  args(file: string): string[];
}

/** Lines `PROBLEM <id> <text>` / `ERROR <id> <text>` from a batch checker, attributed to programs. */
function attribute(output: string, checks: Map<string, ProgramCheck>, tool: string): void {
  for (const line of output.split('\n')) {
    const match = /^(ERROR|PROBLEM) ([A-Za-z0-9_]+) (.*)$/s.exec(line);
    const check = match ? checks.get(match[2]!) : undefined;
    if (!check) continue;
    check.problems.push(`${tool}: ${match![3]!.replace(/\\n/g, '\n')}`);
    if (match![1] === 'ERROR') check.runnable = false;
  }
}

const RUBY_CHECK = `
$VERBOSE = true
ARGV.each do |id|
  file = "#{id}.rb"
  captured = StringIO.new
  $stderr = captured
  begin
    RubyVM::InstructionSequence.compile_file(file)
  rescue SyntaxError => e
    $stdout.puts "ERROR #{id} #{e.message.gsub("\\n", "\\\\n")}"
  ensure
    $stderr = STDERR
  end
  captured.string.each_line { |line| $stdout.puts "PROBLEM #{id} ruby -wc: #{line.chomp}" }
end
`;

const PERL_CHECK = `
use strict;
use warnings;
use LWP::UserAgent;
use HTTP::Request;
use HTTP::Request::Common ();
use URI::Escape ();
use MIME::Base64 ();
$^W = 1;
my $n = 0;
for my $id (@ARGV) {
  my $file = "$id.pl";
  open my $fh, '<:raw', $file or die "Cannot read $file: $!\\n";
  my $source = do { local $/; <$fh> };
  close $fh;
  my @warnings;
  local $SIG{__WARN__} = sub { push @warnings, $_[0] };
  $n++;
  my $compiled = eval "package Check$n; my \\$program = sub {\\n#line 1 \\"$file\\"\\n$source\\n}; 1";
  for my $warning (@warnings) {
    chomp $warning;
    $warning =~ s/\\n/\\\\n/g;
    print "PROBLEM $id $warning\\n";
  }
  if (!$compiled) {
    (my $error = $@) =~ s/\\n/\\\\n/g;
    print "ERROR $id $error\\n";
  }
}
`;

/**
 * perltidy over the batch in one process, reading bytes: the options below are the project's Perl style (120 columns, tight
 * parentheses and square brackets, no vertical alignment). A file with a line over 120 columns (a long URL,
 * header or body literal) is compared with perltidy's layout at unlimited width instead, so everything but
 * the length a literal sets is still checked.
 */
const PERLTIDY_OPTIONS = '-npro -enc=none -pt=2 -sbt=2 -novalign';

const PERLTIDY_CHECK = `
use strict;
use warnings;
use Perl::Tidy;
for my $id (@ARGV) {
  my $file = "$id.pl";
  open my $fh, '<:raw', $file or die "Cannot read $file: $!\\n";
  my $source = do { local $/; <$fh> };
  close $fh;
  my $long = grep { length($_) > 120 } split /\\n/, $source;
  my $argv = '${PERLTIDY_OPTIONS} ' . ($long ? '-l=0' : '-l=120');
  my ($tidy, $errors) = ('', '');
  my $failed = Perl::Tidy::perltidy(source => \\$source, destination => \\$tidy, stderr => \\$errors, errorfile => \\$errors, argv => $argv);
  if ($failed) { $errors =~ s/\\n/\\\\n/g; print "PROBLEM $id perltidy could not read it: $errors\\n"; next; }
  next if $tidy eq $source;
  my @a = split /\\n/, $source, -1;
  my @b = split /\\n/, $tidy, -1;
  my $line = 0;
  $line++ while $line < @a && $line < @b && $a[$line] eq $b[$line];
  my $want = $line < @b ? $b[$line] : '(end of file)';
  print "PROBLEM $id perltidy $argv writes line ", $line + 1, " as: $want\\n";
}
`;

const R_CHECK = `
for (id in commandArgs(trailingOnly = TRUE)) {
  tryCatch(
    withCallingHandlers(parse(file = paste0(id, ".R")), warning = function(w) {
      cat("PROBLEM", id, conditionMessage(w), "\\n")
      invokeRestart("muffleWarning")
    }),
    error = function(e) cat("ERROR", id, gsub("\\n", "\\\\\\\\n", conditionMessage(e)), "\\n")
  )
}
`;

/**
 * RuboCop with its default configuration (the community style guide) over the whole batch in one process.
 * Files are named by program id, so Naming/FileName does not apply; Layout/LineLength is left out because a
 * long URL, header value or body stays one literal (calls are still broken at 120 columns by the generator).
 */
async function rubocop(dir: string, ids: string[], checks: Map<string, ProgramCheck>): Promise<void> {
  const args = [
    '--force-default-config',
    '--cache',
    'false',
    '--format',
    'json',
    '--except',
    'Naming/FileName,Layout/LineLength',
  ];
  const result = await runProcess('rubocop', [...args, ...ids.map((id) => `${id}.rb`)], {
    cwd: dir,
    timeoutMs: 300_000,
    maxOutput: 20_000_000,
  });
  // 0: no offenses; 1: offenses found; anything else is RuboCop failing.
  if (result.exitCode !== 0 && result.exitCode !== 1) throw new Error(`RuboCop failed: ${describeProcess(result)}`);
  const report = JSON.parse(result.stdout) as {
    files: {
      path: string;
      offenses: { cop_name: string; message: string; location: { line: number; column: number } }[];
    }[];
  };
  for (const file of report.files) {
    const check = checks.get(programIdOf(file.path));
    for (const o of file.offenses) {
      check?.problems.push(`rubocop: ${o.location.line}:${o.location.column} ${o.cop_name}: ${o.message}`);
    }
  }
}

/**
 * lintr's default linters (the tidyverse style guide) over the batch in one `Rscript`, all but the line
 * length a long URL, header or body literal sets.
 */
const R_LINT = `
linters <- lintr::linters_with_defaults(line_length_linter = NULL)
for (id in commandArgs(trailingOnly = TRUE)) {
  for (l in lintr::lint(paste0(id, ".R"), linters = linters)) {
    cat("PROBLEM", id, paste0(l$line_number, ":", l$column_number), paste0(l$linter, ":"), gsub("\\n", " ", l$message), "\n")
  }
}
`;

const LANGUAGES: Record<string, ScriptLanguage> = {
  ruby: {
    language: 'ruby',
    extension: 'rb',
    async check(dir, ids, checks) {
      const result = await runProcess('ruby', ['-rstringio', '-e', RUBY_CHECK, ...ids], {
        cwd: dir,
        timeoutMs: 120_000,
        maxOutput: 2_000_000,
      });
      if (result.exitCode !== 0) throw new Error(`the Ruby syntax check failed: ${describeProcess(result)}`);
      attribute(result.stdout, checks, 'ruby -wc');
      await rubocop(dir, ids, checks);
    },
    command: 'ruby',
    args: (file) => [file],
  },
  perl: {
    language: 'perl',
    extension: 'pl',
    async check(dir, ids, checks) {
      const result = await runProcess('perl', ['-e', PERL_CHECK, ...ids], {
        cwd: dir,
        timeoutMs: 120_000,
        maxOutput: 2_000_000,
      });
      if (result.exitCode !== 0) throw new Error(`the Perl syntax check failed: ${describeProcess(result)}`);
      attribute(result.stdout, checks, 'perl -c -w');
      const tidy = await runProcess('perl', ['-e', PERLTIDY_CHECK, ...ids], {
        cwd: dir,
        timeoutMs: 300_000,
        maxOutput: 2_000_000,
      });
      if (tidy.exitCode !== 0) throw new Error(`the perltidy check failed: ${describeProcess(tidy)}`);
      attribute(tidy.stdout, checks, 'perltidy');
    },
    command: 'perl',
    args: (file) => [file],
  },
  r: {
    language: 'r',
    extension: 'R',
    async check(dir, ids, checks) {
      const result = await runProcess('Rscript', ['--vanilla', '--default-packages=', '-e', R_CHECK, ...ids], {
        cwd: dir,
        timeoutMs: 120_000,
        maxOutput: 2_000_000,
      });
      if (result.exitCode !== 0) throw new Error(`the R syntax check failed: ${describeProcess(result)}`);
      attribute(result.stdout, checks, 'R parse()');
      const lint = await runProcess('Rscript', ['--vanilla', '-e', R_LINT, ...ids], {
        cwd: dir,
        timeoutMs: 600_000,
        maxOutput: 2_000_000,
      });
      if (lint.exitCode !== 0) throw new Error(`lintr failed: ${describeProcess(lint)}`);
      attribute(lint.stdout, checks, 'lintr');
    },
    command: 'Rscript',
    args: (file) => ['--vanilla', '--default-packages=', file],
  },
};

export class ScriptRunner implements LanguageRunner {
  readonly language: string;
  private readonly lang: ScriptLanguage;

  constructor(
    language: 'ruby' | 'perl' | 'r',
    private readonly dir: string,
  ) {
    this.lang = LANGUAGES[language]!;
    this.language = this.lang.language;
  }

  private file(id: string): string {
    return `${id}.${this.lang.extension}`;
  }

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    mkdirSync(this.dir, { recursive: true });
    const names = new Set(programs.map((p) => this.file(p.id)));
    prune(this.dir, (name) => names.has(name));
    for (const program of programs) writeIfChanged(join(this.dir, this.file(program.id)), program.source);
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    if (programs.length > 0) await this.lang.check(this.dir, [...checks.keys()], checks);
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess(this.lang.command, this.lang.args(join(this.dir, this.file(id))), {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}
