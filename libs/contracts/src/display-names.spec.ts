import { nameSkeleton, reservedWordIn } from './display-names';

describe('nameSkeleton', () => {
  it.each([
    ['\u0430lice', 'alice'], // Cyrillic а
    ['ALICE', 'allce'], // capital I is drawn as l
    ['AIice', 'alice'],
    ['\u03b1lice', 'alice'], // Greek α
    ['\uff41lice', 'alice'], // full-width a
    ['al\u00edce', 'alice'], // í
    ['ali\u200bce', 'alice'], // zero-width space
    ['\u0440\u0430\u0443\u0440\u0430l', 'paypal'], // Cyrillic р а у р а
    ['jane.doe-42', 'jane.doe-42'],
  ])('%j looks like %j', (name, skeleton) => expect(nameSkeleton(name)).toBe(skeleton));

  it('keeps letters of other scripts that look like no Latin letter', () =>
    expect(nameSkeleton('\u0416\u0430\u043d\u043d\u0430李')).toBe('\u0436a\u043d\u043da李'));
});

describe('reservedWordIn', () => {
  it.each([
    ['Thunderprep Team (Moderator)', 'thunderprep'],
    ['moderator', 'moderator'],
    ['m0derat0r', 'moderator'],
    ['MODERATOR', 'moderator'],
    ['Site Administrator', 'administrator'],
    ['jane.admin', 'admin'],
    ['@dmin', 'admin'],
    ['Support', 'support'],
    ['\u0455upport', 'support'],
    ['The Team', 'team'],
    ['staff_42', 'staff'],
    ['ThunderPrepOfficial', 'thunderprep'],
  ])('%j uses %j', (name, word) => expect(reservedWordIn(name)).toBe(word));

  it.each(['Ada Lovelace', 'steamboat', 'badminton', 'modest', 'Teammate Tom', 'Ian', 'member-1a2b3c4d', 'Member 3fa2b1'])('%j uses none', (name) =>
    expect(reservedWordIn(name)).toBeUndefined(),
  );
});
