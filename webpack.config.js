// Two builds. The client: `webpack --mode production` writes dist/ (static
// files for any CDN) and dist/client-assets.json; `webpack serve --mode
// development` is the dev server with Fast Refresh (pages rendered in the
// browser). The server renderer: dist/server/render.js, the same components
// compiled for Node (babel-plugin-relay turns their graphql tags into artifacts).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const ForkTsCheckerWebpackPlugin = require('fork-ts-checker-webpack-plugin');
const { RelayCompilerPlugin } = require('./scripts/webpack/RelayCompilerPlugin');
const {
  activityCompatiblePlugin,
  browserRelayAliases,
  noLiveResolversPlugin,
  unusedByFolioPlugin,
} = require('./scripts/webpack/relay/browserRelay');
const zlib = require('node:zlib');

// The two faces every page opens with (Latin subset). Preloaded so that they
// have arrived when the first page renders: no swap, so no layout shift.
const PRELOADED_FONTS =
  /^assets\/(inter-latin-wght-normal|source-serif-4-latin-wght-normal)\.[0-9a-f]+\.woff2$/;

/** Adds `<link rel="preload" as="font">` for PRELOADED_FONTS to index.html. */
class PreloadFontsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadFontsPlugin',
        (groups) => {
          const fonts = Object.keys(compilation.assets)
            .filter((name) => PRELOADED_FONTS.test(name))
            .sort();
          const links = fonts.map((name) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `/${name}`,
            }),
          );
          groups.headTags.unshift(...links);
          return groups;
        },
      );
    });
  }
}

/**
 * Writes dist/client-assets.json (see src/ssr/clientAssets.ts): the entry's
 * scripts and styles, the preloaded fonts, and each named page chunk's files,
 * so the server can name exactly what a page needs in its document.
 */
class ClientAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ClientAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ClientAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = compilation.outputOptions.publicPath;
          const filesOf = (group) => {
            const files = group.chunks
              .flatMap((chunk) => [...chunk.files])
              .filter((file) => !file.endsWith('.map'));
            return {
              scripts: files
                .filter((file) => file.endsWith('.js'))
                .map((file) => publicPath + file),
              styles: files
                .filter((file) => file.endsWith('.css'))
                .map((file) => publicPath + file),
            };
          };
          const entry = filesOf(compilation.entrypoints.get('main'));
          const chunks = {};
          for (const [name, group] of compilation.namedChunkGroups)
            if (name !== 'main') chunks[name] = filesOf(group);
          const fonts = Object.keys(compilation.assets)
            .filter((name) => PRELOADED_FONTS.test(name))
            .sort()
            .map((name) => publicPath + name);
          const manifest = { ...entry, fonts, chunks };
          compilation.emitAsset(
            'client-assets.json',
            new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * Babel for Folio's own code. The mode goes to Babel, or preset-react's
 * development flag disagrees with the React build (`jsxDEV is not a
 * function`). The cache is keyed on what babel-plugin-relay reads from the
 * environment as well as on Babel's options (see BABEL_ENV below). Production
 * builds use no cache: what Babel's cache gives back differs a little from a
 * fresh compile (its source maps), and the hashes, the minifier's names and
 * so the runtime's file name followed it, so a first build and a second named
 * their assets differently. Without it, the same commit builds the same asset
 * names on any machine (CI builds twice and compares, .ci/run).
 */
function babelLoader(mode) {
  const relayEnvironment = process.env.BABEL_ENV || process.env.NODE_ENV || '';
  const cacheIdentifier = `core${require('@babel/core').version},loader${require('babel-loader/package.json').version},relay:${relayEnvironment}`;
  return {
    loader: 'babel-loader',
    options: { envName: mode, cacheDirectory: mode !== 'production', cacheIdentifier },
  };
}

// In development the API runs on its own port behind the dev server's proxy.
const API_ORIGIN = process.env.FOLIO_API_ORIGIN || 'http://127.0.0.1:4001';

module.exports = (_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  // babel-plugin-relay follows each graphql tag with a development check of its
  // artifact ("appears to have changed"), left out only when BABEL_ENV or
  // NODE_ENV says production, and webpack's mode sets neither in this process.
  if (mode === 'production') process.env.BABEL_ENV = 'production';
  const serving = Boolean(process.env.WEBPACK_SERVE);
  // The dev server serves the client alone; a build makes both.
  return serving ? clientConfig(mode, serving) : [clientConfig(mode, serving), serverConfig(mode)];
};

function clientConfig(mode, serving) {
  const dev = mode === 'development';
  return {
    name: 'client',
    mode,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: dev ? 'assets/[name].js' : 'assets/[name].[contenthash:10].js',
      chunkFilename: dev ? 'assets/[name].chunk.js' : 'assets/[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // dist/server/ is the server build's (the two run side by side).
      clean: { keep: /^server[\\/]/ },
    },
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@generated': path.resolve(__dirname, '__generated__'),
        // Relay without the modules Folio's client never runs (scripts/webpack/relay/).
        ...browserRelayAliases,
        // react-router's package exports point every bundler at its development
        // build (extra checks and warnings); production bundles take its production build.
        ...(dev
          ? {}
          : {
              'react-router$': path.resolve(
                __dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            }),
      },
    },
    module: {
      // A name imported but not exported fails the build (the Relay entries above export only what is used).
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: babelLoader(mode),
        },
        // Each locale's catalog without the messages only the server writes (scripts/webpack/clientCatalog.js).
        {
          test: /[\\/]src[\\/]i18n[\\/]__generated__[\\/](?!messageIds)[^\\/]+\.ts$/,
          enforce: 'pre',
          use: path.resolve(__dirname, 'scripts/webpack/clientCatalog.js'),
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // The page the dev server answers every path with; built pages come from the server renderer.
      serving && new HtmlWebpackPlugin({ template: './src/index.html' }),
      serving && new PreloadFontsPlugin(),
      new ClientAssetsPlugin(),
      activityCompatiblePlugin(),
      noLiveResolversPlugin(),
      unusedByFolioPlugin(),
      new MiniCssExtractPlugin({
        filename: dev ? 'assets/[name].css' : 'assets/[name].[contenthash:10].css',
        chunkFilename: dev ? 'assets/[name].chunk.css' : 'assets/[name].[contenthash:10].css',
      }),
      new webpack.DefinePlugin({
        // Build-time endpoint (see src/relay/endpoint.ts); empty means the default.
        'process.env.FOLIO_GRAPHQL_ENDPOINT': JSON.stringify(
          process.env.FOLIO_GRAPHQL_ENDPOINT || '',
        ),
        'process.env.FOLIO_GRAPHQL_GET': JSON.stringify(process.env.FOLIO_GRAPHQL_GET || ''),
      }),
      dev && serving && new ReactRefreshWebpackPlugin({ overlay: false }),
      // `npm run dev`: the Relay compiler runs before each compile, and its
      // errors and TypeScript's (the whole project, as `npm run typecheck`)
      // show in the browser's overlay until they are fixed.
      dev && serving && new RelayCompilerPlugin({ root: __dirname }),
      dev &&
        serving &&
        new ForkTsCheckerWebpackPlugin({
          typescript: { configFile: path.resolve(__dirname, 'tsconfig.json'), mode: 'readonly' },
        }),
      // Hashed files never change, so they are compressed once, at the best
      // ratios (brotli 11, gzip 9), and the server sends these bytes as they are.
      !dev &&
        new CompressionPlugin({
          filename: '[path][base].br',
          algorithm: 'brotliCompress',
          test: /\.(js|css|svg)$/,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
          threshold: 1024,
          minRatio: 0.9,
        }),
      !dev &&
        new CompressionPlugin({
          filename: '[path][base].gz',
          algorithm: 'gzip',
          test: /\.(js|css|svg)$/,
          compressionOptions: { level: 9 },
          threshold: 1024,
          minRatio: 0.9,
        }),
    ].filter(Boolean),
    optimization: {
      splitChunks: {
        chunks: 'all',
        // The libraries every page needs, in three files rather than one: each
        // is compiled and run as its own task, so none blocks the main thread
        // for long on a slow phone (Lighthouse's Total Blocking Time), and
        // they download side by side.
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            priority: 20,
          },
          relay: {
            test: /[\\/](node_modules[\\/](react-relay|relay-runtime|invariant|fbjs|@babel[\\/]runtime)|scripts[\\/]webpack[\\/]relay)[\\/]/,
            name: 'relay',
            priority: 20,
            // What only a page loaded later needs (subscribing, in live; paging, in the list pages') stays in its chunk.
            chunks: 'initial',
          },
          router: {
            test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
            name: 'router',
            priority: 20,
          },
        },
      },
      runtimeChunk: 'single',
      // Terser's third pass finds a little more to drop than webpack's two
      // (0.2 kB of brotli on an article page, mostly react-router's).
      minimizeOptions: { javascript: { compress: { passes: 3 } } },
    },
    performance: {
      hints: dev ? false : 'warning',
      maxEntrypointSize: 600000,
      maxAssetSize: 600000,
    },
    devServer: {
      host: process.env.HOST || '127.0.0.1',
      port: Number(process.env.PORT || 4000),
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      // '/__folio/content': saved content/ files published by the API, as events (src/routing/contentEvents.ts).
      proxy: [
        {
          context: [
            '/graphql',
            '/images',
            '/preview',
            '/feed.xml',
            '/sitemap.xml',
            '/sitemaps',
            '/robots.txt',
            '/__folio/content',
          ],
          target: API_ORIGIN,
        },
      ],
    },
  };
}

/**
 * The server renderer: src/ssr/renderPage.tsx for Node, one file, its
 * libraries left to node_modules. CSS is not emitted (the client build has
 * it); asset imports resolve to the same hashed URLs as the client's.
 */
function serverConfig(mode) {
  return {
    name: 'server',
    mode,
    target: 'node20',
    entry: { render: './src/ssr/renderPage.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: 'source-map',
    externalsPresets: { node: true },
    // Libraries load from node_modules at run time; only Folio's own code (and its artifacts) is bundled.
    externals: [
      ({ request }, callback) =>
        /^[a-z@][^:]*$/i.test(request) && !request.startsWith('@generated/')
          ? callback(null, `commonjs ${request}`)
          : callback(),
    ],
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@generated': path.resolve(__dirname, '__generated__') },
    },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: babelLoader(mode) },
        {
          test: /\.css$/,
          use: [{ loader: MiniCssExtractPlugin.loader, options: { emit: false } }, 'css-loader'],
        },
        {
          test: /\.(woff2?|png|jpe?g|svg|webp)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin(),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}
