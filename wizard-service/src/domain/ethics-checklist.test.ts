import { ethicsChecklist } from './ethics-checklist';

const topics = (checklist: ReturnType<typeof ethicsChecklist>) => checklist?.items.map((item) => item.topic);

describe('the ethics and data protection checklist', () => {
  it('is absent when neither research nor a sensitive population asks for it', () => {
    expect(ethicsChecklist({ researchEnabled: false, extraConstraints: ['Technical limitation'], methodIds: ['think-aloud'] })).toBeNull();
  });

  it('asks the core questions when research is enabled, and about recordings when a method records sessions', () => {
    const checklist = ethicsChecklist({ researchEnabled: true, extraConstraints: [], methodIds: ['surveys'] });
    expect(checklist?.reasons).toEqual(['research is enabled']);
    expect(topics(checklist)).toEqual([
      'Consent',
      'Information sheet',
      'Data minimisation',
      'Pseudonymisation',
      'Storage and retention',
      'Right to withdraw',
      'Ethics approval',
    ]);
    expect(checklist?.disclaimer).toMatch(/not legal advice/);
    expect(topics(ethicsChecklist({ researchEnabled: true, extraConstraints: [], methodIds: ['interview'] }))).toContain('Recordings');
  });

  it('adds consent on behalf of others and safeguards for a sensitive population, whatever its spelling', () => {
    const checklist = ethicsChecklist({ researchEnabled: false, extraConstraints: [' sensitive Population '], methodIds: [] });
    expect(checklist?.reasons).toEqual(['the participants include a sensitive population']);
    expect(checklist?.items[0]?.question).toMatch(/who consents with or for those who cannot alone/);
    expect(topics(checklist)).toContain('Safeguards');
  });
});
