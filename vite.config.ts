import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { endpointRoutes } from "./web/api/endpoint-routes.plugin.js";
import { staffAppPrecache } from "./web/features/checkin/staff/offline-precache.plugin.js";

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

const mantineStyles = "virtual:mantine-styles";

/**
 * Mantine's stylesheet follows its components into the chunks that use them, so a guest's event page carries the CSS
 * of its buttons and cards, not of the back office's tables and date pickers. Each Mantine component reads its class
 * names from `<Name>.module.mjs`, which the build makes import `styles/<Name>.layer.css`; a component's own imports
 * come before that one, so the CSS of what it is made of (UnstyledButton under Button) comes first, as in Mantine's
 * whole stylesheet. `virtual:mantine-styles` (web/main.tsx) is the base every page needs: the reset, the theme's
 * variables, the global rules. Everything is in the `mantine` layer, so the app's own CSS wins whatever the order in
 * which chunks arrive. The development server sends Mantine as one pre-bundled file: it gets the whole stylesheet.
 */
function mantineCssPerComponent(): Plugin {
  const resolvedId = `\0${mantineStyles}`;
  const classNames = /@mantine\/core\/esm\/.+\/(\w+)\.module\.mjs$/;
  let building = false;
  return {
    name: "mantine-css-per-component",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId: (id) => (id === mantineStyles ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null;
      const base = ["baseline", "default-css-variables", "global"].map((file) => `styles/${file}.layer.css`);
      return (building ? base : ["styles.layer.css"]).map((file) => `import "@mantine/core/${file}";`).join("\n");
    },
    transform(code, id) {
      const component = building ? classNames.exec(id)?.[1] : undefined;
      if (!component) return null;
      return { code: `${code}\nimport "@mantine/core/styles/${component}.layer.css";\n`, map: null };
    },
  };
}

const staffPrecache = staffAppPrecache();

/**
 * The offline check-in app (SPEC §2 check-in sessions): a service worker for the staff pages under /checkin/ (and
 * /fr/checkin/…: the page registers it for its own folder) only, so the scan page reloads with no network. The organizer's and guests' pages stay outside its scope, and the staff
 * pages register it themselves (offline-app.ts): nothing is added to the pages everyone loads. The manifest and icons
 * are files of web/public/checkin/, linked from the staff pages only.
 */
const staffServiceWorker = VitePWA({
  injectRegister: false,
  manifest: false,
  filename: "checkin-sw.js",
  scope: "/checkin/",
  workbox: {
    globPatterns: ["**/*.{js,css,wasm,html,png,webmanifest}"],
    manifestTransforms: [staffPrecache.manifestTransform],
    // The QR decoder's WebAssembly is over a megabyte.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // The server writes each page's language into index.html: the network's page first, the bare copy offline.
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: ({ request }) => request.mode === "navigate",
        handler: "NetworkFirst",
        options: {
          cacheName: "checkin-pages",
          networkTimeoutSeconds: 4,
          precacheFallback: { fallbackURL: "/index.html" },
        },
      },
      {
        // The session a device joined: what the scan page shows first, offline too.
        urlPattern: ({ url }) => url.pathname === "/api/v1/public/checkin/session",
        handler: "NetworkFirst",
        options: { cacheName: "checkin-session", networkTimeoutSeconds: 4 },
      },
    ],
  },
});

export default defineConfig({
  root: "web",
  plugins: [
    react(),
    endpointRoutes(),
    mantineCssPerComponent(),
    compressAssets(),
    staffPrecache.plugin,
    staffServiceWorker,
  ],
  build: { outDir: "../dist/web", emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" } },
});
