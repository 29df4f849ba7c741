// One webpack setup for the shell and the three remotes; each package passes what differs.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { runtimeConfigFromEnv } = require('../../contracts/src/service-config.cjs');
const { createAuthEmulatorProxy } = require('../auth-emulator/proxy.cjs');
const { StartupScriptsPlugin } = require('./startup-scripts-plugin.cjs');

/** Where the shell's server build goes: beside its browser build, never served to browsers. */
const SHELL_SERVER_DIR = 'dist-server';
/**
 * A remote's server build sits inside its browser build (`server/`), so a release copies both and the
 * server loads it over HTTP from the same place as the browser's files (contracts' serverEntryUrl).
 */
const REMOTE_SERVER_DIR = 'server';

/**
 * Shared once per page (contracts/src/shared-singletons.json, the list the api's release check reads
 * too). The contracts package carries the auth store, the api client and the query layer, so it (and
 * what holds state across remotes) must be one copy. A shared module keeps every export, so libraries
 * that hold no state stay out of the list: zod shared would ship whole, every locale included
 * (~30 KB of its 74 KB compressed); each build tree-shakes its own copy (~24 KB) instead.
 */
/** @type {string[]} */
const SINGLETONS = require('../../contracts/src/shared-singletons.json').modules;

/**
 * The shared libraries every page of the shell starts with, in two files instead of ten (each
 * shared module is a chunk of its own otherwise): fewer requests on a cold load, each with its own
 * response headers. Only libraries a page always loads belong here: a chunk loads whole.
 */
const STARTUP_LIBRARY_CHUNKS = {
  react: {
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    name: 'react',
    chunks: /** @type {const} */ ('async'),
    enforce: true,
    priority: 20,
  },
  libraries: {
    // With contracts' router entry: a list of react-router's exports, a file of its own otherwise.
    test: /[\\/]node_modules[\\/](styled-components|stylis|@emotion|zustand|react-router|@tanstack)[\\/]|[\\/]contracts[\\/]src[\\/]router\.ts$/,
    name: 'libraries',
    chunks: /** @type {const} */ ('async'),
    enforce: true,
    priority: 10,
  },
};

/** @param {string} request */
function packageName(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The version of the installed package that `request` belongs to, as found from `packageDir` (its
 * own node_modules, then the workspace's), or undefined when it is not installed there.
 * @param {string} request
 * @param {string} packageDir
 */
function installedVersion(request, packageDir) {
  const name = packageName(request);
  for (let dir = packageDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return /** @type {{ version: string }} */ (JSON.parse(readFileSync(file, 'utf8'))).version;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * A package shares only the singletons it depends on: a remote that never uses a form library
 * neither declares nor bundles one, and uses the shell's copy if a shared module needs it. Each is
 * provided as its package's version: a subpath with a package.json of its own would otherwise take
 * that file's (@hookform/resolvers/zod says 1.0.0), which satisfies no remote's range.
 * @param {Record<string, string>} dependencies the package's, from its package.json
 * @param {string} packageDir where the package is, to find the versions installed for it
 */
function sharedSingletons(dependencies, packageDir) {
  return Object.fromEntries(
    SINGLETONS.filter((request) => dependencies[packageName(request)]).map((request) => {
      const version = installedVersion(request, packageDir);
      return [request, { singleton: true, requiredVersion: dependencies[packageName(request)], ...(version ? { version } : {}) }];
    }),
  );
}

/**
 * .gz and .br siblings (best compression, `name.js.gz` / `name.js.br`) that the static server sends
 * as they are. No size threshold: small chunks shrink too; minRatio (0.8) skips files that do not.
 */
function precompressPlugins() {
  const test = /\.(js|css|json|svg|html)$/;
  return [new CompressionPlugin({ test, algorithm: 'gzip' }), new CompressionPlugin({ test, algorithm: 'brotliCompress' })];
}

/**
 * The shell reaches the auth emulator through its own origin, as under `npm start`.
 * @param {string} emulatorHost
 * @returns {import('webpack-dev-server').Middleware}
 */
function authEmulatorMiddleware(emulatorHost) {
  const handle = createAuthEmulatorProxy({ emulatorHost, standInSecret: process.env.AUTH_STAND_IN_SECRET });
  return {
    name: 'auth-emulator',
    middleware: (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res, /** @type {(error?: unknown) => void} */ next) => handle(req, res).then((handled) => handled || next(), next),
  };
}

/**
 * TypeScript and JSX through swc. The styled-components plugin gives every styled component an id
 * from its file and position, not from the order modules happen to run in: the server and the
 * browser then name the same component's class alike, whichever remote or version loaded first.
 * @param {boolean} production
 */
function scriptRule(production) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        // contracts/.swcrc compiles CommonJS for the api; in the browser it would defeat tree shaking.
        swcrc: false,
        module: { type: 'es6' },
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production } },
          target: 'es2022',
          experimental: {
            plugins: [[require.resolve('@swc/plugin-styled-components'), { ssr: true, displayName: !production, fileName: false, pure: true }]],
          },
        },
      },
    },
  };
}

/**
 * The federation runtime's Node.js loader and its browser one are picked at build time (sdk's ENV_TARGET).
 * @param {typeof import('webpack')} webpack
 * @param {'web' | 'node'} target
 */
function envTarget(webpack, target) {
  return new webpack.DefinePlugin({ ENV_TARGET: JSON.stringify(target) });
}

/**
 * The server target of a package (production only): Node.js, CommonJS, loaded through the federation
 * runtime for Node (@module-federation/node's runtime plugin fetches a remote's chunks over HTTP).
 * The shell's is an entry (`src/server/index.ts`) the shell's static server requires; a remote's is
 * its container alone, `server/remoteEntry.js`, with the exposes of its browser build plus `serverExposes`.
 * @param {{ name: string, packageDir: string, isRemote: boolean, exposes?: Record<string, string>,
 *   serverExposes: Record<string, string>, dependencies: Record<string, string>, production: boolean }} options
 * @returns {import('webpack').Configuration}
 */
function serverConfig({ name, packageDir, isRemote, exposes, serverExposes, dependencies, production }) {
  const webpack = require('webpack');
  const nodeRuntimePlugin = require.resolve('@module-federation/node/runtimePlugin');
  const prefix = isRemote ? `${REMOTE_SERVER_DIR}/` : '';
  return {
    name: `${name}-server`,
    mode: production ? 'production' : 'development',
    target: 'async-node',
    context: packageDir,
    entry: isRemote ? {} : { server: './src/server/index.ts' },
    devtool: 'hidden-source-map',
    output: {
      path: path.join(packageDir, isRemote ? 'dist' : SHELL_SERVER_DIR),
      // A remote's server build learns its public path at run time (server-public-path-plugin.cjs):
      // the browser build's folder, so the pictures it renders have the browser's URLs.
      publicPath: '',
      filename: `${prefix}[name].js`,
      chunkFilename: `${prefix}[name].[contenthash:8].js`,
      assetModuleFilename: '[name].[contenthash:8][ext]',
      uniqueName: `${name}_server`,
      library: { type: isRemote ? 'commonjs-module' : 'commonjs2' },
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      // The browser build writes the same folder (a remote's), the shell's http server the shell's:
      // each cleans only its own files.
      clean: { keep: (/** @type {string} */ file) => (isRemote ? !file.startsWith(prefix) : HTTP_SERVER_FILE.test(file)) },
    },
    resolve: resolveOptions(production),
    module: {
      rules: [
        scriptRule(production),
        // The browser build emits the pictures; the server only needs their names.
        { test: /\.(svg|png|webp)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: `${prefix}remoteEntry.js`,
        exposes: isRemote ? { ...exposes, ...serverExposes } : undefined,
        remotes: {},
        library: isRemote ? { type: 'commonjs-module' } : undefined,
        shared: sharedSingletons(dependencies, packageDir),
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        runtimePlugins: [nodeRuntimePlugin, ...(isRemote ? [require.resolve('./server-public-path-plugin.cjs')] : [])],
      }),
      envTarget(webpack, 'node'),
    ],
    // Read by Node.js, not downloaded: readable stack traces matter more than bytes.
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The shell's http server's own files in its server folder (httpServerConfig). */
const HTTP_SERVER_FILE = /^(main|http)\.js/;

/**
 * The shell's production http server (src/server/http, src/server/main.ts): plain Node.js, no
 * federation, every dependency bundled, so `node shell/dist-server/main.js` runs it. `http.js` is the
 * same server as a library, which `npm start` uses for the shell, the remotes and the release store.
 * @param {{ name: string, packageDir: string, production: boolean }} options
 * @returns {import('webpack').Configuration}
 */
function httpServerConfig({ name, packageDir, production }) {
  return {
    name: `${name}-http`,
    mode: production ? 'production' : 'development',
    target: 'node20',
    context: packageDir,
    entry: { main: './src/server/main.ts', http: './src/server/http/index.ts' },
    devtool: 'hidden-source-map',
    output: {
      path: path.join(packageDir, SHELL_SERVER_DIR),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // The server build shares the folder: only this build's own files are cleaned.
      clean: { keep: (/** @type {string} */ file) => !HTTP_SERVER_FILE.test(file) },
    },
    resolve: resolveOptions(production),
    module: {
      rules: [scriptRule(production)],
      // createRequire loads the server build at run time, from a path webpack cannot know.
      parser: { javascript: { createRequire: false } },
    },
    // The files beside the bundle (the browser build, the server build) are found from its own folder.
    node: { __dirname: false, __filename: false },
    // The OpenTelemetry SDK's hook into Node's require (require-in-the-middle) resolves modules at run
    // time, as it must: it patches only Node's built-in http and https here, never a bundled module.
    ignoreWarnings: [{ module: /[\\/]require-in-the-middle[\\/]/, message: /Critical dependency/ }],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** @param {boolean} production */
function resolveOptions(production) {
  return {
    extensions: ['.tsx', '.ts', '.js'],
    // Workspace packages are compiled from source.
    conditionNames: ['source', '...'],
    // The federation runtime in one format: the shell's injected copy (provideExternalRuntime) is
    // required as CommonJS and the bundler runtime imports ES modules, which would ship it twice.
    alias: {
      '@module-federation/runtime-core$': path.join(path.dirname(require.resolve('@module-federation/runtime-core')), 'index.js'),
      '@module-federation/sdk$': path.join(path.dirname(require.resolve('@module-federation/sdk')), 'index.js'),
      // react-router's exports name only its development build (remix-run/react-router#14102), whose
      // warnings (ENABLE_DEV_WARNINGS) stay in the bundle and print in production: its production build.
      ...(production ? { 'react-router$': path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs') } : {}),
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.name        federation name, e.g. 'mf_shop' (the shell is 'shell')
 * @param {string} options.packageDir  __dirname of the package
 * @param {number} options.port        dev-server port
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes
 * @param {string} options.title       <title> of the page
 * @param {boolean} [options.server]   a production build also makes the server target (serverConfig)
 * @param {Record<string,string>} [options.serverExposes]  modules only the server build exposes
 * @param {{ maxAssetSize: number, maxEntrypointSize: number }} options.sizeLimits  the browser build's
 *   own limits (minified bytes, before compression) for any one script and for its entry's scripts
 */
function createWebpackConfig({ name, packageDir, port, exposes, title, server = false, serverExposes = {}, sizeLimits }) {
  const isRemote = Boolean(exposes);
  const { dependencies } = require(path.join(packageDir, 'package.json'));

  /**
   * @param {unknown} _env
   * @param {{ mode?: string }} argv
   * @returns {(import('webpack').Configuration & { devServer: import('webpack-dev-server').Configuration }) | import('webpack').Configuration[]}
   */
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const browser = browserConfig(production);
    // `npm run dev` renders in the browser only; production builds render on the server too.
    if (!server || !production) return browser;
    const renderer = serverConfig({ name, packageDir, isRemote, exposes, serverExposes, dependencies, production });
    return isRemote ? [browser, renderer] : [browser, renderer, httpServerConfig({ name, packageDir, production })];
  };

  /**
   * @param {boolean} production
   * @returns {import('webpack').Configuration & { devServer: import('webpack-dev-server').Configuration }}
   */
  function browserConfig(production) {
    return {
      name,
      mode: production ? 'production' : 'development',
      context: packageDir,
      // A remote's own host page is for its dev server only: in production its entry would need the
      // federation runtime the shell provides (externalRuntime), and nobody opens it there.
      entry: isRemote && production ? {} : './src/index.ts',
      // Hidden: the maps are written beside the build for error tools, and main.js does not point at them.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        // The shell serves deep links, so its assets are absolute; remotes live on other origins.
        publicPath: isRemote ? 'auto' : '/',
        // Entry files keep stable names (the federation runtime needs them); chunks carry a hash.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        // Pictures shipped with a remote carry the same 8-hex hash, so the static server caches them forever.
        assetModuleFilename: '[name].[contenthash:8][ext]',
        // A remote's chunks come from another origin: loaded with CORS, an error they throw reaches the
        // page whole (its message and stack) instead of "Script error." (the remotes and the release
        // store send Access-Control-Allow-Origin). Chunks of the page's own origin are left as they are.
        crossOriginLoading: 'anonymous',
        uniqueName: name,
        // A remote's server build shares the folder (server/): the browser build cleans only its own files.
        clean: isRemote && server ? { keep: (/** @type {string} */ file) => file.startsWith(`${REMOTE_SERVER_DIR}/`) } : true,
      },
      resolve: resolveOptions(production),
      module: {
        rules: [
          scriptRule(production),
          { test: /\.(svg|png|webp)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // No remote URLs in any build: the shell registers remotes at run time from /config.json.
          remotes: {},
          shared: sharedSingletons(dependencies, packageDir),
          // 'version-first' fetches every remote at startup, so one remote down would blank the shell.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // One federation runtime per page: the shell provides it, a remote's entry uses the shell's.
          experiments: isRemote ? { externalRuntime: production } : { provideExternalRuntime: true },
        }),
        // The page's own script tags are absolute, so deep links work on a remote's standalone page too.
        ...(isRemote && production
          ? []
          : [new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title, publicPath: '/', chunks: ['main'] })]),
        ...(production ? precompressPlugins() : []),
        ...(isRemote ? [] : [new StartupScriptsPlugin()]),
        // Drops the federation runtime's Node.js loader from the browser's scripts.
        envTarget(require('webpack'), 'web'),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
        ...(isRemote ? {} : { splitChunks: { cacheGroups: STARTUP_LIBRARY_CHUNKS } }),
      },
      // A script past its package's limit fails the build in CI and warns elsewhere (issue 47): the
      // first pages' budgets in compressed bytes (tooling/bench/page-budgets.json) are held by the e2e
      // test and the bench; these catch one chunk growing at build time. Scripts only: pictures,
      // source maps and the .gz/.br siblings are not what a page runs.
      performance: production
        ? { hints: process.env.CI ? 'error' : 'warning', ...sizeLimits, assetFilter: (/** @type {string} */ file) => file.endsWith('.js') }
        : { hints: false },
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        setupMiddlewares: (/** @type {import('webpack-dev-server').Middleware[]} */ middlewares) => {
          middlewares.unshift({
            name: 'runtime-config',
            path: '/config.json',
            middleware: (/** @type {unknown} */ _req, /** @type {{ json(body: unknown): void }} */ res) => {
              res.json(runtimeConfigFromEnv());
            },
          });
          const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
          if (!isRemote && emulatorHost) middlewares.unshift(authEmulatorMiddleware(emulatorHost));
          return middlewares;
        },
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  }
}

module.exports = { createWebpackConfig, sharedSingletons, SHELL_SERVER_DIR, REMOTE_SERVER_DIR };
