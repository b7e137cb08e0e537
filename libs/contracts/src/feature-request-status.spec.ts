import { featureRequestStatuses, featureRequestStatusInText, featureRequestStatusLabels } from './index';

describe('feature request statuses: one wording for the board, the bell and the e-mails', () => {
  it('names every status, and no two alike', () => {
    expect(Object.keys(featureRequestStatusLabels).sort()).toEqual([...featureRequestStatuses].sort());
    const labels = featureRequestStatuses.map((status) => featureRequestStatusLabels[status]);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(featureRequestStatuses.length);
  });

  it('keeps the spec’s "pending" as the review state the other shares show', () => {
    expect(featureRequestStatusLabels.pending).toBe('Pending review');
  });

  it('reads a status in a sentence in lower case, and one it does not know as sent', () => {
    expect(featureRequestStatusInText('started')).toBe('in progress');
    expect(featureRequestStatusInText('completed')).toBe('completed');
    expect(featureRequestStatusInText('archived')).toBe('archived');
    expect(featureRequestStatusInText('constructor')).toBe('constructor');
  });
});
