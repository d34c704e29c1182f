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
  { id: 'python-requests', title: 'Python (requests)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'python-httpx', title: 'Python (httpx)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'go-net-http', title: 'Go (net/http)', language: 'go', extension: 'go', group: 'Go' },
  { id: 'rust-reqwest', title: 'Rust (reqwest)', language: 'rust', extension: 'rs', group: 'Rust' },
  { id: 'python-http-client', title: 'Python (http.client)', language: 'python', extension: 'py', group: 'Python' },
  { id: 'httpie', title: 'HTTPie', language: 'shellscript', extension: 'sh', group: 'Shell' },
  { id: 'node-got', title: 'Node.js (got)', language: 'javascript', extension: 'mjs', group: 'JavaScript' },
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
