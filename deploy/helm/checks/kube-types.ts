/**
 * Checks rendered objects against the Kubernetes API of one version, as the API server's strict field
 * validation would: unknown fields, wrong types, missing required fields and values outside an enum
 * are errors. The schema is the TypeScript that kubernetes-models generates from each version's
 * OpenAPI document (one package per version, aliased by version in package.json): every object is
 * written out as a literal of its kind's type and type-checked in memory, so TypeScript's excess-
 * property check covers every nested object.
 */
import path from 'node:path';
import ts from 'typescript';
import { type Rendered, nameOf } from './manifests';

/** The Kubernetes versions there is a schema package for, and that package. */
export const KUBERNETES_SCHEMAS = {
  '1.27': 'kubernetes-models-1.27', // kubernetes-models 4.4.2: Kubernetes v1.27.1
  '1.36': 'kubernetes-models-1.36', // kubernetes-models 5.1.0: Kubernetes v1.36.0
} as const;
export type KubernetesVersion = keyof typeof KUBERNETES_SCHEMAS;

/** Custom resources the chart may render, by apiVersion: the package that types them. */
const CUSTOM_RESOURCES: Record<string, string> = {
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

function moduleOf(apiVersion: string, kind: string, version: KubernetesVersion): string {
  if (CUSTOM_RESOURCES[apiVersion]) return `${CUSTOM_RESOURCES[apiVersion]}/${kind}`;
  return `${KUBERNETES_SCHEMAS[version]}/${apiVersion}/${kind}`;
}

/** Resolved from here, where node_modules is; the file itself exists only in memory. */
const VIRTUAL_FILE = path.join(__dirname, '__rendered__.ts');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
};

/** One problem per line: "<Kind>/<name> (<template>): <what TypeScript found>". */
export function kubernetesSchemaProblems(objects: readonly Rendered[], version: KubernetesVersion): string[] {
  const lines: string[] = [];
  const owners: Array<{ from: number; label: string }> = [];
  objects.forEach(({ object }, index) => {
    lines.push(`import type { I${object.kind} as T${index} } from ${JSON.stringify(moduleOf(object.apiVersion, object.kind, version))};`);
  });
  objects.forEach(({ source, object }, index) => {
    owners.push({ from: lines.length, label: `${nameOf(object)} (${source})` });
    lines.push(...`export const o${index}: T${index} = ${JSON.stringify(object, null, 1)};`.split('\n'));
  });
  const text = lines.join('\n');
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, languageVersion, ...rest) =>
    path.resolve(file) === VIRTUAL_FILE
      ? ts.createSourceFile(file, text, languageVersion, true)
      : getSourceFile(file, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === VIRTUAL_FILE || fileExists(file);
  const program = ts.createProgram([VIRTUAL_FILE], COMPILER_OPTIONS, host);
  const source = program.getSourceFile(VIRTUAL_FILE)!;
  return ts.getPreEmitDiagnostics(program, source).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.start === undefined) return message;
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start);
    const owner = owners.filter((candidate) => candidate.from <= line).pop();
    const field = source.text.slice(diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
    return `${owner?.label ?? 'imports'}: ${field}: ${message}`;
  });
}
