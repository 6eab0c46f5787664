import { AppError } from '@evalplan/common/errors';
import type { TemplateData } from '../domain/template-data';
import { CustomTemplate } from './custom-template';

const data = {
  Title: 'Quest <log> & "co"',
  Date: '2026-11-23T10:00:00.000Z',
  EvaluationGoals: ['Engagement', 'Immersion / Flow / Focused Attention'],
  Notes: '',
  SelectedMethods: [{ Name: 'Interview', Description: 'Talk.', Priority: 'Recommended', Rationale: 'Depth.' }],
} as unknown as TemplateData;

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, field: (error.details as { field?: string }).field, message: error.message };
    throw error;
  }
  return undefined;
};

describe('custom templates', () => {
  it('fills the documented example with escaped values and puts the css into the head', () => {
    const template = CustomTemplate.prepare({
      html:
        '<h1>{{ .Title }}</h1><p>{{ formatDate .Date "January 2, 2006" }}</p><p>{{ join .EvaluationGoals ", " }}</p>' +
        '<p>{{ default .Notes "No notes provided." }}</p><ul>{{ range .SelectedMethods }}<li>{{ .Name }} ({{ .Priority }})</li>{{ end }}</ul>',
      css: 'h1 { color: #1f4e79; }',
    });
    const document = template.fill(data);
    expect(document).toContain('<style>h1 { color: #1f4e79; }</style></head>');
    expect(document).toContain('<h1>Quest &lt;log&gt; &amp; &#34;co&#34;</h1>');
    expect(document).toContain('<p>November 23, 2026</p>');
    expect(document).toContain('<p>Engagement, Immersion / Flow / Focused Attention</p>');
    expect(document).toContain('<p>No notes provided.</p>');
    expect(document).toContain('<li>Interview (Recommended)</li>');
  });

  it("shows formatDate's dates in the template's time zone", () => {
    const late = { ...data, Date: '2026-11-23T23:30:00.000Z' } as TemplateData;
    const html = '<p>{{ formatDate .Date "Monday, January 2, 2006 15:04 -07:00" }}</p>';
    expect(CustomTemplate.prepare({ html, css: '' }).fill(late)).toContain('<p>Monday, November 23, 2026 23:30 +00:00</p>');
    expect(CustomTemplate.prepare({ html, css: '', timeZone: 'Asia/Tokyo' }).fill(late)).toContain(
      '<p>Tuesday, November 24, 2026 08:30 +09:00</p>',
    );
  });

  it('refuses unsafe markup and template syntax errors as INVALID_PDF_TEMPLATE naming the field', () => {
    expect(codeOf(() => CustomTemplate.prepare({ html: '<img src="http://169.254.169.254/">', css: '' }))).toMatchObject({
      code: 'INVALID_PDF_TEMPLATE',
      field: 'template.html',
    });
    expect(codeOf(() => CustomTemplate.prepare({ html: '<p>x</p>', css: '@import url(http://internal/x.css);' }))).toMatchObject({
      code: 'INVALID_PDF_TEMPLATE',
      field: 'template.css',
    });
    expect(codeOf(() => CustomTemplate.prepare({ html: '{{ if .Title }}never closed', css: '' }))).toMatchObject({
      code: 'INVALID_PDF_TEMPLATE',
      message: expect.stringContaining('could not be read'),
    });
    expect(codeOf(() => CustomTemplate.prepare({ html: '{{ exec "rm" }}', css: '' }))?.code).toBe('INVALID_PDF_TEMPLATE');
  });

  it('checks the filled document again: a plan value cannot become a script link', () => {
    const template = CustomTemplate.prepare({ html: '<a href="{{ .Notes }}">notes</a>', css: '' });
    expect(template.fill({ ...data, Notes: 'https://example.org/plan' })).toContain('href="https://example.org/plan"');
    expect(codeOf(() => template.fill({ ...data, Notes: 'javascript:alert(1)' }))).toMatchObject({ code: 'INVALID_PDF_TEMPLATE' });
  });

  it('is refused over 128 KB of html or 64 KB of css', () => {
    expect(codeOf(() => CustomTemplate.prepare({ html: 'x'.repeat(128 * 1024 + 1), css: '' }))?.field).toBe('template.html');
    expect(codeOf(() => CustomTemplate.prepare({ html: 'x', css: `/*${'x'.repeat(64 * 1024)}*/` }))?.field).toBe('template.css');
    expect(codeOf(() => CustomTemplate.prepare({ html: 'x'.repeat(128 * 1024), css: '' }))).toBeUndefined();
  });
});
