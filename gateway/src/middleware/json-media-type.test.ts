import { unreadableBodyReason } from './json-media-type';

describe('unreadableBodyReason', () => {
  it.each([
    undefined,
    '',
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset=UTF8',
    'application/json; charset="utf-8"; profile=x',
    'application/json; profile=x',
    'application/merge-patch+json',
    'application/vnd.api+json; charset=utf-8',
  ])('reads a body sent as %j', (type) => {
    expect(unreadableBodyReason(type, undefined)).toBeUndefined();
  });

  it.each([
    'text/plain',
    'text/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/jsonx',
    'application/json-patch',
    'json',
    'application/+json',
    'application/vnd.api+json+xml',
  ])('refuses a body sent as %j', (type) => {
    expect(unreadableBodyReason(type, undefined)).toMatch(/must be JSON/);
  });

  it.each(['latin1', 'ISO-8859-1', '"windows-1252"', 'utf-16', 'utf-8x', ''])('refuses the charset %j', (charset) => {
    expect(unreadableBodyReason(`application/json; charset=${charset}`, undefined)).toMatch(/UTF-8/);
  });

  it('reads identity-coded bodies and refuses any other coding', () => {
    expect(unreadableBodyReason('application/json', 'identity')).toBeUndefined();
    expect(unreadableBodyReason('application/json', 'Identity')).toBeUndefined();
    expect(unreadableBodyReason(undefined, '')).toBeUndefined();
    for (const coding of ['gzip', 'br', 'deflate', 'identity, gzip', 'x-gzip']) {
      expect(unreadableBodyReason('application/json', coding)).toMatch(/uncompressed/);
    }
  });
});
