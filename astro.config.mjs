// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import precompress from './scripts/precompress.mjs';
import nodeServer from './scripts/build-node-server.mjs';
import { oldEnginePostcssPlugins } from './scripts/css/old-engines.mjs';
import { islandStylesInCss, keepPageModules, lazyLoggerClock, memoiseCspDigests, ordinalRouteOrder } from './scripts/astro-build-plugins.mjs';

/**
 * `client:interaction`: islands hydrate on the first interaction with their form (src/client/interaction.ts).
 * @returns {import('astro').AstroIntegration}
 */
function hydrateOnInteraction() {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/client/interaction.ts', import.meta.url)) });
      },
    },
  };
}

/** The modules every island's page needs: React, react-dom, Astro's React renderer, and form-kit with what it imports. */
const islandRuntime = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]|src[\\/](islands[\\/]form-kit|lib[\\/]form-rules|lib[\\/]text)\./;

export default defineConfig({
  output: 'server',
  // middleware: the adapter's handler only renders; the Node server (src/server/node/, compiled
  // into dist/server/node/ by nodeServer() below) serves dist/client's files itself, so a page no
  // longer costs a stat() of the disk on libuv's pool (shared with argon2).
  // experimentalDisableStreaming: a page is rendered to one string and sent with its
  // Content-Length, where streaming encoded every chunk of the render on its own (TextEncoder) and
  // pulled it through a web stream. Every page here asks the database in its frontmatter, before
  // its first byte, so streaming sent nothing earlier; a render that throws now answers a whole
  // error page instead of half a page. Server CPU per sequential /dashboard, with the icon and
  // compiled-read changes beside it: median 2.64 → 2.28 ms; at 16 connections within the noise
  // (a first pair looked like 474/470 → 570/513 req/s; six more did not bear it out).
  // bodySizeLimit: above the largest body the bank reads, a selfie's upload (5 MiB and 64 KiB,
  // src/server/http/body.ts uploadCapBytes); every other body is refused at 64 KiB as it is read.
  adapter: node({ mode: 'middleware', bodySizeLimit: 6 * 1024 * 1024, experimentalDisableStreaming: true }),
  integrations: [react(), hydrateOnInteraction(), precompress(), nodeServer()],
  server: { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT ?? 4321) },
  security: {
    // The same check runs in src/middleware.ts (src/server/http/form-origin.ts) for pages, and
    // apiOriginAllowed for /api, so API answers keep the JSON envelope and Bearer clients can post forms.
    checkOrigin: false,
    // No allowedDomains: behind a TLS proxy, PUBLIC_ORIGIN and TRUST_PROXY are read at run time by
    // src/server/http/client.ts. This Astro's node adapter would use allowedDomains only to take the
    // left-most X-Forwarded-For (the one a client can type) as clientAddress, from any peer, and
    // would fix the public origin at build time; the URL's protocol it never takes from the proxy.
    csp: {
      // Astro sends this policy as a header on pages, with hashes for its own scripts and styles.
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "form-action 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss(), memoiseCspDigests(), keepPageModules(), lazyLoggerClock(), ordinalRouteOrder(), islandStylesInCss()],
    // Tailwind's output is made readable by the engines of package.json's browserslist
    // (scripts/css/old-engines.mjs). That pipeline minifies with Lightning CSS itself; Vite's
    // minifier would drop the fallbacks it adds last, so it is off.
    css: { postcss: { plugins: oldEnginePostcssPlugins() } },
    build: { cssMinify: false },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Every island page loads React, react-dom, Astro's renderer and form-kit (the 75 kB cap,
              // docs/decisions/003-page-weight-budget.md): one file for them gzips about 0.8 kB smaller than three.
              // The password rules and fields, which only the sign-in and password forms need, in one file of their own.
              codeSplitting: {
                groups: [
                  { name: 'client', test: islandRuntime, priority: 10 },
                  { name: 'passwords', test: /src[\\/](islands[\\/]password-fields|lib[\\/]checks[\\/]passwords)\./, priority: 5 },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // The built server writes Astro's own lines as JSON like the app's (the astro CLI keeps its console output).
  logger: { entrypoint: './src/server/astro-log.ts' },
});
