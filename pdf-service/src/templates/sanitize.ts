import * as csstree from 'css-tree';
import { defaultTreeAdapter, parse } from 'parse5';
import { limitedBytes } from '@evalplan/common/input';
import { TEMPLATE_CSS_MAX_BYTES, TEMPLATE_HTML_MAX_BYTES } from '../contracts/requests';

/**
 * Checks a custom template before anything renders it. The renderer is a
 * browser, so the template must neither run script nor make it fetch
 * anything (which would reach hosts the service can see: SSRF). The HTML is
 * parsed with parse5 (the HTML standard's algorithm, as the browser will read
 * it) and the CSS with css-tree, never with regular expressions over text.
 * Embedded resources are allowed only as data: URIs.
 */

export class UnsafeTemplateError extends Error {
  constructor(
    message: string,
    readonly field: 'html' | 'css',
  ) {
    super(message);
    this.name = 'UnsafeTemplateError';
  }
}

/** Elements that run code, embed other documents or change where URLs point. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'noembed',
  // Its content is text to a parser with scripting on (parse5, as run here) but markup to a renderer with
  // JavaScript off: an <iframe> inside would be checked as text and fetched. Nothing in a PDF needs it.
  'noscript',
  // Stylesheets only inline (<style>): a data: stylesheet behind <link> would escape the CSS check.
  'link',
  // parse5 drops most markup inside <select>; current Chromium (customizable select) keeps and loads it.
  'select',
  'option',
  'optgroup',
  'selectedcontent',
  // SVG animation can set an href or filter to a URL after the document was checked.
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'discard',
]);
/** Attributes whose URL the browser fetches while rendering. */
const FETCHING_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'poster',
  'background',
  'lowsrc',
  'dynsrc',
  'data',
  'codebase',
  'archive',
  'manifest',
  'icon',
  'imagesrcset',
]);
/** Attributes holding a URL that is only followed on a click (links); still no script schemes. */
const LINK_ATTRIBUTES = new Set(['href', 'action', 'formaction', 'cite', 'longdesc', 'ping', 'profile', 'usemap']);
/** Elements whose href is a link, not a resource. */
const LINK_ELEMENTS = new Set(['a', 'area']);
/** CSS functions that load a resource from a plain string argument too. */
const CSS_FETCHING_FUNCTIONS = new Set([
  'url',
  'src',
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
]);
const CSS_FORBIDDEN_FUNCTIONS = new Set(['expression']);
const CSS_FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding']);

/** As a browser reads a URL: ASCII whitespace and control characters anywhere are ignored, scheme case too. */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex -- browsers drop these characters from URLs, so the check must too
  return value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
}

const isDataUri = (value: string) => normaliseUrl(value).startsWith('data:');
const isScriptUri = (value: string) => /^(javascript|vbscript|livescript):/.test(normaliseUrl(value));

/** CSS escapes (\75 rl, \u...) decoded, lower-cased: how the CSS engine sees a name. */
function cssName(name: string): string {
  return name
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_m, hex: string) => {
      // As CSS Syntax says: zero, surrogates and values beyond Unicode are U+FFFD (fromCodePoint would throw).
      const code = Number.parseInt(hex, 16);
      return String.fromCodePoint(code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? 0xfffd : code);
    })
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
}

/** Throws when CSS (a stylesheet or a style attribute's declarations) could fetch or run anything. */
export function checkCss(css: string, context: 'stylesheet' | 'declarationList', field: 'html' | 'css'): void {
  const fail = (reason: string): never => {
    throw new UnsafeTemplateError(reason, field);
  };
  const errors: string[] = [];
  const ast = csstree.parse(css, {
    context,
    parseValue: true,
    parseCustomProperty: true,
    onParseError: (error) => errors.push(error.message),
  });
  if (errors.length > 0) fail(`The CSS could not be parsed: ${errors[0]}`);
  /** url() and src() functions the walk is inside of: one inside another is refused. */
  let urlDepth = 0;
  csstree.walk(ast, {
    enter: (node: csstree.CssNode) => {
      if (node.type === 'Atrule' && cssName(node.name) === 'import') fail('CSS @import is not allowed.');
      if (node.type === 'Url' && !isDataUri(node.value)) fail('CSS may load images and fonts only as data: URIs.');
      if (node.type === 'Declaration' && CSS_FORBIDDEN_PROPERTIES.has(cssName(node.property)))
        fail(`The CSS property ${node.property} is not allowed.`);
      if (node.type === 'Function') {
        const name = cssName(node.name);
        if (CSS_FORBIDDEN_FUNCTIONS.has(name)) fail(`The CSS function ${name}() is not allowed.`);
        if (URL_FUNCTIONS.has(name)) {
          // Each one's text is generated below: nested ones would generate the inner text again at every level.
          if (urlDepth > 0) fail(`CSS ${name}() may not appear inside url() or src().`);
          urlDepth += 1;
          // An escaped url( is a plain function to the parser, not a Url node: check its argument as a URL.
          const text = csstree
            .generate(node)
            .slice(node.name.length + 1, -1)
            .trim()
            .replace(/^["']|["']$/g, '');
          if (!isDataUri(text)) fail('CSS may load images and fonts only as data: URIs.');
        }
        if (CSS_FETCHING_FUNCTIONS.has(name)) {
          node.children.forEach((child) => {
            if (child.type === 'String' && !isDataUri(child.value)) fail('CSS may load images and fonts only as data: URIs.');
            // A variable could hand the function a URL string that is checked nowhere else.
            if (child.type === 'Function' && cssName(child.name) === 'var') fail(`CSS variables are not allowed inside ${name}().`);
          });
        }
      }
      if (node.type === 'Identifier' || node.type === 'String' || node.type === 'Raw') {
        const value = 'value' in node ? node.value : node.name;
        if (typeof value === 'string' && /(javascript|vbscript)\s*:/i.test(cssName(value))) fail('Script URLs are not allowed in CSS.');
      }
    },
    leave: (node: csstree.CssNode) => {
      if (node.type === 'Function' && URL_FUNCTIONS.has(cssName(node.name))) urlDepth -= 1;
    },
  });
}

/** Functions whose argument is a URL even when the parser sees a plain function (an escaped name). */
const URL_FUNCTIONS = new Set(['url', 'src']);

interface HtmlNode {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string; prefix?: string }>;
  childNodes?: HtmlNode[];
  content?: HtmlNode;
  value?: string;
}

function checkElement(node: HtmlNode): void {
  const fail = (reason: string): never => {
    throw new UnsafeTemplateError(reason, 'html');
  };
  const tag = (node.tagName ?? '').toLowerCase();
  if (FORBIDDEN_ELEMENTS.has(tag)) fail(`The <${tag}> element is not allowed in a template.`);
  const attrs = node.attrs ?? [];
  if (tag === 'meta' && attrs.some((a) => a.name.toLowerCase() === 'http-equiv' && /refresh|set-cookie/i.test(a.value))) {
    fail('A <meta http-equiv> refresh is not allowed in a template.');
  }
  for (const attr of attrs) {
    const name = attr.name.toLowerCase();
    const value = attr.value;
    if (name.startsWith('on')) fail(`Event handler attributes such as ${name} are not allowed.`);
    if (
      isScriptUri(value) &&
      (FETCHING_ATTRIBUTES.has(name) || LINK_ATTRIBUTES.has(name) || name === 'href' || name.endsWith(':href') || name === 'xlink:href')
    ) {
      fail('Script URLs are not allowed.');
    }
    if (FETCHING_ATTRIBUTES.has(name)) {
      // srcset: URLs end at whitespace (commas inside a data: URI are part of it); descriptors are 2x, 100w.
      const urls = name.endsWith('srcset')
        ? value
            .split(/\s+/)
            .map((token) => token.replace(/,$/, ''))
            .filter((token) => token !== '' && !/^\d+(\.\d+)?[wxh]$/.test(token))
        : [value];
      if (urls.some((url) => url !== '' && !isDataUri(url)) || (name === 'src' && value.trim() === '')) {
        if (value.trim() !== '') fail(`The ${name} attribute may hold only data: URIs.`);
      }
    }
    // href on anything but a link (SVG <use>, <image>, <feImage>, <link>) loads a resource.
    if ((name === 'href' || attr.prefix === 'xlink' || name === 'xlink:href') && !LINK_ELEMENTS.has(tag) && tag !== 'link') {
      if (value.trim() !== '' && !value.trim().startsWith('#') && !isDataUri(value))
        fail(`The href of <${tag}> may hold only data: URIs or #fragments.`);
    }
    if (name === 'style') checkCss(value, 'declarationList', 'html');
    // SVG presentation attributes (filter, mask, clip-path, marker-*, fill, cursor …) take CSS url() values.
    else if (/url\s*\(|image-set\s*\(|@import/.test(cssName(value))) checkCss(`x: ${value}`, 'declarationList', 'html');
  }
  if (tag === 'style') {
    const text = (node.childNodes ?? []).map((child) => child.value ?? '').join('');
    checkCss(text, 'stylesheet', 'html');
  }
}

function walk(node: HtmlNode): void {
  if (node.tagName) checkElement(node);
  for (const child of node.childNodes ?? []) walk(child);
  if (node.content) walk(node.content);
}

const STYLE_END = /<\/style/i;

/**
 * The document the renderer gets: a whole document with the css added to its
 * head, or a body fragment wrapped into a complete document. The check runs
 * on this text, so it sees exactly what the browser will (a second <body> tag
 * in a fragment, for instance, lends its attributes to the real body).
 */
export function buildDocument(html: string, css: string): string {
  if (STYLE_END.test(css)) throw new UnsafeTemplateError('The css must not contain </style.', 'css');
  const style = css.trim() === '' ? '' : `<style>${css}</style>`;
  if (!isFullDocument(html)) {
    return `<!DOCTYPE html><html><head><meta charset="utf-8">${style}</head><body>${html}</body></html>`;
  }
  const head = endOfFirstTag(html, HEAD_START);
  if (head !== undefined) return html.slice(0, head) + style + html.slice(head);
  const htmlTag = endOfFirstTag(html, HTML_START);
  if (htmlTag !== undefined) return `${html.slice(0, htmlTag)}<head>${style}</head>${html.slice(htmlTag)}`;
  const doctype = endOfFirstTag(html, DOCTYPE_START);
  return doctype === undefined ? html : `${html.slice(0, doctype)}<head>${style}</head>${html.slice(doctype)}`;
}

const HEAD_START = /<head\b/i;
const HTML_START = /<html\b/i;
const DOCTYPE_START = /<!doctype/i;

/**
 * Where the first tag that `start` opens ends (just after its `>`), as
 * /<head\b[^>]*>/ finds it, in one pass: that pattern reads on to the end of
 * the text from every "<head" no `>` follows (quadratic on "<head" repeated).
 * The first `>` after the first opening ends the tag; when no `>` follows
 * that opening, none follows a later one either.
 */
function endOfFirstTag(html: string, start: RegExp): number | undefined {
  const opening = start.exec(html);
  if (!opening) return undefined;
  const close = html.indexOf('>', opening.index + opening[0].length);
  return close === -1 ? undefined : close + 1;
}

/** White space as \s reads it; sticky, so it reads forward from lastIndex only. */
const WHITE_SPACE = /\s*/y;
const DOCUMENT_START = /<!doctype\b|<html\b/iy;

function skipWhiteSpace(html: string, from: number): number {
  WHITE_SPACE.lastIndex = from;
  WHITE_SPACE.exec(html);
  return WHITE_SPACE.lastIndex;
}

/**
 * Whether the HTML is a whole document (then it is kept whole) or a body
 * fragment (then it is wrapped): a doctype or <html> after nothing but white
 * space and comments. A scan, not one pattern: the lazy comment body of
 * /^\s*(<!--[\s\S]*?-->\s*)*<html/ can span "--><!--", so n comments could be
 * split 2^n ways (40 of them, 280 bytes, held the event loop for an hour).
 * Here each comment ends at its first "-->" and every character is read once.
 */
export function isFullDocument(html: string): boolean {
  let at = skipWhiteSpace(html, 0);
  while (html.startsWith('<!--', at)) {
    const end = html.indexOf('-->', at + 4);
    if (end === -1) return false;
    at = skipWhiteSpace(html, end + 3);
  }
  DOCUMENT_START.lastIndex = at;
  return DOCUMENT_START.test(html);
}

/**
 * Throws UnsafeTemplateError for a template that is too big, does not parse
 * or could run script or fetch anything; returns the complete document the
 * renderer would get for a safe one. Run it on the template as sent and again
 * on the document filled with the plan's data.
 */
export function checkTemplate(template: { html: string; css: string }): string {
  if (limitedBytes(template.html) > TEMPLATE_HTML_MAX_BYTES)
    throw new UnsafeTemplateError(`The template html must be at most ${TEMPLATE_HTML_MAX_BYTES / 1024} KB.`, 'html');
  if (limitedBytes(template.css) > TEMPLATE_CSS_MAX_BYTES)
    throw new UnsafeTemplateError(`The template css must be at most ${TEMPLATE_CSS_MAX_BYTES / 1024} KB.`, 'css');
  return checkFilledDocument(template.html, template.css);
}

/**
 * The same check without the size limits, for a template already filled
 * with the plan's data (which may legitimately make it longer).
 */
export function checkFilledDocument(html: string, css: string): string {
  if (css.trim() !== '') checkCss(css, 'stylesheet', 'css');
  const document = buildDocument(html, css);
  const tree = parse(document, {
    treeAdapter: boundedTreeAdapter(),
    onParseError: (error: { code: string }) => {
      // Errors the HTML standard recovers from the same way in every browser are not worth refusing a template for.
      // Any other ends the parse here: the rest of the document would be read for nothing.
      if (!TOLERATED_PARSE_ERRORS.has(error.code))
        throw new UnsafeTemplateError(`The template html could not be parsed (${error.code}).`, 'html');
    },
  }) as unknown as HtmlNode;
  walk(tree);
  return document;
}

/**
 * How deep elements may nest: Chromium's parser stops nesting at 512 (deeper
 * elements become siblings), so deeper markup would not even render as
 * written. parse5 checks its stack of open elements for nearly every tag, so
 * its cost grows with the square of the depth (26,000 nested <div>, 128 KB,
 * took 2.9 s); refused at the limit, a template costs a bounded amount per tag.
 */
export const MAX_ELEMENT_DEPTH = 512;

/**
 * How many nodes (elements, attributes, text runs and comments) a document
 * may have. No template fills to near this (a full plan in the default
 * template is a few thousand), but `{{ range }}` over the plan's data can
 * multiply a 128 KB template into an 8 MB document, and parse5 keeps about
 * 200 bytes per node. The thread's heap limit is no guard against that: on
 * Node 24 a thread that outgrows its heap while building one large tree can
 * abort the whole process instead of ending alone. At this bound the tree
 * takes about 20 MB.
 */
export const MAX_DOCUMENT_NODES = 100_000;

/**
 * parse5's tree adapter, counting the stack of open elements (its push and
 * pop hooks are balanced) and the nodes it creates.
 */
function boundedTreeAdapter(): typeof defaultTreeAdapter {
  let depth = 0;
  let nodes = 0;
  const count = (added: number) => {
    nodes += added;
    if (nodes > MAX_DOCUMENT_NODES)
      throw new UnsafeTemplateError(
        `The template is too complex: its document would have more than ${MAX_DOCUMENT_NODES.toLocaleString('en')} elements, attributes, text runs and comments.`,
        'html',
      );
  };
  return {
    ...defaultTreeAdapter,
    createElement: (tagName, namespace, attrs) => {
      count(1 + attrs.length);
      return defaultTreeAdapter.createElement(tagName, namespace, attrs);
    },
    createCommentNode: (data) => {
      count(1);
      return defaultTreeAdapter.createCommentNode(data);
    },
    adoptAttributes: (recipient, attrs) => {
      count(attrs.length);
      defaultTreeAdapter.adoptAttributes(recipient, attrs);
    },
    insertText: (parentNode, text) => {
      // Text next to text joins the run before it (as the default adapter does): only a new run is a node.
      const last = parentNode.childNodes[parentNode.childNodes.length - 1];
      if (last === undefined || !defaultTreeAdapter.isTextNode(last)) count(1);
      defaultTreeAdapter.insertText(parentNode, text);
    },
    insertTextBefore: (parentNode, text, referenceNode) => {
      count(1);
      defaultTreeAdapter.insertTextBefore(parentNode, text, referenceNode);
    },
    onItemPush: () => {
      depth += 1;
      if (depth > MAX_ELEMENT_DEPTH)
        throw new UnsafeTemplateError(`The template html nests elements more than ${MAX_ELEMENT_DEPTH} deep.`, 'html');
    },
    onItemPop: () => {
      depth -= 1;
    },
  };
}

const TOLERATED_PARSE_ERRORS = new Set([
  'missing-doctype',
  'non-void-html-element-start-tag-with-trailing-solidus',
  'end-tag-without-matching-open-element',
  'closing-of-element-with-open-child-elements',
  'misplaced-start-tag-for-head-element',
]);
