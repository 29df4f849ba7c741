// Writes startup-scripts.json: the script files the shell loads before its first render (the chunks of
// `import('./bootstrap')` and the shared modules they consume), so its server can preload them with
// the HTML instead of after main.js has run (shell/src/server/http/page-hints.ts).
const { sources } = require('webpack');

const FILE_NAME = 'startup-scripts.json';

class StartupScriptsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupScriptsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const { chunkGraph } = compilation;
          // The page runs a shared module from the copy registered in the share scope (the provide
          // module's chunk), not from the consume module's own fallback, which is a second chunk of it.
          /** @type {Map<string, import('webpack').Module>} */
          const provided = new Map();
          for (const module of compilation.modules) {
            // The share key of a provide module: webpack keeps it in a field its types do not show.
            if (module.constructor.name === 'ProvideSharedModule') provided.set(/** @type {any} */ (module)._name, module);
          }
          /** @type {Set<string>} */
          const files = new Set();
          /** @type {Set<import('webpack').ChunkGroup>} */
          const seenGroups = new Set();
          const addBlocks = (/** @type {import('webpack').Module} */ module) => {
            for (const block of module.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
          };
          /** @param {import('webpack').ChunkGroup | null | undefined} group */
          function addGroup(group) {
            if (!group || seenGroups.has(group)) return;
            seenGroups.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.constructor.name !== 'ConsumeSharedModule') continue;
                const provider = provided.get(/** @type {any} */ (module).options.shareKey);
                addBlocks(provider ?? module);
              }
            }
          }
          for (const entry of compilation.entrypoints.values()) {
            for (const chunk of entry.chunks) {
              // index.ts's one dynamic import: the async boundary in front of the app.
              for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) addBlocks(module);
            }
          }
          const json = `${JSON.stringify({ scripts: [...files].sort() }, null, 2)}\n`;
          compilation.emitAsset(FILE_NAME, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { StartupScriptsPlugin, STARTUP_SCRIPTS_FILE: FILE_NAME };
