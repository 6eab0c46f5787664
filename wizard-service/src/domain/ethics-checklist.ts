import type { types } from '@evalplan/protos';

export type Checklist = types.Checklist__Output;

const SENSITIVE_POPULATION = 'sensitive population';
/** Methods whose sessions are usually recorded (audio, video or screen). */
const RECORDED_METHODS = new Set(['think-aloud', 'interview', 'focus-group', 'observation']);

const DISCLAIMER =
  'These are questions to work through with your institution’s guidance and data protection officer. They are not legal advice ' +
  'and do not replace an ethics review.';

/**
 * The ethics and data protection questions a study with people should answer
 * before recruiting: asked when research is enabled or a sensitive population
 * takes part, otherwise absent (null).
 */
export function ethicsChecklist(setup: { researchEnabled: boolean; extraConstraints: string[]; methodIds: string[] }): Checklist | null {
  const sensitive = setup.extraConstraints.some((constraint) => constraint.trim().toLowerCase() === SENSITIVE_POPULATION);
  if (!setup.researchEnabled && !sensitive) return null;
  const reasons = [
    ...(setup.researchEnabled ? ['research is enabled'] : []),
    ...(sensitive ? ['the participants include a sensitive population'] : []),
  ];
  const items: Array<{ topic: string; question: string }> = [
    {
      topic: 'Consent',
      question: sensitive
        ? 'How will each participant give informed consent, and who consents with or for those who cannot alone (minors, some patients)? How is consent recorded?'
        : 'How will each participant give informed consent before taking part, and how is it recorded?',
    },
    {
      topic: 'Information sheet',
      question:
        'Does an information sheet say in plain words what the study is for, what participants will do and for how long, what data you collect, and whom to contact?',
    },
    {
      topic: 'Data minimisation',
      question:
        'Do you collect only what your goals and research questions need, and leave out names, recordings and demographics you will not analyse?',
    },
    {
      topic: 'Pseudonymisation',
      question: 'How are names and contact details kept apart from the study data (participant codes, with the key stored separately)?',
    },
    {
      topic: 'Storage and retention',
      question: 'Where is the data stored, who can reach it, and when is it deleted?',
    },
    {
      topic: 'Right to withdraw',
      question: 'How can participants stop at any time without giving a reason, and until when can they have their data removed?',
    },
    {
      topic: 'Ethics approval',
      question:
        'Does your institution, funder or venue require approval by an ethics board for this study, and is it granted before recruiting starts?',
    },
  ];
  if (setup.methodIds.some((id) => RECORDED_METHODS.has(id))) {
    items.push({
      topic: 'Recordings',
      question:
        'If sessions are recorded (audio, video or screen), do participants agree to that separately, and how are the recordings stored and deleted?',
    });
  }
  if (sensitive) {
    items.push({
      topic: 'Safeguards',
      question:
        'How are sessions adapted to the participants (breaks, accessible materials, a trusted person present), and what happens if someone becomes distressed?',
    });
  }
  return { reasons, items, disclaimer: DISCLAIMER };
}
