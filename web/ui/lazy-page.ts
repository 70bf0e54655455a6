import type { ComponentType } from "react";

/** SPEC §9: a code chunk that has not arrived after 120 seconds counts as failed. */
const chunkTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("Loading chunk failed", { cause });
    this.name = "ChunkLoadError";
  }
}

/** One code chunk (a page, a layout, a catalogue): a ChunkLoadError when it fails or has not arrived in time. */
export async function loadChunk<Module>(load: () => Promise<Module>): Promise<Module> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), chunkTimeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw new ChunkLoadError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A React Router `lazy` loader for one page or layout: the router shows the loading line while the chunk arrives and
 * the error page ("Loading chunk failed") if it does not.
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}
