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
          ? // CommonJS even for import(): jest runs with --experimental-vm-modules (PGlite needs
            // native dynamic import), and our lazy route modules must still load as CommonJS.
            { targets: { node: 'current' }, modules: 'commonjs' }
          : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic', development: env !== 'production' }],
      ['@babel/preset-typescript', { onlyRemoveTypeImports: true }],
    ],
    plugins: ['relay', hot && 'react-refresh/babel'].filter(Boolean),
  };
};
