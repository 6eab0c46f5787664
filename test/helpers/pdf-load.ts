import http from 'node:http';
import { WEB_CLIENT_STEPS } from '../fixtures/step-data';
import type { Exchange, Traffic } from './traffic';

/** Downloads of the newest file between two generations: PDFs are read more often than made. */
const DOWNLOADS_PER_GENERATION = 3;
const PAUSE_MS = 50;
const NETWORK_ERROR_PAUSE_MS = 100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface PdfClient {
  agent: http.Agent;
  sessionId: string;
  /** Path of the newest file this client was answered 2xx for. */
  latestFile: string;
}

/**
 * Steady PDF load against the gateway: each client has a session with all
 * four steps saved, renders its plan with the built-in layout, then
 * downloads the newest file it was given a few times, one request at a time.
 */
export class PdfLoad {
  private stopped = false;
  private loops: Array<Promise<void>> = [];

  private constructor(
    private readonly traffic: Traffic,
    private readonly clients: PdfClient[],
  ) {}

  /** Makes each client's complete session and its first PDF. */
  static async prepare(traffic: Traffic, clientCount: number): Promise<PdfLoad> {
    const clients = await Promise.all(
      Array.from({ length: clientCount }, async (): Promise<PdfClient> => {
        const created = await traffic.send('setup', 'POST', '/api/v1/sessions/create', { parse: true });
        const sessionId = (created.json as { sessionId: string }).sessionId;
        for (const [step, stepData] of Object.entries(WEB_CLIENT_STEPS)) {
          const saved = await traffic.send('setup', 'PUT', `/api/v1/sessions/${sessionId}/wizard/step/${step}`, { body: { stepData } });
          if (saved.status !== 200) throw new Error(`PDF load set-up: step ${step} answered ${saved.status ?? saved.networkError}`);
        }
        const client: PdfClient = { agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), sessionId, latestFile: '' };
        const generated = await PdfLoad.generate(traffic, 'setup', client);
        if (generated.status !== 200)
          throw new Error(`PDF load set-up: generate-pdf answered ${generated.status ?? generated.networkError}`);
        return client;
      }),
    );
    return new PdfLoad(traffic, clients);
  }

  private static async generate(traffic: Traffic, kind: 'setup' | 'pdf_generate', client: PdfClient): Promise<Exchange> {
    const exchange = await traffic.send(kind, 'POST', `/api/v1/sessions/${client.sessionId}/generate-pdf`, {
      agent: client.agent,
      body: {},
      parse: true,
    });
    if (exchange.status === 200) client.latestFile = new URL((exchange.json as { pdfUrl: string }).pdfUrl).pathname;
    return exchange;
  }

  start(): void {
    this.loops = this.clients.map((client) => this.run(client));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async run(client: PdfClient): Promise<void> {
    for (let turn = 0; !this.stopped; turn++) {
      const exchange =
        turn % (DOWNLOADS_PER_GENERATION + 1) === 0
          ? await PdfLoad.generate(this.traffic, 'pdf_generate', client)
          : await this.traffic.send('pdf_download', 'GET', client.latestFile, { agent: client.agent });
      await sleep(exchange.status === undefined ? NETWORK_ERROR_PAUSE_MS : PAUSE_MS);
    }
  }

  close(): void {
    for (const client of this.clients) client.agent.destroy();
  }
}
