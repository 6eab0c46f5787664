// @ts-check
/**
 * Import rules (issue 21): no cycles anywhere, and inside each component
 * imports point down its layers only:
 *   main → server → handlers → use-cases → repositories → domain
 * The domain is pure and at the bottom: repositories may use its types and
 * formats, it never uses theirs; the ports use-cases are written against
 * live in use-cases/ports.ts, which repositories implement (issue 39).
 * (gateway: main → server/app → routes → middleware, auth, activity).
 * `npm run lint` runs it; CI fails on any violation.
 */
const SERVICE = '^(auth|wizard|pdf|activity)-service/src/';

/** A rule forbidding imports from `layer` to any of `above` in the same service, but for `except`. */
const downOnly = (layer, above, except = undefined) => ({
  name: `no-upward-from-${layer}`,
  comment: `${layer} may not import ${above.join(', ')}: imports point down main → server → handlers → use-cases → repositories → domain`,
  severity: 'error',
  from: { path: `${SERVICE}${layer}` },
  to: { path: `${SERVICE}(${above.join('|')})(\\.ts|/)`, ...(except && { pathNot: except }) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle ties modules together: neither can change or be tested without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    downOnly('handlers', ['server', 'main']),
    downOnly('use-cases', ['handlers', 'server', 'main']),
    // The one way up: a repository implements a port its use-cases declare (use-cases/ports.ts).
    downOnly('repositories', ['use-cases', 'handlers', 'server', 'main'], `${SERVICE}use-cases/ports\\.ts$`),
    downOnly('domain', ['repositories', 'use-cases', 'handlers', 'server', 'main']),
    {
      name: 'every-service-file-in-a-layer',
      comment:
        "Every file of a service's src/ sits in a layer (main, server, handlers, use-cases, repositories, domain), " +
        'its contracts, its settings or metrics, or a named adapter folder; a file loose at the top is checked by no layer rule.',
      severity: 'error',
      from: {
        path: SERVICE,
        pathNot:
          `${SERVICE}((main|server|handlers|config|index|metrics)\\.ts$|` +
          '(handlers|use-cases|repositories|domain|contracts|clients|secrets|catalog|render|storage|mail|templates|spool)/)',
      },
      to: {},
    },
    {
      name: 'every-gateway-file-in-a-layer',
      comment: "Every file of the gateway's src/ sits in routes/ or one of the folders below it, or is one of its top-level parts.",
      severity: 'error',
      from: {
        path: '^gateway/src/',
        pathNot: '^gateway/src/((main|server|app|config|index|clients)\\.ts$|(routes|middleware|auth|limits|activity|contracts|openapi)/)',
      },
      to: {},
    },
    downOnly('clients', ['handlers', 'server', 'main']),
    {
      name: 'gateway-routes-on-top',
      comment: 'Middleware, auth and activity recording sit below the routes: they may not import them.',
      severity: 'error',
      from: { path: '^gateway/src/(middleware|auth|activity)/' },
      to: { path: '^gateway/src/(routes/|app\\.ts|server\\.ts|main\\.ts)' },
    },
    {
      name: 'services-apart',
      comment:
        'Components talk over gRPC (protos/), never by importing each other; what cannot be a message ' +
        "lives in its writer's src/contracts/ (the one entry another component may import).",
      severity: 'error',
      from: { path: '^(gateway|auth-service|wizard-service|pdf-service|activity-service)/' },
      to: {
        path: '^(gateway|auth-service|wizard-service|pdf-service|activity-service)/',
        pathNot: ['^$1/', '^[a-z-]+/src/contracts/'],
      },
    },
    {
      name: 'grpc-transport-stands-alone',
      comment:
        'common/src/grpc/transport/ is a gRPC transport library of its own (its README): it may use Node and npm ' +
        'packages, nothing of evalplan, so it can be understood, tested and replaced on its own.',
      severity: 'error',
      from: { path: '^common/src/grpc/transport/' },
      to: { pathNot: '^(common/src/grpc/transport/|node_modules/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'contracts-stand-alone',
      comment: "A component's contracts/ is imported by others: it may use common/ and protos/, nothing else of its owner.",
      severity: 'error',
      from: { path: '^[a-z-]+/src/contracts/' },
      to: { path: '^(gateway|auth-service|wizard-service|pdf-service|activity-service)/', pathNot: '^[a-z-]+/src/contracts/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.test\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
  },
};
