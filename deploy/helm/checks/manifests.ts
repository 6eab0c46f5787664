/**
 * The objects of a rendered chart (`helm template` output), and what can be asked of them without a
 * cluster: what a pod gets from its ConfigMaps and Secrets, which pods a selector picks, which ports
 * a container listens on. Nothing here knows evalplan.
 */
import YAML from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are free-form JSON until checked against their schema */
export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, any>;

export interface Rendered {
  /** The template it came from: <chart>/templates/<file>. */
  source: string;
  object: KubeObject;
}

/** Splits `helm template` output into its objects; each document must be one object. */
export function parseManifests(text: string): Rendered[] {
  const parts = text.split(/^---\n# Source: (.+)\n/m).slice(1);
  const rendered: Rendered[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const object = YAML.parse(parts[i + 1]!, { strict: true, uniqueKeys: true }) as KubeObject | null;
    if (object === null || typeof object !== 'object') throw new Error(`${parts[i]}: a document that is not an object`);
    rendered.push({ source: parts[i]!, object });
  }
  return rendered;
}

export const nameOf = (object: KubeObject): string => `${object.kind}/${object.metadata?.name}`;
export const ofKind = (objects: readonly Rendered[], kind: string): KubeObject[] =>
  objects.filter((entry) => entry.object.kind === kind).map((entry) => entry.object);

/** A Helm hook's phases (helm.sh/hook), or none for a plain resource. */
export function hookPhases(object: KubeObject): string[] {
  const hook = object.metadata.annotations?.['helm.sh/hook'];
  return hook === undefined ? [] : hook.split(',').map((phase) => phase.trim());
}
export const hookWeight = (object: KubeObject): number => Number(object.metadata.annotations?.['helm.sh/hook-weight'] ?? 0);

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, Job), or the spec of a Pod. */
export function podOf(object: KubeObject): { labels: Record<string, string>; spec: any } | undefined {
  if (object.kind === 'Pod') return { labels: object.metadata.labels ?? {}, spec: object.spec };
  const template = object.spec?.template;
  return template ? { labels: template.metadata?.labels ?? {}, spec: template.spec } : undefined;
}

export const matchesLabels = (selector: Record<string, string> | undefined, labels: Record<string, string>): boolean =>
  Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);

/** A LabelSelector (matchLabels and matchExpressions In/NotIn/Exists/DoesNotExist) against labels. */
export function selects(selector: any, labels: Record<string, string>): boolean {
  if (!matchesLabels(selector?.matchLabels, labels)) return false;
  return ((selector?.matchExpressions ?? []) as Array<{ key: string; operator: string; values?: string[] }>).every(
    ({ key, operator, values }) => {
      switch (operator) {
        case 'In':
          return values!.includes(labels[key]!);
        case 'NotIn':
          return !values!.includes(labels[key]!);
        case 'Exists':
          return key in labels;
        case 'DoesNotExist':
          return !(key in labels);
        default:
          throw new Error(`unknown selector operator ${operator}`);
      }
    },
  );
}

/** Every workload's pods: the object that makes them, their labels, spec. */
export function podsOf(objects: readonly Rendered[]): Array<{ owner: KubeObject; labels: Record<string, string>; spec: any }> {
  return objects.flatMap(({ object }) => {
    const pod = podOf(object);
    return pod ? [{ owner: object, ...pod }] : [];
  });
}

/** The ports a pod's containers listen on, by number and by name. */
export function containerPorts(spec: any): { numbers: Set<number>; names: Map<string, number> } {
  const numbers = new Set<number>();
  const names = new Map<string, number>();
  for (const container of spec.containers ?? []) {
    for (const port of container.ports ?? []) {
      numbers.add(port.containerPort);
      if (port.name) names.set(port.name, port.containerPort);
    }
  }
  return { numbers, names };
}

/** A port as a probe, Service or NetworkPolicy names it (number or name), resolved on a pod; undefined if it has none such. */
export function resolvePort(port: number | string, spec: any): number | undefined {
  const { numbers, names } = containerPorts(spec);
  if (typeof port === 'number') return numbers.has(port) ? port : undefined;
  return /^\d+$/.test(port) ? resolvePort(Number(port), spec) : names.get(port);
}

/**
 * A container's environment as its process sees it: env (values, and ConfigMap and Secret keys
 * resolved from the rendered objects or `external` Secrets), over envFrom. Keys that cannot be
 * resolved are listed as missing; an optional reference that is absent is left out, as the kubelet does.
 */
export function environmentOf(
  container: any,
  objects: readonly Rendered[],
  external: Record<string, Record<string, string>> = {},
): { env: Record<string, string>; missing: string[]; secretKeys: string[] } {
  const dataOf = (kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> | undefined => {
    if (kind === 'Secret' && external[name]) return external[name];
    const object = ofKind(objects, kind).find((candidate) => candidate.metadata.name === name);
    if (!object) return undefined;
    if (kind === 'ConfigMap') return object.data ?? {};
    const decoded = Object.fromEntries(
      Object.entries((object.data ?? {}) as Record<string, string>).map(([key, value]) => [
        key,
        Buffer.from(value, 'base64').toString('utf8'),
      ]),
    );
    return { ...decoded, ...(object.stringData ?? {}) };
  };
  const env: Record<string, string> = {};
  const missing: string[] = [];
  const secretKeys: string[] = [];
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const data = dataOf(source.configMapRef ? 'ConfigMap' : 'Secret', ref.name);
    if (!data) {
      if (!ref.optional) missing.push(`envFrom ${ref.name}`);
      continue;
    }
    for (const [key, value] of Object.entries(data)) env[`${source.prefix ?? ''}${key}`] = value;
  }
  for (const variable of container.env ?? []) {
    if (variable.valueFrom === undefined) {
      env[variable.name] = variable.value ?? '';
      continue;
    }
    const ref = variable.valueFrom.configMapKeyRef ?? variable.valueFrom.secretKeyRef;
    if (!ref) throw new Error(`env ${variable.name}: only ConfigMap and Secret references are resolved here`);
    if (variable.valueFrom.secretKeyRef) secretKeys.push(ref.key);
    const value = dataOf(variable.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name)?.[ref.key];
    if (value !== undefined) env[variable.name] = value;
    else if (!ref.optional) missing.push(`${variable.name} (${ref.name}/${ref.key})`);
  }
  return { env, missing, secretKeys };
}
