export interface RenderResult {
  /** The engine's exit code: 0 rendered, 1 a render error (on stderr), 2 bad arguments. */
  code: number | null;
  stdout: string;
  stderr: string;
}
/** The Debian packages the engine is built from. */
export declare const DEBIAN_PACKAGES: readonly string[];
/** The engine binary for the current sources, built on first use. */
export declare function engineBinary(): string;
/** `helm template` with these arguments: [NAME] CHART, -f FILE, --set K=V, --set-string, --kube-version, ... */
/** `stdin` is what `-f -` reads; without it the engine's stdin is closed. */
export declare function renderChart(args: readonly string[], options?: { cwd?: string; stdin?: string }): Promise<RenderResult>;
