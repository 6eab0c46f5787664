/**
 * What must hold between the objects of a rendered chart for it to work once applied, checked without
 * a cluster. Each function gives problems as sentences; none means the check passed. Nothing here knows
 * evalplan: the chart's own expectations (who calls whom) are given by the caller.
 */
import {
  type KubeObject,
  type Rendered,
  containerPorts,
  hookPhases,
  hookWeight,
  nameOf,
  ofKind,
  podOf,
  podsOf,
  resolvePort,
  selects,
} from './manifests';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are free-form JSON, checked against their schema elsewhere */

/** The long-running pods: those of Deployments, StatefulSets and DaemonSets (not hooks, Jobs or test Pods). */
export const servingPods = (objects: readonly Rendered[]) =>
  podsOf(objects).filter(({ owner }) => ['Deployment', 'StatefulSet', 'DaemonSet'].includes(owner.kind) && hookPhases(owner).length === 0);

/** Every Service selects serving pods, and each of its ports leads to a port those pods listen on. */
export function serviceProblems(objects: readonly Rendered[]): string[] {
  const problems: string[] = [];
  for (const service of ofKind(objects, 'Service')) {
    const selector = service.spec?.selector;
    if (!selector || Object.keys(selector).length === 0) {
      problems.push(`${nameOf(service)} has no selector`);
      continue;
    }
    const pods = servingPods(objects).filter((pod) => selects({ matchLabels: selector }, pod.labels));
    if (pods.length === 0) problems.push(`${nameOf(service)} selects no pods`);
    for (const port of service.spec.ports ?? []) {
      for (const pod of pods) {
        if (resolvePort(port.targetPort ?? port.port, pod.spec) === undefined) {
          problems.push(
            `${nameOf(service)} port ${port.name ?? port.port} -> ${port.targetPort ?? port.port}: ${nameOf(pod.owner)} does not listen on it`,
          );
        }
      }
    }
  }
  return problems;
}

/** Every probe's port is one its container's pod listens on. */
export function probeProblems(objects: readonly Rendered[]): string[] {
  const problems: string[] = [];
  for (const pod of podsOf(objects)) {
    for (const container of pod.spec.containers ?? []) {
      for (const kind of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const) {
        const probe = container[kind];
        const port = probe?.httpGet?.port ?? probe?.grpc?.port ?? probe?.tcpSocket?.port;
        if (port !== undefined && resolvePort(port, pod.spec) === undefined) {
          problems.push(`${nameOf(pod.owner)} container ${container.name}: ${kind} port ${port} is not a port it listens on`);
        }
      }
    }
  }
  return problems;
}

/** Every ServiceMonitor selects a Service that has the port each of its endpoints scrapes. */
export function serviceMonitorProblems(objects: readonly Rendered[]): string[] {
  return ofKind(objects, 'ServiceMonitor').flatMap((monitor) => {
    const services = ofKind(objects, 'Service').filter((service) => selects(monitor.spec.selector, service.metadata.labels ?? {}));
    if (services.length === 0) return [`${nameOf(monitor)} selects no Service`];
    return (monitor.spec.endpoints ?? []).flatMap((endpoint: any) =>
      services
        .filter((service) => !(service.spec.ports ?? []).some((port: any) => port.name === endpoint.port))
        .map((service) => `${nameOf(monitor)} scrapes port ${endpoint.port}, which ${nameOf(service)} does not have`),
    );
  });
}

/**
 * Helm hooks that run before install (pre-install) find none of the chart's plain objects: every
 * ConfigMap, Secret and ServiceAccount a pre-install hook's pod uses must be rendered as an earlier
 * hook of the same phase (lower weight), or not be the chart's at all (an existing one).
 */
export function hookOrderProblems(objects: readonly Rendered[]): string[] {
  const problems: string[] = [];
  for (const hook of objects.map(({ object }) => object).filter((object) => hookPhases(object).includes('pre-install'))) {
    const pod = podOf(hook);
    if (!pod) continue;
    const uses: Array<[string, string]> = [];
    if (pod.spec.serviceAccountName) uses.push(['ServiceAccount', pod.spec.serviceAccountName]);
    for (const container of [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])]) {
      for (const variable of container.env ?? []) {
        if (variable.valueFrom?.secretKeyRef) uses.push(['Secret', variable.valueFrom.secretKeyRef.name]);
        if (variable.valueFrom?.configMapKeyRef) uses.push(['ConfigMap', variable.valueFrom.configMapKeyRef.name]);
      }
      for (const source of container.envFrom ?? []) {
        if (source.secretRef) uses.push(['Secret', source.secretRef.name]);
        if (source.configMapRef) uses.push(['ConfigMap', source.configMapRef.name]);
      }
    }
    for (const [kind, name] of uses) {
      const used = ofKind(objects, kind).find((object) => object.metadata.name === name);
      if (!used) continue; // not the chart's: it exists before the release
      if (!hookPhases(used).includes('pre-install') || hookWeight(used) >= hookWeight(hook)) {
        problems.push(`${nameOf(hook)} runs before install but uses ${kind}/${name}, which does not exist yet then`);
      }
    }
  }
  return problems;
}

/** A workload's pods as a NetworkPolicy peer sees them: its labels and the ports it listens on. */
interface Endpoint {
  owner: KubeObject;
  labels: Record<string, string>;
  spec: any;
}

const policiesSelecting = (objects: readonly Rendered[], labels: Record<string, string>, type: 'Ingress' | 'Egress') =>
  ofKind(objects, 'NetworkPolicy').filter(
    (policy) => selects(policy.spec.podSelector, labels) && (policy.spec.policyTypes ?? ['Ingress']).includes(type),
  );

/** Whether a rule's port list lets `port` (resolved on `spec` for named ports) through. */
function portAllowed(ports: any[] | undefined, port: number, spec: any | undefined): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((rule) => {
    if ((rule.protocol ?? 'TCP') !== 'TCP') return false;
    if (rule.port === undefined) return true;
    const number = typeof rule.port === 'number' ? rule.port : spec ? containerPorts(spec).names.get(rule.port) : undefined;
    return number === port || (rule.endPort !== undefined && typeof rule.port === 'number' && port >= rule.port && port <= rule.endPort);
  });
}

/** A peer list lets a pod in the same namespace through: empty lists allow everyone; ipBlocks never match a pod here. */
const peerAllows = (peers: any[] | undefined, labels: Record<string, string>): boolean =>
  !peers ||
  peers.length === 0 ||
  peers.some(
    (peer) =>
      peer.podSelector !== undefined &&
      selects(peer.podSelector, labels) &&
      (peer.namespaceSelector === undefined || Object.keys(peer.namespaceSelector).length === 0),
  );

/** Whether the policies let `from`'s pods open a TCP connection to `to`'s pods on `port`. */
export function connectionAllowed(objects: readonly Rendered[], from: Endpoint, to: Endpoint, port: number): boolean {
  const egress = policiesSelecting(objects, from.labels, 'Egress');
  const ingress = policiesSelecting(objects, to.labels, 'Ingress');
  const out =
    egress.length === 0 ||
    egress.some((policy) =>
      (policy.spec.egress ?? []).some((rule: any) => peerAllows(rule.to, to.labels) && portAllowed(rule.ports, port, to.spec)),
    );
  const inn =
    ingress.length === 0 ||
    ingress.some((policy) =>
      (policy.spec.ingress ?? []).some((rule: any) => peerAllows(rule.from, from.labels) && portAllowed(rule.ports, port, to.spec)),
    );
  return out && inn;
}

/**
 * Every connection the policies allow between the serving pods, as "from -> to:port" with each side
 * named by `label` (say, a component label); from a workload to itself is left out.
 */
export function allowedConnections(objects: readonly Rendered[], label: (pod: Endpoint) => string): string[] {
  const pods = servingPods(objects);
  const allowed = new Set<string>();
  for (const from of pods) {
    for (const to of pods) {
      if (from.owner === to.owner) continue;
      for (const port of containerPorts(to.spec).numbers) {
        if (connectionAllowed(objects, from, to, port)) allowed.add(`${label(from)} -> ${label(to)}:${port}`);
      }
    }
  }
  return [...allowed].sort();
}

/** The ports a pod may reach outside the chart's pods (peers with no podSelector, or any peer), per policy rule. */
export function externalEgressPorts(objects: readonly Rendered[], pod: Endpoint): Set<number> {
  const ports = new Set<number>();
  for (const policy of policiesSelecting(objects, pod.labels, 'Egress')) {
    for (const rule of policy.spec.egress ?? []) {
      const outside =
        !rule.to ||
        rule.to.length === 0 ||
        rule.to.some((peer: any) => peer.podSelector === undefined || peer.namespaceSelector !== undefined);
      if (!outside) continue;
      for (const port of rule.ports ?? []) if (typeof port.port === 'number') ports.add(port.port);
    }
  }
  return ports;
}
