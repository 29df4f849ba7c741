const { projectConfig } = require('../tooling/jest/project-config.cjs');

module.exports = projectConfig({ displayName: 'contracts', rootDir: __dirname });
