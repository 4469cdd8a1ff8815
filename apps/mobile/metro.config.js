// Metro for the iOS app and its web export. packages/core and packages/client are imported as
// TypeScript source (nothing copied, nothing built); every bare import inside them (zod,
// @noble/hashes, socket.io-client) resolves from this app's own node_modules, so each library
// is bundled once even when the monorepo's root node_modules also has a copy.
const path = require('node:path');
const { getDefaultConfig } = require('expo/metro-config');

const appDir = __dirname;
const coreDir = path.resolve(appDir, '../../packages/core');
const clientDir = path.resolve(appDir, '../../packages/client');
// Each shared package by its import prefix: `@meeet/core/api/user` is core's src/api/user.ts.
const packages = [
  { prefix: '@meeet/core/', dir: coreDir },
  { prefix: '@meeet/client/', dir: clientDir },
];

const config = getDefaultConfig(appDir);
config.watchFolders = packages.map(({ dir }) => dir);
config.resolver.nodeModulesPaths = [path.join(appDir, 'node_modules')];
const defaultResolve = config.resolver.resolveRequest;
config.resolver.resolveRequest = (context, moduleName, platform) => {
  const resolve = defaultResolve ?? context.resolveRequest;
  const shared = packages.find(({ prefix }) => moduleName.startsWith(prefix));
  if (shared) {
    const file = path.join(shared.dir, 'src', `${moduleName.slice(shared.prefix.length)}.ts`);
    return { type: 'sourceFile', filePath: file };
  }
  const fromPackage = packages.some(({ dir }) =>
    context.originModulePath.startsWith(dir + path.sep),
  );
  if (fromPackage && !moduleName.startsWith('.') && !path.isAbsolute(moduleName)) {
    const asApp = { ...context, originModulePath: path.join(appDir, 'package.json') };
    return resolve(asApp, moduleName, platform);
  }
  return resolve(context, moduleName, platform);
};

module.exports = config;
