/**
 * One jest run covers the unit tests beside each package's code and the
 * system tests in test/. Workspace packages are imported from their built
 * dist/ (the test script builds first), exactly as they run in production.
 * TEST_MODE=embedded (default) runs stacks on PGlite and the in-process
 * store; TEST_MODE=services on this run's PostgreSQL database and Redis.
 */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/common/src',
    '<rootDir>/auth-service/src',
    '<rootDir>/wizard-service/src',
    '<rootDir>/pdf-service/src',
    '<rootDir>/activity-service/src',
    '<rootDir>/gateway/src',
    '<rootDir>/protos',
    '<rootDir>/test',
  ],
  testMatch: ['**/*.test.ts'],
  // The fault suite runs five real processes on a PostgreSQL and a Redis it starts itself (initdb,
  // redis-server), stops them under load and takes minutes: it belongs to the services-mode run only.
  // The kill -9 durability test is about the embedded database: the embedded run only. The gRPC replica
  // test starts processes of its own and does not depend on the mode: the services-mode run only. The
  // scale-out test runs two gateways and two replicas of every service on PostgreSQL and Redis: services only.
  testPathIgnorePatterns:
    process.env.TEST_MODE === 'services'
      ? ['/node_modules/', '<rootDir>/test/embedded-durability\\.test\\.ts$']
      : [
          '/node_modules/',
          '<rootDir>/test/faults\\.test\\.ts$',
          '<rootDir>/test/grpc-replicas\\.test\\.ts$',
          '<rootDir>/test/scale-out\\.test\\.ts$',
        ],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
  },
  globalSetup: '<rootDir>/test/helpers/global-setup.js',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
  testTimeout: 60_000,
  maxWorkers: 2,
};
