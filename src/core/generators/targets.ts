/**
 * What each code generator is (id, title, language, file extension), apart
 * from the generators' code: menus load this at first paint and the
 * generators themselves only when converting. The registry checks that it
 * lists exactly its generators, in the same order.
 */
export interface TargetInfo {
  id: string;
  title: string;
  /** The highlighting language. */
  language: string;
  /** File extension for downloads. */
  extension: string;
  /** The menu group: the programming language (or `Shell`, `HTTP`) its users look for. */
  group: string;
}

export const TARGETS: readonly TargetInfo[] = [
  { id: 'javascript-fetch', title: 'JavaScript (fetch)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
  { id: 'javascript-axios', title: 'JavaScript (axios)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
  { id: 'node-https', title: 'Node.js (https)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
  { id: 'node-got', title: 'Node.js (got)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
  { id: 'python-requests', title: 'Python (requests)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'python-httpx', title: 'Python (httpx)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'python-http-client', title: 'Python (http.client)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'go-net-http', title: 'Go (net/http)', language: 'go', extension: 'go', group: 'Go' },
  { id: 'rust-reqwest', title: 'Rust (reqwest)', language: 'rust', extension: 'rs', group: 'Rust' },
  { id: 'c-libcurl', title: 'C (libcurl)', language: 'c', extension: 'c', group: 'C' },
  { id: 'csharp-httpclient', title: 'C# (HttpClient)', language: 'csharp', extension: 'cs', group: 'C#' },
  { id: 'java-httpclient', title: 'Java (HttpClient)', language: 'java', extension: 'java', group: 'Java' },
  { id: 'java-okhttp', title: 'Java (OkHttp)', language: 'java', extension: 'java', group: 'Java' },
  { id: 'kotlin-okhttp', title: 'Kotlin (OkHttp)', language: 'kotlin', extension: 'kt', group: 'Kotlin' },
  { id: 'php-curl', title: 'PHP (curl)', language: 'php', extension: 'php', group: 'PHP' },
  { id: 'php-guzzle', title: 'PHP (Guzzle)', language: 'php', extension: 'php', group: 'PHP' },
  { id: 'ruby-net-http', title: 'Ruby (Net::HTTP)', language: 'ruby', extension: 'rb', group: 'Ruby' },
  { id: 'perl-lwp', title: 'Perl (LWP)', language: 'perl', extension: 'pl', group: 'Perl' },
  { id: 'r-httr', title: 'R (httr)', language: 'r', extension: 'R', group: 'R' },
  { id: 'httpie', title: 'HTTPie', language: 'shellscript', extension: 'sh', group: 'Shell' },
  { id: 'wget', title: 'Wget', language: 'shellscript', extension: 'sh', group: 'Shell' },
  { id: 'http-raw', title: 'HTTP message', language: 'http', extension: 'http', group: 'HTTP' },
  { id: 'har', title: 'HAR (HTTP Archive)', language: 'json', extension: 'har', group: 'HTTP' },
];

/** The targets, in menu order (a copy). */
export function listTargets(): TargetInfo[] {
  return TARGETS.map((target) => ({ ...target }));
}

/** One target's description; throws for an id that is not a target (a programming error). */
export function targetInfo(id: string): TargetInfo {
  const found = TARGETS.find((target) => target.id === id);
  if (!found) throw new Error(`No target "${id}"`);
  return found;
}

export interface TargetGroup {
  /** The language, e.g. `Python`. */
  group: string;
  targets: TargetInfo[];
}

/** Targets grouped by language, groups in the order their first target comes in the list. */
export function groupTargets(targets: readonly TargetInfo[]): TargetGroup[] {
  const groups = new Map<string, TargetInfo[]>();
  for (const target of targets) {
    const list = groups.get(target.group);
    if (list) list.push(target);
    else groups.set(target.group, [target]);
  }
  return [...groups].map(([group, list]) => ({ group, targets: list }));
}

/** Lower case, with the spellings people type for a language's name folded into letters (`c#` → `csharp`). */
function searchable(text: string): string {
  return text
    .toLowerCase()
    .replace(/c#/g, 'csharp')
    .replace(/\.net/g, 'dotnet')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();
}

/**
 * The targets a typed query finds, in menu order: every word of the query
 * must start a word of the target's title, id or language (`okhttp` finds
 * Java and Kotlin with OkHttp, `py req` finds Python requests, `c#` finds
 * C#). An empty query finds them all.
 */
export function searchTargets(targets: readonly TargetInfo[], query: string): TargetInfo[] {
  const words = searchable(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...targets];
  return targets.filter((target) => {
    const haystack = searchable(`${target.title} ${target.id} ${target.group}`).split(' ');
    return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
  });
}
