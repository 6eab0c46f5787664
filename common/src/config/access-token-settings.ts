import { readNodeEnv } from './runtime-settings';
import { type ConfigOf, defineSettings } from './settings';

/** Used only outside production; production refuses to start with it. */
export const DEVELOPMENT_JWT_SECRET = 'evalplan-development-secret-do-not-use-in-production';
const MIN_JWT_SECRET_LENGTH = 32;

/** The HS256 key and lifetime of access tokens: auth-service signs them, the gateway verifies them. */
export const accessTokenSettings = defineSettings((read) => {
  const jwtSecret = read.optionalString('JWT_SECRET');
  if (readNodeEnv(read) === 'production') {
    if (jwtSecret === undefined) read.problems.push('JWT_SECRET is required when NODE_ENV=production');
    else if (jwtSecret === DEVELOPMENT_JWT_SECRET)
      read.problems.push('JWT_SECRET must not be the development default when NODE_ENV=production');
  }
  if (jwtSecret !== undefined && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    read.problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }
  return {
    jwtSecret: jwtSecret ?? DEVELOPMENT_JWT_SECRET,
    accessTokenTtlMs: read.duration('ACCESS_TOKEN_TTL', '15m'),
  };
});
export type AccessTokenSettings = ConfigOf<typeof accessTokenSettings>;
