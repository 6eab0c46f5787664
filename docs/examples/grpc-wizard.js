#!/usr/bin/env node
// A service of another team calling evalplan over gRPC, with nothing but the
// .proto files, @grpc/grpc-js and @grpc/proto-loader: it creates an anonymous
// session, saves the four wizard steps, asks for recommendations, renders the
// plan and downloads the PDF. docs/grpc.md explains each part.
//
//   node docs/examples/grpc-wizard.js [wizard-address] [pdf-address] [out.pdf]
//
// Defaults: WIZARD_SERVICE_ADDR or 127.0.0.1:50052, PDF_SERVICE_ADDR or
// 127.0.0.1:50053, and evaluation-plan.pdf. It prints what it did as JSON.
'use strict';
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_DIR = path.resolve(__dirname, '..', '..', 'protos', 'proto');
const [
  wizardAddress = process.env.WIZARD_SERVICE_ADDR || '127.0.0.1:50052',
  pdfAddress = process.env.PDF_SERVICE_ADDR || '127.0.0.1:50053',
  outFile = 'evaluation-plan.pdf',
] = process.argv.slice(2);

// camelCase field names, optional fields left unset when absent, oneofs named: the loader options the services use.
const definition = protoLoader.loadSync(['evalplan/v2/wizard.proto', 'evalplan/v2/pdf.proto'], {
  includeDirs: [PROTO_DIR],
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
});
const { evalplan } = grpc.loadPackageDefinition(definition);
const wizard = new evalplan.v2.WizardService(wizardAddress, grpc.credentials.createInsecure());
const pdf = new evalplan.v2.PdfService(pdfAddress, grpc.credentials.createInsecure());

/** One unary call with a deadline and a request id, as a promise; a refusal carries the API's error code. */
function call(client, method, request, timeoutMs = 5_000) {
  const metadata = new grpc.Metadata();
  metadata.set('x-request-id', randomUUID());
  return new Promise((resolve, reject) => {
    client[method](request, metadata, { deadline: Date.now() + timeoutMs }, (error, response) => {
      if (!error) return resolve(response);
      const code = error.metadata?.get('x-error-code')[0];
      const details = error.metadata?.get('x-error-details-bin')[0];
      reject(
        Object.assign(new Error(`${method}: ${code ?? grpc.status[error.code]}: ${error.details}`), {
          grpcCode: error.code,
          errorCode: code,
          details: details ? JSON.parse(details.toString('utf8')) : {},
        }),
      );
    });
  });
}

const STEPS = [
  {
    goalsAndContext: {
      projectName: 'Quest log redesign',
      evaluationGoals: ['Usability & Efficiency', 'Immersion / Flow / Focused Attention'],
      participants: '10-30',
      developmentStage: 'High-fidelity prototype',
      time: '1-2 weeks',
      extraConstraints: ['Technical limitation'],
      researchEnabled: false,
    },
  },
  { methods: { selectedMethods: ['Think-aloud testing', 'Surveys & Questionnaires'] } },
  {
    instruments: {
      selectedInstruments: ['SUS (System Usability Scale)', 'Team spirit'],
      customConstructs: [{ name: 'Team spirit', description: 'How much players help each other', goals: ['Social relatedness'] }],
    },
  },
  { nextSteps: { nextSteps: ['Pilot with five students'], notes: 'Book the lab in March.' } },
];

async function main() {
  const session = await call(wizard, 'CreateSession', {});
  const ref = { sessionId: session.sessionId };
  let saved;
  for (const [index, stepData] of STEPS.entries()) {
    saved = await call(wizard, 'SaveStep', { wizard: ref, stepNumber: index + 1, ...stepData });
  }
  const recommended = await call(wizard, 'GetRecommendations', { wizard: ref, query: { forStep: 3 } });
  const generated = await call(wizard, 'GeneratePdf', { wizard: ref, options: {} }, 60_000);

  // The PDF comes from pdf-service as a stream: the first message has its size and name, the rest its bytes.
  const chunks = [];
  let head;
  await new Promise((resolve, reject) => {
    const stream = pdf.ReadPdf({ pdfUrl: generated.pdfUrl }, { deadline: Date.now() + 30_000 });
    stream.on('data', (chunk) => {
      head ??= chunk;
      if (chunk.data.length > 0) chunks.push(chunk.data);
    });
    stream.on('error', reject);
    stream.on('end', resolve);
  });
  const bytes = Buffer.concat(chunks);
  fs.writeFileSync(outFile, bytes);

  console.log(
    JSON.stringify({
      sessionId: session.sessionId,
      isComplete: saved.wizardStatus.isComplete,
      savedSteps: Object.keys(saved.wizardStatus.steps).filter((key) => saved.wizardStatus.steps[key]),
      recommendations: recommended.recommendations.map((item) => item.id),
      pdfUrl: generated.pdfUrl,
      pdfBytes: bytes.length,
      pdfSize: head.size,
      file: outFile,
    }),
  );
}

main()
  .catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  })
  .finally(() => {
    wizard.close();
    pdf.close();
  });
