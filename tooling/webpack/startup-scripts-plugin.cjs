// Writes startup-scripts.json: the script files the shell loads before its first render (the chunks of
// `import('./bootstrap')` and the shared modules they consume), so its server can preload them with
// the HTML instead of after main.js has run (tooling/services/page-hints.mjs).
const { sources } = require('webpack');

const FILE_NAME = 'startup-scripts.json';

class StartupScriptsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupScriptsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const { chunkGraph } = compilation;
          const files = new Set();
          const seenGroups = new Set();
          const addGroup = (group) => {
            if (!group || seenGroups.has(group)) return;
            seenGroups.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
              // A shared module's own code sits behind an async block of its consume module.
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.constructor.name !== 'ConsumeSharedModule') continue;
                for (const block of module.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
              }
            }
          };
          for (const entry of compilation.entrypoints.values()) {
            for (const chunk of entry.chunks) {
              for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) {
                // index.ts's one dynamic import: the async boundary in front of the app.
                for (const block of module.blocks) addGroup(chunkGraph.getBlockChunkGroup(block));
              }
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
