/** `npm run test:unit`: every workspace's unit and integration tests in one run. */
module.exports = {
  projects: ['<rootDir>/contracts', '<rootDir>/shell', '<rootDir>/mf-shop', '<rootDir>/mf-dashboard', '<rootDir>/mf-admin', '<rootDir>/api'],
};
