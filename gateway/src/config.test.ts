import { configProblems, DEVELOPMENT_JWT_SECRET } from '@evalplan/common/config';
import { CLIENT_LIMITS_OFF, gatewaySettings, gatewayStopBudgetMs, loadGatewayConfig } from './config';

describe('gateway configuration', () => {
  it('runs on defaults with nothing set', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      redisUrl: undefined,
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      pdfHtmlRendererTimeoutMs: 30_000,
      activity: { enabled: true, batchSize: 2000, flushTimeoutMs: 5_000 },
      corsMaxAgeSeconds: 600,
      accessLog: { enabled: true, includeProbes: false },
    });
    expect(config.services.auth).toEqual({ target: '127.0.0.1:50051' });
    expect(gatewayStopBudgetMs(config)).toBe(15_000);
  });

  it('limits per client: the defaults, and CLIENT_LIMITS_OFF turns every one of them off', () => {
    const { clientLimits } = loadGatewayConfig({});
    expect(clientLimits).toEqual({
      sessionCreation: { perIp: 300, windowMs: 600_000 },
      pdfGeneration: { perIp: 300, perSessionOrUser: 60, windowMs: 600_000, inProgressPerSessionOrUser: 4, inProgressPerIp: 32 },
      activityEvents: { perIp: 1200, perSessionOrUser: 120, windowMs: 60_000 },
      planMail: { perRecipient: 5, perIp: 20, perSessionOrUser: 10, windowMs: 3_600_000 },
    });
    const off = loadGatewayConfig({ ...CLIENT_LIMITS_OFF }).clientLimits;
    const limits = Object.values(off).flatMap((group) => Object.entries(group).filter(([name]) => name !== 'windowMs'));
    expect(limits.filter(([, value]) => value !== 0)).toEqual([]);
    expect(limits).toHaveLength(Object.keys(CLIENT_LIMITS_OFF).length);
    expect(configProblems(gatewaySettings, { PLAN_MAIL_RATE_LIMIT_PER_RECIPIENT: '-1', PDF_RATE_LIMIT_WINDOW: '0' })).toHaveLength(2);
  });

  it('neither reads nor needs what it does not use: storage, the database, mail, its services’ own addresses', () => {
    const config = loadGatewayConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      S3_ENDPOINT: 'not a url',
      DATABASE_URL: 'mysql://nope',
      SMTP_URL: 'http://mail',
      BCRYPT_COST: 'high',
      AUTH_SERVICE_ADDR: 'nonsense',
    });
    expect(Object.keys(config)).not.toEqual(expect.arrayContaining(['s3']));
    expect(config).not.toHaveProperty('databaseUrl');
    expect(config).not.toHaveProperty('bcryptCost');
  });

  it('sets Secure on the refresh cookie by default in production only; COOKIE_SECURE says otherwise either way', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(loadGatewayConfig(production).cookieSecure).toBe(true);
    expect(loadGatewayConfig({ ...production, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadGatewayConfig({}).cookieSecure).toBe(false);
    expect(loadGatewayConfig({ NODE_ENV: 'test' }).cookieSecure).toBe(false);
    expect(loadGatewayConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('reads the access log switches and the preflight lifetime, within bounds', () => {
    expect(loadGatewayConfig({ ACCESS_LOG: 'false', ACCESS_LOG_PROBES: 'true', CORS_MAX_AGE: '0' })).toMatchObject({
      accessLog: { enabled: false, includeProbes: true },
      corsMaxAgeSeconds: 0,
    });
    expect(configProblems(gatewaySettings, { CORS_MAX_AGE: '90000', ACCESS_LOG: 'sometimes' })).toEqual([
      expect.stringContaining('CORS_MAX_AGE'),
      expect.stringContaining('ACCESS_LOG'),
    ]);
  });

  it('reports every problem at once', () => {
    const problems = configProblems(gatewaySettings, {
      PORT: '99999',
      COOKIE_SECURE: 'maybe',
      REDIS_URL: 'http://cache',
      AUTH_SERVICE_TARGET: 'localhost',
      LOG_LEVEL: 'loud',
      ACTIVITY_FLUSH_TIMEOUT: 'soon',
    });
    expect(problems).toHaveLength(6);
  });

  it('parses CORS origins and rejects entries that are not origins', () => {
    expect(loadGatewayConfig({ CORS_ALLOWED_ORIGINS: ' https://a.example.com , http://localhost:5173 ' }).corsAllowedOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(configProblems(gatewaySettings, { CORS_ALLOWED_ORIGINS: 'https://a.example.com/path,*' })).toHaveLength(2);
  });
});
