// One Babel config for webpack (envName = webpack mode) and jest (envName = test).
module.exports = (api) => {
  const env = api.env();
  const isTest = env === 'test';
  const hot = api.caller((caller) => Boolean(caller && caller.hot));
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest
          ? { targets: { node: 'current' } }
          : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic', development: env !== 'production' }],
      ['@babel/preset-typescript', { onlyRemoveTypeImports: true }],
    ],
    plugins: ['relay', hot && 'react-refresh/babel'].filter(Boolean),
  };
};
