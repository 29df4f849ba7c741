import { isAllowedManifestUrl } from './manifests';

// Which manifest URLs the registry may fetch (config.releaseManifestSources): the release store's
// address with its path, and origins.
const SOURCES = ['https://cdn.example/releases', 'http://localhost:3001', 'https://remotes.example'];

describe('isAllowedManifestUrl', () => {
  it.each([
    'https://cdn.example/releases/mf-shop/1.0.0+a/mf-manifest.json',
    'https://CDN.example:443/releases/mf-shop/1.0.0/mf-manifest.json',
    'http://localhost:3001/mf-manifest.json',
    'https://remotes.example/mf-admin/mf-manifest.json',
  ])('allows %s', (url) => {
    expect(isAllowedManifestUrl(url, SOURCES)).toBe(true);
  });

  it.each([
    // Beside the store's path, or out of it once normalised.
    'https://cdn.example/other/mf-manifest.json',
    'https://cdn.example/releases-old/mf-manifest.json',
    'https://cdn.example/releases/../admin/mf-manifest.json',
    'https://cdn.example/releases/%2e%2e/admin/mf-manifest.json',
    // Another origin: scheme, port, host, a look-alike host, credentials that hide the host.
    'http://cdn.example/releases/mf-shop/mf-manifest.json',
    'https://cdn.example:8443/releases/mf-shop/mf-manifest.json',
    'http://localhost:3002/mf-manifest.json',
    'http://127.0.0.1:3001/mf-manifest.json',
    'https://cdn.example.attacker.test/releases/x',
    'https://user:pass@cdn.example/releases/x',
    'https://cdn.example@169.254.169.254/releases/x',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedManifestUrl(url, SOURCES)).toBe(false);
  });
});
