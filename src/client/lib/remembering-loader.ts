/** A module loader that remembers what it loaded, so what it loaded can be used without waiting again. */
export type RememberingLoader<M> = (() => Promise<M>) & { loaded: () => M | undefined };

/** Loads once and keeps the module; a failed load is tried again the next time it is asked for. */
export function remembering<M>(load: () => Promise<M>): RememberingLoader<M> {
  let pending: Promise<M> | undefined;
  let module: M | undefined;
  const loader = () => {
    pending ??= load().then(
      (loaded) => {
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(loader, { loaded: () => module });
}
