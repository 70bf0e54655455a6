import type { Plugin, Rolldown } from "vite";
import type { ManifestTransform } from "workbox-build";

/** The modules that make the staff app: its pages, and the guest part of the catalogues its text is read from. */
const staffModule = /\/web\/features\/checkin\/staff\/|\/web\/i18n\/guest\/(en|fr|es)\.json$/;

/** Files the service worker keeps beside the built chunks: the page itself and the app's manifest and icons. */
const alwaysKept = (url: string) => url === "index.html" || url.startsWith("checkin/");

/**
 * The files the offline staff app needs to start with no network, and nothing else: a phone at the door should not
 * download the whole back office. Reads the build's chunk graph: the entry with its static imports (the app's frame
 * and router), and every chunk holding a staff module with everything it imports, statically or lazily (the camera
 * decoder and its WebAssembly), with their stylesheets and assets. `manifestTransform` keeps only those in the
 * service worker's precache list (vite-plugin-pwa writes the worker after the bundle, so the set is complete then).
 */
export function staffAppPrecache(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const needed = new Set<string>();
  const plugin: Plugin = {
    name: "staff-app-precache",
    apply: "build",
    generateBundle(_options, bundle) {
      needed.clear();
      for (const file of staffFiles(bundle)) needed.add(file);
    },
  };
  const manifestTransform: ManifestTransform = async (entries) => ({
    manifest: entries.filter((entry) => alwaysKept(entry.url) || needed.has(entry.url)),
    warnings: [],
  });
  return { plugin, manifestTransform };
}

function staffFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
  const files = new Set<string>();
  /** Chunk → whether its lazy imports were followed too. */
  const visited = new Map<string, boolean>();
  const visit = (fileName: string, followLazy: boolean) => {
    const chunk = chunks.get(fileName);
    const seen = visited.get(fileName);
    if (!chunk || seen === true || (seen === false && !followLazy)) return;
    visited.set(fileName, followLazy);
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const imported of chunk.imports) visit(imported, followLazy);
    // The entry's lazy imports are every page of the platform, even when reached from a staff page that imports from
    // it; a staff chunk's are its own (the camera decoder).
    if (followLazy && !chunk.isEntry) for (const imported of chunk.dynamicImports) visit(imported, true);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName, false);
  // The entry holds the staff app's routes (the router imports them), not its pages: it is no staff chunk.
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry && chunk.moduleIds.some((id) => staffModule.test(id))) visit(chunk.fileName, true);
  }
  return files;
}
