/**
 * Environments in a key-value area under one key. Every change is a
 * read-modify-write under the shared lock, so two pages editing at once both
 * land; stored data this version cannot read as a whole is never overwritten.
 */
import type { Exclusive, KeyValueArea } from '../storage.ts';
import {
  EnvironmentError,
  parseEnvironmentsState,
  serializeEnvironments,
  type EnvironmentsState,
  type ParsedEnvironments,
} from './state.ts';

/** The storage key holding the environments. */
export const ENVIRONMENTS_KEY = 'environments';

export class EnvironmentStore {
  constructor(
    private readonly area: KeyValueArea,
    private readonly lock: Exclusive,
  ) {}

  private async read(): Promise<ParsedEnvironments> {
    const stored = await this.area.get([ENVIRONMENTS_KEY]);
    return parseEnvironmentsState(stored[ENVIRONMENTS_KEY]);
  }

  /** The stored state; `notices` tell what could not be read. */
  async load(): Promise<{ state: EnvironmentsState; notices: string[] }> {
    const { state, notices } = await this.read();
    return { state, notices };
  }

  /**
   * Applies `change` to the freshest stored state and stores the result, all
   * under the lock; returns the new state. Errors thrown by `change` pass
   * through and nothing is written. Throws an EnvironmentError, writing
   * nothing, when the stored data cannot be read as a whole (a newer version
   * wrote it) or when the change produced a state that would not read back.
   */
  update(change: (state: EnvironmentsState) => EnvironmentsState): Promise<EnvironmentsState> {
    return this.lock(async () => {
      const current = await this.read();
      if (current.untouchable !== undefined) {
        throw new EnvironmentError(`${current.untouchable} Nothing was changed, so that data is not destroyed.`);
      }
      const next = change(current.state);
      if (next === current.state) return next;
      await this.write(next);
      return next;
    });
  }

  /**
   * Stores `state` whatever is stored now, even data a newer version wrote:
   * for a restore or a reset the user asked for knowing that.
   */
  replace(state: EnvironmentsState): Promise<void> {
    return this.lock(() => this.write(state));
  }

  private async write(state: EnvironmentsState): Promise<void> {
    const stored = serializeEnvironments(state);
    // Reading it back must give the same state without notices; else the change is faulty.
    const check = parseEnvironmentsState(JSON.parse(JSON.stringify(stored)));
    if (check.notices.length > 0) {
      throw new EnvironmentError(`The environments were not saved, they are not valid: ${check.notices.join(' ')}`);
    }
    await this.area.set({ [ENVIRONMENTS_KEY]: stored });
  }
}
