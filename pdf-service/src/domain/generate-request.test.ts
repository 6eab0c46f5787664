import { AppError } from '@evalplan/common/errors';
import { parseGenerateRequest } from './generate-request';

const failure = (body: unknown) => {
  try {
    parseGenerateRequest(body);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: (error.details as { field?: string }).field };
    throw error;
  }
  throw new Error('accepted');
};

describe('the generate-pdf body', () => {
  it('accepts an empty body, an address (trimmed, lower case) and a template (css optional)', () => {
    expect(parseGenerateRequest({})).toEqual({});
    expect(parseGenerateRequest({ notifyEmail: ' Ada@Example.ORG ', template: { html: '<p>x</p>' } })).toEqual({
      notifyEmail: 'ada@example.org',
      template: { html: '<p>x</p>', css: '' },
    });
    expect(parseGenerateRequest({ notifyEmail: null, template: null })).toEqual({});
  });

  it('takes a template time zone (an IANA name, in its own spelling); alone it keeps the built-in layout', () => {
    expect(parseGenerateRequest({ template: { html: '<p>x</p>', timeZone: 'europe/berlin' } })).toEqual({
      template: { html: '<p>x</p>', css: '', timeZone: 'Europe/Berlin' },
      timeZone: 'Europe/Berlin',
    });
    expect(parseGenerateRequest({ template: { timeZone: 'Asia/Tokyo' } })).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(parseGenerateRequest({ template: { html: '', timeZone: null } })).toEqual({ template: { html: '', css: '' } });
  });

  it.each([
    ['unknown', 'Mars/Olympus_Mons'],
    ['empty', ''],
    ['a number', 1],
    ['an object', { name: 'UTC' }],
    ['too long', 'Europe/'.repeat(20)],
  ])('a template time zone that is %s is INVALID_PDF_TEMPLATE', (_name, timeZone) => {
    expect(failure({ template: { html: '<p>x</p>', timeZone } })).toEqual({ code: 'INVALID_PDF_TEMPLATE', field: 'template.timeZone' });
  });

  it.each([
    ['not an address', 'nope'],
    ['empty', ''],
    ['blank', '   '],
    ['a header injection', 'a@example.org\r\nBcc: b@example.org'],
    ['two addresses', 'a@example.org, b@example.org'],
    ['too long', `${'a'.repeat(250)}@example.org`],
  ])('notifyEmail %s is INVALID_NOTIFY_EMAIL', (_name, notifyEmail) => {
    expect(failure({ notifyEmail })).toEqual({ code: 'INVALID_NOTIFY_EMAIL', field: 'notifyEmail' });
  });

  it.each([
    ['a list body', [], 'body'],
    ['a string body', 'x', 'body'],
    ['a numeric address', { notifyEmail: 42 }, 'notifyEmail'],
    ['a template string', { template: '<p>x</p>' }, 'template'],
    ['template html missing', { template: { css: 'p{}' } }, 'template.html'],
    ['template html missing beside a time zone and css', { template: { css: 'p{}', timeZone: 'UTC' } }, 'template.html'],
    ['an empty template object', { template: {} }, 'template.html'],
    ['template html a number', { template: { html: 1 } }, 'template.html'],
    ['template css an object', { template: { html: '', css: {} } }, 'template.css'],
    ['an unknown key', { notify: 'a@example.org' }, 'notify'],
  ])('%s is INVALID_INPUT', (_name, body, field) => {
    expect(failure(body)).toEqual({ code: 'INVALID_INPUT', field });
  });
});
