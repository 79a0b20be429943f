// One Babel config for webpack (envName = webpack mode) and jest (envName = test).

/** jest runs CommonJS, where `import.meta` is a syntax error: webpack's hot API is simply absent there. */
const noHotModuleReplacement = ({ types: t }) => ({
  visitor: {
    MemberExpression(path) {
      if (
        t.isMetaProperty(path.node.object) &&
        t.isIdentifier(path.node.property, { name: 'webpackHot' })
      )
        path.replaceWith(t.identifier('undefined'));
    },
  },
});

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
    plugins: ['relay', hot && 'react-refresh/babel', isTest && noHotModuleReplacement].filter(
      Boolean,
    ),
  };
};
