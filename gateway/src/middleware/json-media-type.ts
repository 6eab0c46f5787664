/** application/json and the structured-syntax JSON types (application/merge-patch+json, application/vnd.api+json, ...). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.!#$%&'*^`|~-]+\+)?json$/i;
/** A charset parameter, its value quoted or not. */
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;
const UTF8 = /^utf-?8$/i;

/**
 * Why a request body sent with these headers is not read as JSON, in words
 * for people (for a 415); undefined when it is read. No Content-Type at all
 * is read as JSON: clients that omit it mean JSON on this API. Bodies are
 * never inflated, so any Content-Encoding but identity is refused.
 */
export function unreadableBodyReason(contentType: string | undefined, contentEncoding: string | undefined): string | undefined {
  if (contentEncoding && !contentEncoding.split(',').every((coding) => coding.trim().toLowerCase() === 'identity')) {
    return 'The request body must be sent uncompressed (no Content-Encoding).';
  }
  if (!contentType) return undefined;
  const end = contentType.indexOf(';');
  const mediaType = (end === -1 ? contentType : contentType.slice(0, end)).trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) return 'The request body must be JSON, sent with Content-Type: application/json.';
  const charset = end === -1 ? undefined : CHARSET.exec(contentType.slice(end));
  if (charset && !UTF8.test(charset[1] ?? charset[2]!)) return 'The request body must be JSON encoded as UTF-8 (charset=utf-8).';
  return undefined;
}
