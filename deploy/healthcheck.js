'use strict';
/**
 * The image's HEALTHCHECK, for whichever component COMPONENT names; node's own
 * modules only (the slim image has no curl). Exit 0 when healthy, 1 otherwise,
 * within HEALTHCHECK_TIMEOUT_MS (default 2000).
 *
 *   node healthcheck.js          readiness: the gateway's (and stack's) GET /ready,
 *                                a service's grpc.health.v1 Check of "" (SERVING
 *                                only while its database and cache answer)
 *   node healthcheck.js live     liveness: GET /health, or the "liveness" service
 *
 * It asks the port the process listens on, read from the same variables the
 * process reads (PORT / <NAME>_SERVICE_ADDR, with their defaults), over
 * loopback when the process binds a wildcard address. COMPONENT=migrate is a
 * one-shot job: always healthy.
 */
const { Buffer } = require('node:buffer');
const http = require('node:http');
const http2 = require('node:http2');
const net = require('node:net');

const env = process.env;
const live = process.argv[2] === 'live';
const timeoutMs = Number(env.HEALTHCHECK_TIMEOUT_MS) > 0 ? Number(env.HEALTHCHECK_TIMEOUT_MS) : 2000;

/** gRPC services: the variable of their listen address and its default (common/src/config/grpc-settings.ts). */
const SERVICES = {
  'auth-service': ['AUTH_SERVICE_ADDR', '127.0.0.1:50051'],
  'wizard-service': ['WIZARD_SERVICE_ADDR', '127.0.0.1:50052'],
  'pdf-service': ['PDF_SERVICE_ADDR', '127.0.0.1:50053'],
  'activity-service': ['ACTIVITY_SERVICE_ADDR', '127.0.0.1:50054'],
};

/** Where to connect to reach a listener bound to `host`: loopback for a wildcard. */
function reachable(host) {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === '' || bare === '0.0.0.0') return '127.0.0.1';
  if (bare === '::') return '::1';
  return bare;
}

function read(name, fallback) {
  const value = (env[name] || '').trim();
  return value === '' ? fallback : value;
}

/** The gateway (and the all-in-one stack): HTTP on HOST:PORT. */
function checkHttp(done) {
  const request = http.get(
    { host: reachable(read('HOST', '0.0.0.0')), port: Number(read('PORT', '8080')), path: live ? '/health' : '/ready', timeout: timeoutMs },
    (response) => {
      response.resume();
      done(response.statusCode === 200 ? undefined : `HTTP ${response.statusCode}`);
    },
  );
  request.on('timeout', () => request.destroy(new Error('timed out')));
  request.on('error', (error) => done(error.message));
}

/** A gRPC service: grpc.health.v1.Health/Check over plain HTTP/2, by hand (an empty request is 5 zero bytes). */
function checkGrpc(address, done) {
  let session;
  if (address.startsWith('unix:')) {
    const socketPath = address.slice('unix:'.length);
    session = http2.connect('http://localhost', { createConnection: () => net.connect(socketPath) });
  } else {
    const colon = address.lastIndexOf(':');
    const host = reachable(address.slice(0, colon));
    session = http2.connect(`http://${host.includes(':') ? `[${host}]` : host}:${address.slice(colon + 1)}`);
  }
  session.on('error', (error) => done(error.message));
  const service = Buffer.from(live ? 'liveness' : '');
  // HealthCheckRequest { service = 1 }: tag 0x0a, length, bytes (omitted when empty).
  const message = service.length > 0 ? Buffer.concat([Buffer.from([0x0a, service.length]), service]) : Buffer.alloc(0);
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  const stream = session.request({
    ':method': 'POST',
    ':path': '/grpc.health.v1.Health/Check',
    'content-type': 'application/grpc',
    te: 'trailers',
  });
  const chunks = [];
  let grpcStatus;
  stream.on('response', (headers) => (grpcStatus = headers['grpc-status'] ?? grpcStatus));
  stream.on('trailers', (trailers) => (grpcStatus = trailers['grpc-status'] ?? grpcStatus));
  stream.on('data', (chunk) => chunks.push(chunk));
  stream.on('error', (error) => done(error.message));
  stream.on('end', () => {
    session.close();
    if (String(grpcStatus) !== '0') return done(`grpc-status ${grpcStatus}`);
    // HealthCheckResponse { status = 1 }: tag 0x08, varint; SERVING is 1 (an absent field is 0, UNKNOWN).
    const body = Buffer.concat(chunks).subarray(5);
    const status = body[0] === 0x08 ? body[1] : 0;
    done(status === 1 ? undefined : `health status ${status}`);
  });
  stream.end(frame);
}

function finish(problem) {
  if (problem !== undefined) process.stderr.write(`unhealthy: ${problem}\n`);
  process.exit(problem === undefined ? 0 : 1);
}

const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
timer.unref();
const component = env.COMPONENT;
if (component === 'migrate') finish(undefined);
else if (component === 'gateway' || component === 'stack') checkHttp(finish);
else if (SERVICES[component]) checkGrpc(read(...SERVICES[component]), finish);
else
  finish(
    `COMPONENT must be gateway, auth-service, wizard-service, pdf-service, activity-service, stack or migrate (got "${component || ''}")`,
  );
