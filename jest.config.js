/**
 * Two layers of tests (docs/architecture.md, "Tests by layer"):
 *
 * - unit: `*.test.ts` beside each package's code. Pure logic, use-cases on
 *   in-memory stores: no database, no Redis, no sockets, no child processes.
 *   `npm test` runs only these, in seconds.
 * - system: everything that needs something real. `*.db.test.ts` beside the
 *   code (repositories, on PGlite in the embedded run and on PostgreSQL in the
 *   services run), `*.it.test.ts` beside the code (real peers: gRPC servers,
 *   Redis, S3, SMTP, a renderer), and the HTTP system tests in test/.
 *   `npm run test:system` (embedded defaults) and `npm run test:services`
 *   (PostgreSQL + Redis) run them; `npm run test:all` runs all three.
 *
 * Workspace packages are imported from their built dist/ (the test scripts
 * build first), exactly as they run in production.
 */
const PACKAGE_ROOTS = [
  '<rootDir>/common/src',
  '<rootDir>/auth-service/src',
  '<rootDir>/wizard-service/src',
  '<rootDir>/pdf-service/src',
  '<rootDir>/activity-service/src',
  '<rootDir>/gateway/src',
  '<rootDir>/stack/src',
  '<rootDir>/protos',
];

/**
 * jose and parse5 (with its entities) ship only as ES modules, which the
 * built CommonJS code require()s, as Node 22.12+ allows. Jest does that too
 * on Node 24.9+; on older Node (CI's unit run on Node 22) it needs them
 * compiled to CommonJS first, so there, and only there, they are.
 */
const ESM_ONLY_PACKAGES = ['jose', 'parse5', 'entities'];
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
const JEST_REQUIRES_ESM = nodeMajor > 24 || (nodeMajor === 24 && nodeMinor >= 9);
const esmOnlyGroup = `(${ESM_ONLY_PACKAGES.join('|')})`;
/** Added to each project's transform: the ESM-only packages compiled to CommonJS, where Jest needs it. */
const esmOnlyTransform = JEST_REQUIRES_ESM
  ? {}
  : {
      [`/node_modules/${esmOnlyGroup}/.+\\.js$`]: [
        'ts-jest',
        { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } },
      ],
    };

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  ...(!JEST_REQUIRES_ESM && { transformIgnorePatterns: [`/node_modules/(?!${esmOnlyGroup}/)`] }),
};

const SERVICES_MODE = process.env.TEST_MODE === 'services';

/** TEST_LAYER=unit or system (the npm scripts set it) runs one layer; unset, both. */
const LAYER = process.env.TEST_LAYER;

module.exports = {
  maxWorkers: 2,
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      // deploy/: Compose, the image and the Helm chart, checked by parsing them; docs/: the map of folders.
      roots: [...PACKAGE_ROOTS, '<rootDir>/deploy', '<rootDir>/docs'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.(db|it)\\.test\\.ts$'],
      // Type checking is lint's job (tsc -p tsconfig.test.json): here each file is only transpiled, which keeps the layer fast.
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }], ...esmOnlyTransform },
    },
    {
      ...shared,
      displayName: 'system',
      // deploy/: the Helm chart rendered and validated (mode-independent: the embedded run), and booted on this
      // machine's PostgreSQL and Redis (chart-boot: the services run).
      roots: [...PACKAGE_ROOTS, '<rootDir>/test', '<rootDir>/deploy'],
      testMatch: ['<rootDir>/test/**/*.test.ts', '**/*.db.test.ts', '**/*.it.test.ts'],
      // The fault suite runs five real processes on a PostgreSQL and a Redis it starts itself (initdb,
      // redis-server), stops them under load and takes minutes: it belongs to the services-mode run only.
      // The kill -9 durability test is about the embedded database: the embedded run only. The gRPC replica
      // test starts processes of its own and does not depend on the mode: the services-mode run only. The
      // scale-out test runs two gateways and two replicas of every service on PostgreSQL and Redis: services only.
      // So does the download-resume test, which kills the pdf-service replica sending a file.
      testPathIgnorePatterns: SERVICES_MODE
        ? [
            '/node_modules/',
            '<rootDir>/test/embedded-durability\\.test\\.ts$',
            '<rootDir>/deploy/(?!helm/evalplan/chart-boot\\.it\\.test\\.ts$)',
          ]
        : [
            '/node_modules/',
            '<rootDir>/test/faults\\.test\\.ts$',
            '<rootDir>/test/grpc-replicas\\.test\\.ts$',
            '<rootDir>/test/scale-out\\.test\\.ts$',
            '<rootDir>/test/pdf-download-resume\\.test\\.ts$',
            '<rootDir>/deploy/helm/evalplan/chart-boot\\.it\\.test\\.ts$',
          ],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }], ...esmOnlyTransform },
      // This run's own PostgreSQL database and PGlite template (test/helpers/global-setup.js).
      // Every gateway answer a system test receives is checked against the OpenAPI document (docs/api.md).
      setupFilesAfterEnv: ['<rootDir>/test/helpers/openapi-hooks.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.js',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
    },
  ].filter((project) => !LAYER || project.displayName === LAYER),
};
