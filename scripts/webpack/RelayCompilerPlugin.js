// The Relay compiler inside webpack's watch (`npm run dev`), so that a
// fragment edit reaches the browser as one hot update (issue 14):
//
// - Before webpack compiles a change to the sources or schema.graphql,
//   relay-compiler runs and the persisted maps are made exact again. The
//   artifacts it rewrote are handed to this same compilation, so the
//   component, its fragment and its query arrive together: no update carries
//   a component whose graphql tag is newer than its artifact (Relay's
//   "definition … appears to have changed" warning), and no second update
//   follows.
// - A compiler error (an unknown field, a bad spread) becomes a webpack
//   error: the dev server's overlay shows it in the browser, and the next
//   good compile clears it.
const { spawn } = require('node:child_process');
const { readdirSync, statSync } = require('node:fs');
const { stripVTControlCharacters } = require('node:util');
const path = require('node:path');
const webpack = require('webpack');

const NAME = 'RelayCompilerPlugin';

class RelayCompilerPlugin {
  /** @param {{ root: string }} options */
  constructor({ root }) {
    this.root = root;
    this.generated = path.join(root, '__generated__');
    this.schema = path.join(root, 'schema.graphql');
    /** The compiler's last complaint, or null. */
    this.failure = null;
    this.firstRun = true;
    /** Artifacts rewritten for the compilation about to run. */
    this.rebuild = new Set();
  }

  apply(compiler) {
    compiler.hooks.watchRun.tapPromise(NAME, async () => {
      const changed = [...(compiler.modifiedFiles ?? []), ...(compiler.removedFiles ?? [])];
      const relevant = this.firstRun || changed.some((file) => this.isRelaySource(file));
      this.firstRun = false;
      if (!relevant) return;
      const started = Date.now();
      const rewritten = await this.compile();
      if (rewritten.length === 0) return;
      // Hand the new artifacts to this compilation: drop them from the file
      // system's cache, have their modules built again, and name them as
      // modified for the type checker (webpack's watcher only reports them
      // for the next compilation).
      compiler.inputFileSystem?.purge?.(rewritten);
      for (const file of rewritten) this.rebuild.add(file);
      compiler.modifiedFiles = new Set([...(compiler.modifiedFiles ?? []), ...rewritten]);
      console.log(`relay: ${rewritten.length} artifact(s) rewritten in ${Date.now() - started} ms`);
    });
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      webpack.NormalModule.getCompilationHooks(compilation).needBuild.tap(NAME, (module) =>
        this.rebuild.has(module.resource) ? true : undefined,
      );
      compilation.hooks.finishModules.tap(NAME, () => this.rebuild.clear());
      // An edit of the schema alone must also start a compile.
      compilation.fileDependencies.add(this.schema);
      if (this.failure) {
        const error = new webpack.WebpackError(`relay-compiler:\n${this.failure}`);
        error.hideStack = true;
        compilation.errors.push(error);
      }
    });
  }

  /** Sources the compiler reads: TypeScript outside __generated__, and the schema. */
  isRelaySource(file) {
    if (file === this.schema) return true;
    return (
      /\.tsx?$/.test(file) &&
      !file.startsWith(this.generated) &&
      !file.includes(`${path.sep}node_modules${path.sep}`)
    );
  }

  /** Runs relay-compiler and the persisted-map step; the artifacts they rewrote. */
  async compile() {
    const before = this.artifactTimes();
    const compiled = await this.run(path.join(this.root, 'node_modules/.bin/relay-compiler'), [
      '--noWatchman',
    ]);
    if (!compiled.ok) {
      this.failure = cleanCompilerOutput(compiled.output);
      console.error(`relay: compile failed\n${this.failure}`);
      return [];
    }
    this.failure = null;
    await this.run(process.execPath, [
      path.join(this.root, 'scripts/persisted-queries.mjs'),
      'write',
    ]);
    const after = this.artifactTimes();
    return [...after].filter(([file, time]) => before.get(file) !== time).map(([file]) => file);
  }

  artifactTimes() {
    const times = new Map();
    for (const name of readdirSync(this.generated)) {
      const file = path.join(this.generated, name);
      times.set(file, statSync(file).mtimeMs);
    }
    return times;
  }

  run(command, args) {
    return new Promise((resolve) => {
      const child = spawn(command, args, { cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => resolve({ ok: false, output: String(error) }));
      child.on('exit', (code) => resolve({ ok: code === 0, output }));
    });
  }
}

/** The compiler's message without colour codes and progress lines. */
function cleanCompilerOutput(output) {
  return stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => !/^\[INFO\]/.test(line.trim()))
    .join('\n')
    .trim();
}

module.exports = { RelayCompilerPlugin };
