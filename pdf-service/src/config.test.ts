import { configProblems } from '@evalplan/common/config';
import { loadPdfConfig, pdfSettings } from './config';

describe('pdf-service configuration', () => {
  it('runs on local storage with nothing set, and needs no JWT secret in production', () => {
    const config = loadPdfConfig({ NODE_ENV: 'production' });
    expect(config).toMatchObject({
      s3: undefined,
      publicBaseUrl: 'http://localhost:8080',
      pdfHtmlRendererUrl: undefined,
      pdfHtmlRendererTimeoutMs: 30_000,
      smtpUrl: undefined,
      mailFrom: 'evalplan <no-reply@evalplan.local>',
      services: { pdf: { listen: '127.0.0.1:50053' } },
    });
    expect(config).not.toHaveProperty('jwtSecret');
    expect(config).not.toHaveProperty('databaseUrl');
  });

  it('requires the S3 settings together', () => {
    expect(configProblems(pdfSettings, { S3_ENDPOINT: 'http://minio:9000' })).toEqual([expect.stringMatching(/must be set together/)]);
    const config = loadPdfConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'pdfs', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' });
    expect(config.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'pdfs', accessKey: 'a', secretKey: 'b', region: 'us-east-1' });
    expect(configProblems(pdfSettings, { S3_BUCKET: 'No_Such' })).toContain('S3_BUCKET must be a valid bucket name (got "No_Such")');
  });

  it('keeps 5 PDF versions per owner unless PDF_KEEP_VERSIONS says otherwise, and refuses fewer than one', () => {
    expect(loadPdfConfig({}).pdfKeepVersions).toBe(5);
    expect(loadPdfConfig({ PDF_KEEP_VERSIONS: '1' }).pdfKeepVersions).toBe(1);
    for (const value of ['0', '-3', 'all', '2.5']) {
      expect(configProblems(pdfSettings, { PDF_KEEP_VERSIONS: value })).toEqual([
        `PDF_KEEP_VERSIONS must be a whole number from 1 to 1000 (got "${value}")`,
      ]);
    }
  });

  it('gives template work 1 s unless PDF_TEMPLATE_TIME_LIMIT says otherwise, from 10 ms to a minute', () => {
    expect(loadPdfConfig({}).pdfTemplateTimeLimitMs).toBe(1000);
    expect(loadPdfConfig({ PDF_TEMPLATE_TIME_LIMIT: '250ms' }).pdfTemplateTimeLimitMs).toBe(250);
    for (const value of ['5ms', '2m']) {
      expect(configProblems(pdfSettings, { PDF_TEMPLATE_TIME_LIMIT: value })).toEqual(['PDF_TEMPLATE_TIME_LIMIT must be from 10ms to 1m']);
    }
    expect(configProblems(pdfSettings, { PDF_TEMPLATE_TIME_LIMIT: 'soon' })).toEqual([
      expect.stringMatching(/^PDF_TEMPLATE_TIME_LIMIT must be a duration/),
    ]);
  });

  it('strips a trailing slash from PUBLIC_BASE_URL', () => {
    expect(loadPdfConfig({ PUBLIC_BASE_URL: 'https://plan.example.com/' }).publicBaseUrl).toBe('https://plan.example.com');
  });
});
