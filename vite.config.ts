import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a compressed copy saves less than its headers and a disk read cost. */
const compressFromBytes = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each built script and stylesheet, at the highest levels,
 * once per build: the server sends them as they are (@fastify/static's `preCompressed`) and compresses nothing per
 * request. index.html is left out: the server fills it in for each page.
 */
function compressAssets(): Plugin {
  return {
    name: "compress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "";
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg|json|wasm)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          if (content.length < compressFromBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: "web",
  plugins: [react(), compressAssets()],
  build: { outDir: "../dist/web", emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" } },
});
