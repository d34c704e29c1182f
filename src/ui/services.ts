import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Settings } from '../core/settings.ts';
import type { HttpResponse, OutgoingRequest, SendOptions } from '../protocol.ts';

/**
 * What the UI needs from the outside world. Entries wire real platform
 * services in; tests and the plain-page playground wire fakes.
 */
export interface Services {
  /** Sends through the background; the whole (possibly truncated) body comes back in one response. */
  sendRequest(request: OutgoingRequest, options: SendOptions): Promise<HttpResponse>;
  /** Cancels the request with this id; false when it had already finished. */
  cancelRequest(id: string): Promise<boolean>;
  settings: {
    load(): Promise<Settings>;
    save(settings: Settings): Promise<void>;
    /** Changes some fields, keeping the others as stored now. */
    update(patch: Partial<Settings>): Promise<Settings>;
    subscribe(listener: (settings: Settings) => void): () => void;
  };
  /** DevTools' own theme when the panel runs inside DevTools, else undefined. */
  devtoolsTheme?: 'light' | 'dark';
  openWorkspace(): Promise<void>;
  /** Puts text on the clipboard. */
  copyText(text: string): Promise<void>;
  /** A curl command (or a notice) handed over by the context menu or the popup, taken once. */
  takeHandoff(): Promise<{ text: string } | { notice: string } | null>;
  /** Opens the full workspace converting this command. */
  openWorkspaceWith(text: string): Promise<void>;
  openOptions(): Promise<void>;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Services are not provided: wrap the UI in <ServicesContext.Provider>.');
  return services;
}
