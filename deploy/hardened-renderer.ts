/**
 * What every Gotenberg evalplan ships a configuration for must be started
 * with (Gotenberg 8.21's flags, pkg/modules/chromium, api and webhook): the
 * page may load nothing but itself (the file Gotenberg wrote under /tmp) and
 * data: URIs, JavaScript is off, and Gotenberg's own URL features (webhooks,
 * downloadFrom) are off. pdf-service's sanitiser already refuses everything
 * else (docs/api.md); this holds if the sanitiser ever misses something.
 * Shared by deploy/compose.test.ts and the chart's test.
 */

/** `--name=value` flags of a command line, by name. */
export function flagsOf(command: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (const argument of command) {
    const match = /^--([a-z-]+)=(.*)$/s.exec(argument);
    if (match) flags.set(match[1]!, match[2]!);
  }
  return flags;
}

/** URLs the page may load, and URLs it must not, as Chromium hands them to Gotenberg's filter. */
const ALLOWED = ['file:///tmp/3f6e0c1a/7d1c1f3e/index.html', 'data:image/png;base64,iVBORw0KGgo=', 'data:,x'];
const DENIED = [
  'http://169.254.169.254/latest/meta-data/',
  'https://evil.example/x.png',
  'http://10.0.0.1/',
  'ws://127.0.0.1:5432/',
  'ftp://internal.example/a',
  'file:///etc/passwd',
  'file:///proc/self/environ',
  'blob:http://evil.example/1',
  'javascript:alert(1)',
  'chrome://settings',
  'http://x/?data:',
  'https://x/file:///tmp/',
];

/** Asserts that `command` starts a Gotenberg that can reach nothing but its own page and data: URIs, with JavaScript off. */
export function expectHardenedGotenberg(command: string[]): void {
  expect(command[0]).toBe('gotenberg');
  const flags = flagsOf(command);
  // Gotenberg matches these with regexp2 (.NET syntax); this pattern means the same in JavaScript.
  const allowList = new RegExp(flags.get('chromium-allow-list') ?? '(?!)');
  for (const url of ALLOWED) expect({ url, allowed: allowList.test(url) }).toEqual({ url, allowed: true });
  for (const url of DENIED) expect({ url, allowed: allowList.test(url) }).toEqual({ url, allowed: false });
  expect(flags.get('chromium-disable-javascript')).toBe('true');
  expect(flags.get('webhook-disable')).toBe('true');
  expect(flags.get('api-disable-download-from')).toBe('true');
  // Nothing that would loosen it: the default deny list (file: outside /tmp) stays, so do web security and DNS.
  for (const loosening of [
    'chromium-deny-list',
    'chromium-disable-web-security',
    'chromium-allow-file-access-from-files',
    'chromium-host-resolver-rules',
    'chromium-proxy-server',
    'chromium-allow-insecure-localhost',
    'chromium-ignore-certificate-errors',
  ]) {
    expect(flags.has(loosening)).toBe(false);
  }
}
