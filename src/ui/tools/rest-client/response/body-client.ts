import { useEffect, useRef, useState } from 'preact/hooks';
import {
  BodyEngine,
  type BodyLanguage,
  type DocumentReply,
  type EngineReply,
  type EngineRequest,
  type TokenLine,
} from './body-engine.ts';

type Listener = (reply: EngineReply) => void;

/**
 * The page's side of the body engine: one shared worker, messages routed by
 * document. Falls back to running the engine in the page when a worker
 * cannot start.
 */
class EngineClient {
  private worker: Worker | null = null;
  private inline: BodyEngine | null = null;
  private listeners = new Map<number, Listener>();
  /** Open requests still alive, replayed in the page if the worker fails. */
  private opened = new Map<number, EngineRequest>();
  private seq = 0;

  constructor() {
    try {
      this.worker = new Worker(new URL('./body-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<EngineReply>) => this.listeners.get(event.data.doc)?.(event.data);
      this.worker.onerror = () => {
        this.worker?.terminate();
        this.worker = null;
        for (const request of this.opened.values()) this.send(request);
      };
    } catch {
      this.worker = null;
    }
  }

  private send(request: EngineRequest): void {
    if (this.worker) {
      this.worker.postMessage(request);
      return;
    }
    this.inline ??= new BodyEngine((reply) => setTimeout(() => this.listeners.get(reply.doc)?.(reply), 0));
    this.inline.handle(request);
  }

  open(text: string, language: BodyLanguage | null, pretty: boolean, listener: Listener) {
    const doc = ++this.seq;
    const request: EngineRequest = { type: 'open', doc, text, language, pretty };
    this.listeners.set(doc, listener);
    this.opened.set(doc, request);
    this.send(request);
    return {
      tokens: (from: number, to: number) => this.send({ type: 'tokens', doc, from, to }),
      close: () => {
        this.listeners.delete(doc);
        this.opened.delete(doc);
        this.send({ type: 'close', doc });
      },
    };
  }
}

let client: EngineClient | null = null;

export interface BodyDocument {
  doc: DocumentReply | null;
  /** Highlighted lines received so far, by line number. */
  tokens: Map<number, TokenLine>;
  /** CSS declarations that token style indexes point at. */
  styles: string[];
  /** Asks for the highlighting of lines [from, to). */
  requestTokens(from: number, to: number): void;
}

/** Most highlighted lines kept; beyond it the cache starts over with what is on screen. */
const TOKEN_CACHE_LINES = 20_000;

/** A body prepared for display off the main thread; highlighting arrives line window by line window. */
export function useBodyDocument(text: string, language: BodyLanguage | null, pretty: boolean): BodyDocument {
  const [doc, setDoc] = useState<DocumentReply | null>(null);
  const [, setVersion] = useState(0);
  const tokens = useRef(new Map<number, TokenLine>());
  const styles = useRef<{ list: string[]; index: Map<string, number> }>({ list: [], index: new Map() });
  const handle = useRef<{ tokens(from: number, to: number): void; close(): void } | null>(null);

  useEffect(() => {
    client ??= new EngineClient();
    setDoc(null);
    tokens.current = new Map();
    const opened = client.open(text, language, pretty, (reply) => {
      if (reply.type === 'document') {
        if (reply.complete) tokens.current = new Map();
        setDoc(reply);
        return;
      }
      if (tokens.current.size > TOKEN_CACHE_LINES) tokens.current = new Map();
      const shared = styles.current;
      const map = reply.styles.map((style) => {
        let index = shared.index.get(style);
        if (index === undefined) {
          index = shared.list.push(style) - 1;
          shared.index.set(style, index);
        }
        return index;
      });
      reply.lines.forEach((line, i) => {
        tokens.current.set(
          reply.from + i,
          line.map((part, j) => (j % 2 === 1 ? map[part as number]! : part)),
        );
      });
      setVersion((v) => v + 1);
    });
    handle.current = opened;
    return () => {
      opened.close();
      handle.current = null;
    };
  }, [text, language, pretty]);

  return {
    doc,
    tokens: tokens.current,
    styles: styles.current.list,
    requestTokens: (from, to) => handle.current?.tokens(from, to),
  };
}
