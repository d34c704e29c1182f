import { useEffect, useRef, useState } from 'preact/hooks';
import { Converter } from './conversion.ts';
import { createConverterStore, type ConverterStore } from './store.ts';

/**
 * The converter store for one mounted view, converting in a worker (one at a
 * time, only the newest edit waiting) and following the saved target.
 */
export function useConverterStore(target: string, saveTarget: (target: string) => void): ConverterStore {
  const save = useRef(saveTarget);
  save.current = saveTarget;
  const [parts] = useState(() => {
    const converter = new Converter();
    const store = createConverterStore({
      convert: (request) => converter.convert(request),
      settings: { target, saveTarget: (chosen) => save.current(chosen) },
    });
    return { converter, store };
  });
  useEffect(
    () => () => {
      parts.store.dispose();
      parts.converter.dispose();
    },
    [parts],
  );
  useEffect(() => parts.store.syncTarget(target), [parts, target]);
  return parts.store;
}
