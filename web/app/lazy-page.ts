import type { ComponentType } from "react";

/** SPEC §9: a code chunk that has not arrived after 120 seconds counts as failed. */
const chunkTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("Loading chunk failed", { cause });
    this.name = "ChunkLoadError";
  }
}

/**
 * A React Router `lazy` loader for one page: the router shows the loading line while the chunk arrives and the
 * error page ("Loading chunk failed") if it does not.
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), chunkTimeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } catch (error) {
      throw new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
