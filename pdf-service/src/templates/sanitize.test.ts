import {
  buildDocument,
  checkFilledDocument,
  checkTemplate,
  isFullDocument,
  MAX_DOCUMENT_NODES,
  MAX_ELEMENT_DEPTH,
  UnsafeTemplateError,
} from './sanitize';

// 51 hostile vectors (XSS and SSRF, encoded and mixed-case variants) and harmless templates.

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const hostileHtml: Array<[string, string]> = [
  ['a script element', '<p>x</p><script>alert(1)</script>'],
  ['a mixed-case script element', '<ScRiPt>alert(1)</sCrIpT>'],
  ['a script inside svg', '<svg><script>alert(1)</script></svg>'],
  ['an onerror handler', `<img src="${PIXEL}" onerror="alert(1)">`],
  ['a mixed-case onload handler', '<body OnLoAd="alert(1)">'],
  ['an svg onload', '<svg onload="alert(1)"></svg>'],
  ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['an entity-encoded javascript: link', '<a href="jav&#x61;script&colon;alert(1)">x</a>'],
  ['a javascript: link with a tab inside', '<a href="java\tscript:alert(1)">x</a>'],
  ['a javascript: link with leading spaces and case', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['an http image', '<img src="http://169.254.169.254/latest/meta-data/">'],
  ['a protocol-relative image', '<img src="//internal.example/x.png">'],
  ['a relative image', '<img src="/etc/passwd">'],
  ['a file image', '<img src="file:///etc/passwd">'],
  ['an srcset with an http candidate', `<img src="${PIXEL}" srcset="${PIXEL} 1x, http://10.0.0.1/a.png 2x">`],
  ['a stylesheet link', '<link rel="stylesheet" href="http://evil.example/x.css">'],
  ['an iframe', '<iframe src="http://localhost:5432/"></iframe>'],
  ['an object', '<object data="http://x/y.swf"></object>'],
  ['an embed', '<embed src="http://x/y">'],
  ['a base element', '<base href="http://evil.example/">'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=http://evil.example/">'],
  ['an svg use of a remote file', '<svg><use href="http://evil.example/s.svg#a"></use></svg>'],
  ['an svg image with xlink:href', '<svg><image xlink:href="http://evil.example/a.png"></image></svg>'],
  ['a video poster', '<video poster="http://evil.example/a.png"></video>'],
  ['a table background', '<table background="http://evil.example/a.png"></table>'],
  ['a style attribute with url()', '<div style="background:url(http://evil.example/a.png)">x</div>'],
  ['a style attribute with an escaped url', '<div style="background:\\75 rl(http://evil.example/a.png)">x</div>'],
  ['a style element with @import', '<style>@import "http://evil.example/x.css";</style>'],
  ['a style element with expression()', '<style>p { width: expression(alert(1)) }</style>'],
  ['a style element with -moz-binding', '<style>p { -moz-binding: url(data:text/xml,x) }</style>'],
  ['a form with a javascript: action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['a template element hiding a script', '<template><script>alert(1)</script></template>'],
  // Found in review: markup parse5 drops inside <select> but current Chromium keeps and loads.
  ['an image inside a select', '<select><img src="http://169.254.169.254/"></select>'],
  ['a style inside a select', '<select><style>@import url(http://10.0.0.1/x.css)</style></select>'],
  ['a data: stylesheet link hiding a remote url', '<link rel="stylesheet" href="data:text/css,body{background:url(http://10.0.0.1/)}">'],
  ['an svg set animating an href', '<svg><image href="data:,"><set attributeName="href" to="http://10.0.0.1/"/></image></svg>'],
  ['an svg animate of a filter', '<svg><rect><animate attributeName="filter" values="url(http://10.0.0.1/f.svg#f)"/></rect></svg>'],
  ['an svg filter attribute with a remote url', '<svg><rect filter="url(http://10.0.0.1/f.svg#f)"/></svg>'],
  ['an svg mask attribute with an escaped url', '<svg><rect mask="u\\72l(http://10.0.0.1/m.svg#m)"/></svg>'],
  // A renderer with JavaScript off reads noscript content as markup; parse5 (scripting on) reads it as text.
  ['an iframe inside noscript', '<noscript><iframe src="http://10.0.0.1/"></iframe></noscript>'],
  ['an image inside noscript in the head', '<!doctype html><html><head><noscript><img src="http://10.0.0.1/"></noscript></head></html>'],
  ['a noscript hiding markup in an attribute', '<noscript><p title="</noscript><img src=http://10.0.0.1/>"></p></noscript>'],
];

const hostileCss: Array<[string, string]> = [
  ['url() to a host', 'body { background: url("http://10.0.0.1/a.png") }'],
  ['unquoted url() with odd case', 'body { background: URL(http://10.0.0.1/a.png) }'],
  ['@import with url()', '@import url(http://evil.example/x.css);'],
  ['@import with an escaped name', '@\\69mport "http://evil.example/x.css";'],
  ['an @font-face src', '@font-face { font-family: x; src: url(https://fonts.example/x.woff2) }'],
  ['image-set with a plain string', 'body { background: image-set("http://evil.example/a.png" 1x) }'],
  ['expression()', 'p { width: expression(alert(1)) }'],
  ['behavior', 'p { behavior: url(data:x) }'],
  ['a way out of the style element', 'p { color: red } </style><script>alert(1)</script>'],
  ['image-set fed by a variable', 'body { --u: "http://10.0.0.1/x"; background: image-set(var(--u) 1x) }'],
  ['-webkit-image-set fed by a variable', 'body { --u: "http://10.0.0.1/x"; background: -webkit-image-set(var(--u) 1x) }'],
];

describe('checkTemplate rejects', () => {
  it.each(hostileHtml)('html with %s', (_name, html) => {
    expect(() => checkTemplate({ html, css: '' })).toThrow(UnsafeTemplateError);
  });

  it.each(hostileCss)('css with %s', (_name, css) => {
    expect(() => checkTemplate({ html: '<p>x</p>', css })).toThrow(UnsafeTemplateError);
  });

  it('more than 128 KB of html or 64 KB of css', () => {
    expect(() => checkTemplate({ html: `<p>${'x'.repeat(128 * 1024)}</p>`, css: '' })).toThrow(/128 KB/);
    expect(() => checkTemplate({ html: '<p>x</p>', css: `/*${'x'.repeat(64 * 1024)}*/` })).toThrow(/64 KB/);
  });

  it('an escape beyond Unicode as UnsafeTemplateError or not at all, never a crash', () => {
    expect(() => checkTemplate({ html: '<p>x</p>', css: 'a { color: \\110000 }' })).not.toThrow(RangeError);
    expect(() => checkTemplate({ html: '<p style="color:\\110000">x</p>', css: '' })).not.toThrow(RangeError);
  });

  it('css that does not parse', () => {
    expect(() => checkTemplate({ html: '<p>x</p>', css: 'body { color: red; } }}} {' })).toThrow(UnsafeTemplateError);
  });
});

describe('checkTemplate accepts', () => {
  it.each([
    ['a body fragment with Go actions', '<h1>{{ .Title }}</h1><p>{{ join .EvaluationGoals ", " }}</p>'],
    [
      'a table with inline styles',
      '<table style="border-collapse: collapse; width: 100%"><tr><th style="text-align:left">Method</th></tr>{{ range .SelectedMethods }}<tr><td>{{ .Name }}</td></tr>{{ end }}</table>',
    ],
    ['a data: image', `<img alt="logo" src="${PIXEL}" srcset="${PIXEL} 1x, ${PIXEL} 2x">`],
    ['an ordinary link', '<p>See <a href="https://example.org/methods">the guide</a> or <a href="#top">top</a>.</p>'],
    [
      'a full document',
      '<!DOCTYPE html><html><head><title>Plan</title><style>h1 { color: #234 }</style></head><body><h1>{{ .Title }}</h1></body></html>',
    ],
    ['svg with an internal reference', '<svg width="10" height="10"><defs><circle id="c" r="4"/></defs><use href="#c" x="5" y="5"/></svg>'],
  ])('%s', (_name, html) => {
    expect(() => checkTemplate({ html, css: 'h1 { font-family: serif; } td { padding: 4px }' })).not.toThrow();
  });

  it('css with a data: background and a data: font', () => {
    const css = `body { background: url("${PIXEL}") } @font-face { font-family: x; src: url(data:font/woff2;base64,AAAA) }`;
    expect(() => checkTemplate({ html: '<p>x</p>', css })).not.toThrow();
  });

  it('returns the document the renderer gets: a fragment wrapped, css in the head', () => {
    expect(checkTemplate({ html: '<h1>{{ .Title }}</h1>', css: 'h1 { color: red }' })).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8"><style>h1 { color: red }</style></head><body><h1>{{ .Title }}</h1></body></html>',
    );
    expect(checkTemplate({ html: '<!doctype html><html><head><title>P</title></head><body>x</body></html>', css: 'p{}' })).toBe(
      '<!doctype html><html><head><style>p{}</style><title>P</title></head><body>x</body></html>',
    );
  });

  it('tells a whole document from a body fragment', () => {
    expect(isFullDocument('<!doctype html><html></html>')).toBe(true);
    expect(isFullDocument('  <html><body></body></html>')).toBe(true);
    expect(isFullDocument('<h1>Plan</h1>')).toBe(false);
    // Comments and white space may come first; a comment ends at its first -->.
    expect(isFullDocument('<!-- a --> \n<!---->\t<!DOCTYPE html><html></html>')).toBe(true);
    expect(isFullDocument('<!-- <html> -->')).toBe(false);
    expect(isFullDocument('<!-- a -- b --><HTML>')).toBe(true);
    expect(isFullDocument('<!-- never closed <html>')).toBe(false);
    expect(isFullDocument('<!--> <html>')).toBe(false);
    expect(isFullDocument('\u00a0<html>')).toBe(true);
    expect(isFullDocument('<htmlx>')).toBe(false);
    expect(isFullDocument('x<html>')).toBe(false);
  });

  it('puts the css into the first complete head, html or doctype tag of a whole document', () => {
    expect(buildDocument('<html lang="en"><head data-x="1"><title>P</title></head></html>', 'p{}')).toBe(
      '<html lang="en"><head data-x="1"><style>p{}</style><title>P</title></head></html>',
    );
    expect(buildDocument('<html lang="en"><body>x</body></html>', 'p{}')).toBe(
      '<html lang="en"><head><style>p{}</style></head><body>x</body></html>',
    );
    expect(buildDocument('<!doctype html><p>x', 'p{}')).toBe('<!doctype html><head><style>p{}</style></head><p>x');
    expect(buildDocument('<html><header>x</header>', 'p{}')).toBe('<html><head><style>p{}</style></head><header>x</header>');
  });
});

/** Milliseconds `run` takes (its result or error ignored). */
function millisecondsOf(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch {
    // Refused or accepted: only the time matters here.
  }
  return performance.now() - started;
}

describe('checkTemplate on hostile input runs in about linear time', () => {
  // Limits generous enough for a loaded machine; the old patterns took seconds to hours on these inputs.
  it('leading comments (the old isFullDocument pattern doubled its time with each one)', () => {
    expect(millisecondsOf(() => isFullDocument(`${'<!---->'.repeat(30)}x`))).toBeLessThan(100);
    expect(millisecondsOf(() => checkTemplate({ html: `${'<!---->'.repeat(40)}x`, css: '' }))).toBeLessThan(250);
    expect(isFullDocument(`${'<!---->'.repeat(18_000)}<html>`)).toBe(true);
  });

  it('"<head", "<html" or "<!doctype" repeated without ">" in a whole document', () => {
    for (const unit of ['<head', '<html', '<!doctype']) {
      const html = `<!doctype html>${unit.repeat(Math.floor((128 * 1024 - 20) / unit.length))}`;
      expect(millisecondsOf(() => checkTemplate({ html, css: 'p{}' }))).toBeLessThan(1000);
    }
  });

  it('a filled document may have at most 100,000 elements, attributes, text runs and comments, however they are made', () => {
    expect(MAX_DOCUMENT_NODES).toBe(100_000);
    const tooMany = /too complex: its document would have more than 100,000 elements, attributes, text runs and comments/;
    // Each <p>x</p> is two nodes; the document adds html, head and body.
    expect(() => checkFilledDocument('<p>x</p>'.repeat(49_000), '')).not.toThrow();
    expect(() => checkFilledDocument('<p>x</p>'.repeat(50_000), '')).toThrow(tooMany);
    const attributes = (count: number) => `<p ${Array.from({ length: count }, (_, i) => `a${i}`).join(' ')}>x</p>`;
    expect(() => checkFilledDocument(attributes(99_000), '')).not.toThrow();
    expect(() => checkFilledDocument(attributes(100_000), '')).toThrow(tooMany);
    expect(() => checkFilledDocument('<!---->x'.repeat(50_000), '')).toThrow(tooMany);
    // Text that is escaped data stays one run however many entities it holds.
    expect(() => checkFilledDocument(`<p>${'&lt;'.repeat(200_000)}</p>`, '')).not.toThrow();
    let error: unknown;
    try {
      checkFilledDocument('<br>'.repeat(200_000), '');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toEqual(expect.objectContaining({ name: 'UnsafeTemplateError', field: 'html' }));
  });

  it('deep nesting is refused at the depth Chromium stops nesting at, before parse5 spends the square of the depth', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}x`;
    expect(() => checkTemplate({ html: nested(MAX_ELEMENT_DEPTH - 10), css: '' })).not.toThrow();
    expect(() => checkTemplate({ html: nested(MAX_ELEMENT_DEPTH + 1), css: '' })).toThrow(/nests elements more than 512 deep/);
    for (const unit of ['<div>', '<b></p>', '<a><b><i><u>', '<table><tr><td>', '<svg><g>']) {
      const html = unit.repeat(Math.floor((128 * 1024) / unit.length));
      let error: unknown;
      expect(
        millisecondsOf(() => {
          try {
            checkTemplate({ html, css: '' });
          } catch (thrown) {
            error = thrown;
          }
        }),
      ).toBeLessThan(500);
      expect(error).toBeInstanceOf(UnsafeTemplateError);
    }
  });

  it('url() and src() inside one another are refused before their text is generated at every level', () => {
    const css = `p { background: ${'src("data:x" '.repeat(1500)}${')'.repeat(1500)} }`;
    expect(millisecondsOf(() => checkTemplate({ html: '<p>x</p>', css }))).toBeLessThan(250);
    expect(() => checkTemplate({ html: '<p>x</p>', css: 'p { background: url("data:x") src("data:y") }' })).not.toThrow();
    expect(() => checkTemplate({ html: '<p>x</p>', css: 'p { background: src("data:x" src("data:y")) }' })).toThrow(
      /inside url\(\) or src\(\)/,
    );
  });
});
