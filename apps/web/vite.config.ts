import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { aliases, muiWithoutCssVars } from './build/aliases.ts';
import { prerender } from './build/prerender.ts';
import { resolveDependencies } from './build/preload-deps.ts';

const backend = 'http://localhost:3000';

// Names a chunk after the feature folder a module lives in, so each route ships as its own file
// and a change to one feature never invalidates another feature's cached chunk.
function featureChunk(id: string): string | null {
  // A feature's strings stay one chunk per language, fetched only in the language shown.
  if (/[\\/]locales[\\/]/.test(id)) return null;
  // The referral programme page is a chunk of its own, with the libraries only it uses (and its
  // chart, lazier still): grouped into feature-account, rolldown emitted a page chunk exporting
  // a namespace it never defined ("Export 'referral_page_exports' is not defined in module").
  if (/[\\/]features[\\/]account[\\/]referral(-page\.tsx$|[\\/])/.test(id)) return null;
  const match = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id);
  return match ? `feature-${match[1]}` : null;
}

export default defineConfig(({ mode }) => {
  const pages = prerender();
  return {
    plugins: [react(), muiWithoutCssVars(), pages.plugin, precompress({ after: pages.done })],
    resolve: { alias: aliases({ production: mode === 'production' }) },
    server: {
      proxy: {
        '/api': { target: backend, changeOrigin: true },
        '/socket.io': { target: backend, ws: true, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target: backend, changeOrigin: true },
        '/socket.io': { target: backend, ws: true, changeOrigin: true },
      },
    },
    build: {
      target: 'baseline-widely-available',
      modulePreload: { resolveDependencies },
      rolldownOptions: {
        treeshake: {
          // Schema modules in packages/core build zod schemas at module level. Building one has
          // no side effect, so saying so lets the unused ones drop out of the chunks that import
          // a module for a single schema or helper.
          manualPureFunctions: ['z'],
        },
        output: {
          codeSplitting: {
            // Without this a feature group would drag the shared libraries it uses (MUI, emotion)
            // into its own chunk, and the first page would then have to load that feature.
            includeDependenciesRecursively: false,
            groups: [
              // React and the router change rarely; one long-lived cached chunk for them.
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 3,
              },
              // Schemas are for forms and API checks on later screens; pinning zod to its own chunk
              // stops the bundler from merging it into a chunk the first page loads.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
              // The cookie banner's checkboxes are also the forms' checkboxes. Shared, they would
              // be split into several tiny chunks the first page pays a request and a wrapper for
              // each of; one chunk keeps that cost as it was.
              {
                name: 'mui-checkbox',
                test: /node_modules[\\/]@mui[\\/]material[\\/]esm[\\/](Checkbox|FormControlLabel|FormGroup|internal[\\/](SwitchBase|switchBaseClasses|svg-icons[\\/](CheckBox|CheckBoxOutlineBlank|IndeterminateCheckBox))|FormControl[\\/](useFormControl|formControlState|FormControlContext))/,
                priority: 3,
              },
              { name: featureChunk, debugName: 'features', priority: 2 },
            ],
          },
        },
      },
    },
  };
});
