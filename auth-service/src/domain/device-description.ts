/**
 * A short, human description of a User-Agent for the session list, such as
 * "Firefox on Linux" or "curl". Only the common cases are told apart: the
 * text helps a person recognise a sign-in, it identifies nothing.
 */

/** Command-line tools and libraries, recognised by their product token at the start. */
const TOOLS: ReadonlyArray<[RegExp, string]> = [
  [/^curl\//i, 'curl'],
  [/^wget\//i, 'Wget'],
  [/^httpie\//i, 'HTTPie'],
  [/^postmanruntime\//i, 'Postman'],
  [/^python-requests\//i, 'Python requests'],
  [/^(node|undici)\b/i, 'Node.js'],
  [/^okhttp\//i, 'OkHttp'],
];

/** A pattern, or several that must all be found (each is one linear search, where one pattern with .* between them is not). */
type Signature = RegExp | RegExp[];

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: ReadonlyArray<[Signature, string]> = [
  [/\b(Edg|Edge|EdgA|EdgiOS)\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [[/\bVersion\/\d/, /\bSafari\//], 'Safari'],
  [[/\b(Mobile|AppleWebKit)\//, /\b(iPhone|iPad)/], 'Safari'],
];

/** Order matters: iOS says "like Mac OS X", Android says Linux. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\b(Linux|X11)\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

const matches = (text: string, signature: Signature): boolean =>
  Array.isArray(signature) ? signature.every((pattern) => pattern.test(text)) : signature.test(text);

const firstMatch = (text: string, table: ReadonlyArray<[Signature, string]>): string | undefined =>
  table.find(([signature]) => matches(text, signature))?.[1];

export function describeDevice(userAgent: string): string {
  const text = userAgent.trim();
  if (text === '') return UNKNOWN_DEVICE;
  const tool = firstMatch(text, TOOLS);
  if (tool) return tool;
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return UNKNOWN_DEVICE;
}
