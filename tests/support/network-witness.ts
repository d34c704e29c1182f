/**
 * Records every network request the browser makes, two ways:
 *
 * - per target, through the DevTools protocol: a browser-level session
 *   auto-attaches to every page, service worker, worker, frame and the
 *   offscreen document (each new one held until the recorder is listening)
 *   and records `Network.requestWillBeSent` with the target that made it;
 * - for the whole browser, from Chromium's NetLog (`--log-net-log`): every
 *   URL request and host name lookup of the network service, including the
 *   browser's own traffic, which belongs to no target.
 */
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession } from 'puppeteer-core';

export interface SeenRequest {
  url: string;
  method: string;
  /** The kind of target that made it: page, service_worker, worker, iframe, browser_ui, other… */
  targetType: string;
  /** The document (or worker script) that made it. */
  documentUrl: string;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export interface TargetWitness {
  requests: SeenRequest[];
  /** Every target attached, as "type url" (later navigations are not tracked). */
  targets: string[];
  /** Targets whose Network domain could not be enabled, with the reason. */
  unwatched: string[];
  stop(): Promise<void>;
}

/**
 * Attaches to every target, present and future, and records their requests.
 * New targets wait (waitForDebuggerOnStart) until recording is on, so even
 * a page's first request is seen.
 */
export async function watchAllTargets(browser: Browser): Promise<TargetWitness> {
  const root = await browser.target().createCDPSession();
  const connection = root.connection();
  if (!connection) throw new Error('The browser session has no connection.');
  const requests: SeenRequest[] = [];
  const targets: string[] = [];
  const unwatched: string[] = [];
  const sessions: CDPSession[] = [];

  const autoAttach = (session: CDPSession) =>
    session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });

  const adopt = async (session: CDPSession, info: TargetInfo, waiting: boolean) => {
    sessions.push(session);
    targets.push(`${info.type} ${info.url}`);
    session.on('Network.requestWillBeSent', (event) =>
      requests.push({
        url: event.request.url,
        method: event.request.method,
        targetType: info.type,
        documentUrl: event.documentURL ?? info.url,
      }),
    );
    session.on('Target.attachedToTarget', (event) => void onAttached(event));
    try {
      await session.send('Network.enable');
    } catch (error) {
      const message = (error as Error).message;
      // A target that closed while still held at its start never ran, so it requested nothing.
      if (!(waiting && /Target closed|Session closed/i.test(message)))
        unwatched.push(`${info.type} ${info.url}: ${message}`);
    }
    // Frames in other processes and workers show up as children of the page that made them.
    await autoAttach(session).catch(() => undefined);
    if (waiting) await session.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
  };

  async function onAttached(event: { sessionId: string; targetInfo: TargetInfo; waitingForDebugger: boolean }) {
    const session = connection!.session(event.sessionId);
    if (!session) return;
    await adopt(session, event.targetInfo, event.waitingForDebugger);
  }

  root.on('Target.attachedToTarget', (event) => void onAttached(event));
  await autoAttach(root);
  return {
    requests,
    targets,
    unwatched,
    async stop() {
      await root.detach().catch(() => undefined);
      for (const session of sessions) await session.detach().catch(() => undefined);
    },
  };
}

export interface NetLogRequest {
  url: string;
  method: string;
  /**
   * The origin that started it, or "not an origin" when the browser itself
   * did (its own services, and navigations typed or scripted from outside
   * any page).
   */
  initiator: string;
}

export interface NetLogActivity {
  /** Every URL request the network service started. */
  requests: NetLogRequest[];
  /** Host names it looked up (without scheme or port). */
  hosts: string[];
}

interface NetLogEvent {
  type: number;
  params?: { url?: unknown; method?: unknown; initiator?: unknown; host?: unknown };
}

/**
 * Reads a NetLog file (JSON; a browser that did not exit cleanly leaves it
 * without its closing brackets, which are added back).
 */
export function readNetLog(path: string): NetLogActivity {
  const text = readFileSync(path, 'utf8').trim();
  let log: { constants: { logEventTypes: Record<string, number> }; events: NetLogEvent[] };
  try {
    log = JSON.parse(text);
  } catch {
    log = JSON.parse(`${text.replace(/,\s*$/, '')}]}`);
  }
  const typeNames = new Map(Object.entries(log.constants.logEventTypes).map(([name, id]) => [id, name]));
  const requests: NetLogRequest[] = [];
  const hosts = new Set<string>();
  for (const event of log.events) {
    const type = typeNames.get(event.type) ?? '';
    const params = event.params ?? {};
    if (type === 'URL_REQUEST_START_JOB' && typeof params.url === 'string') {
      requests.push({
        url: params.url,
        method: String(params.method ?? ''),
        initiator: String(params.initiator ?? 'not an origin'),
      });
    }
    if (type.startsWith('HOST_RESOLVER') && typeof params.host === 'string') {
      // Logged as "host:port" or "scheme://host[:port]".
      const host = params.host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/:\d+$/, '');
      hosts.add(host);
    }
  }
  return { requests, hosts: [...hosts] };
}
