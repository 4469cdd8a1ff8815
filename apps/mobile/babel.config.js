// babel-preset-expo also compiles packages/core's TypeScript sources (imported as source).
module.exports = function (api) {
  api.cache(true);
  return { presets: ['babel-preset-expo'] };
};
