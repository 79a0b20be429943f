// Plain CommonJS so that no compiler rewrites this `import()` into `require()`:
// `feed` 6 is an ES module only, and both Node and jest (with --experimental-vm-modules) load it this way.
module.exports.importFeed = () => import('feed');
