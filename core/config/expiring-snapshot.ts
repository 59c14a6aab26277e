/**
 * A value loaded at most once per `ttlMs` and shared by concurrent callers; `invalidate()` makes the
 * next read load again. Several processes each keep their own copy, so they agree within `ttlMs`.
 * A failed load is not kept: the caller sees the error and the next read tries again.
 */
export interface ExpiringSnapshot<T> {
  get(): Promise<T>;
  /** The value if it is loaded and fresh, without loading: for callers that cannot wait. */
  peek(): T | undefined;
  invalidate(): void;
}

export function expiringSnapshot<T>(
  load: () => Promise<T>,
  options: { ttlMs: number; now?: () => number },
): ExpiringSnapshot<T> {
  const now = options.now ?? (() => Date.now());
  let current: { value: T; expiresAt: number } | null = null;
  let pending: Promise<T> | null = null;
  // Bumped by invalidate(): a load that started before a change must not install the old value.
  let generation = 0;

  const refresh = (): Promise<T> => {
    const startedIn = generation;
    const loading = load().then((value) => {
      if (startedIn === generation) current = { value, expiresAt: now() + options.ttlMs };
      return value;
    });
    pending = loading;
    const settled = () => {
      if (pending === loading) pending = null;
    };
    loading.then(settled, settled);
    return loading;
  };

  return {
    get() {
      if (current && now() < current.expiresAt) return Promise.resolve(current.value);
      return pending ?? refresh();
    },
    peek() {
      return current && now() < current.expiresAt ? current.value : undefined;
    },
    invalidate() {
      generation += 1;
      current = null;
      pending = null;
    },
  };
}
