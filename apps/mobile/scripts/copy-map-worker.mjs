#!/usr/bin/env node
// MapLibre 6 draws in a module worker it finds next to its own file (`import.meta.url`), which a
// Metro bundle does not have: the worker of the installed version is copied into public/ (served
// at /maplibre/ by the web build) and the map is told where it is (people-map.web.tsx).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const app = resolve(import.meta.dirname, '..');
const require = createRequire(join(app, 'package.json'));
const dist = join(dirname(require.resolve('maplibre-gl/package.json')), 'dist');
const target = join(app, 'public', 'maplibre');
mkdirSync(target, { recursive: true });
copyFileSync(join(dist, 'maplibre-gl-worker.mjs'), join(target, 'maplibre-gl-worker.mjs'));
