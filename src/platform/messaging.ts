import { browser, type Runtime } from './browser.ts';
import {
  dispatch,
  makeCall,
  unwrapReply,
  type CallArgs,
  type CallKind,
  type CallResult,
  type Handlers,
} from '../protocol.ts';

/**
 * Calls the background and returns its result, or throws the background's
 * error as a RemoteError on this side.
 */
export async function call<K extends CallKind>(kind: K, ...args: CallArgs<K>): Promise<CallResult<K>> {
  const reply: unknown = await browser.runtime.sendMessage(makeCall(kind, args));
  return unwrapReply<CallResult<K>>(reply);
}

/** Serves the protocol in the background: one handler object, sender checked. */
export function serve(handlers: Handlers): void {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('') };
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) =>
    dispatch(
      handlers,
      message,
      { id: sender.id, url: sender.url, origin: (sender as { origin?: string }).origin },
      own,
    ),
  );
}
