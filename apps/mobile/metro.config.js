// Metro for the iOS app and its web export. packages/core is imported as TypeScript source
// (nothing copied, nothing built); every bare import inside it (zod, @noble/hashes) resolves
// from this app's own node_modules, so each library is bundled once even when the monorepo's
// root node_modules also has a copy.
const path = require('node:path');
const { getDefaultConfig } = require('expo/metro-config');

const appDir = __dirname;
const coreDir = path.resolve(appDir, '../../packages/core');
const coreSrc = path.join(coreDir, 'src');

const config = getDefaultConfig(appDir);
config.watchFolders = [coreDir];
config.resolver.nodeModulesPaths = [path.join(appDir, 'node_modules')];
const defaultResolve = config.resolver.resolveRequest;
config.resolver.resolveRequest = (context, moduleName, platform) => {
  const resolve = defaultResolve ?? context.resolveRequest;
  if (moduleName.startsWith('@meeet/core/')) {
    const file = path.join(coreSrc, `${moduleName.slice('@meeet/core/'.length)}.ts`);
    return { type: 'sourceFile', filePath: file };
  }
  const fromCore = context.originModulePath.startsWith(coreDir + path.sep);
  if (fromCore && !moduleName.startsWith('.') && !path.isAbsolute(moduleName)) {
    const asApp = { ...context, originModulePath: path.join(appDir, 'package.json') };
    return resolve(asApp, moduleName, platform);
  }
  return resolve(context, moduleName, platform);
};

module.exports = config;
