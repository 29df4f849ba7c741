// How Playwright starts Debian's Chromium here (it cannot download its own browsers on this network):
// the e2e tests and `npm run bench` read it from this one place.
function chromiumLaunchOptions(env = process.env) {
  return {
    executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

module.exports = { chromiumLaunchOptions };
