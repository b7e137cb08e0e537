import {
  contactFormSchema,
  contactSubjectForType,
  createCompanySchema,
  createInterviewSchema,
  createOpportunitySchema,
  credentialsSchema,
  fieldErrors,
  interviewFormSchema,
  interviewTopics,
  isProblemTopic,
  otherInterviewTopics,
  problemTopics,
  topicLabel,
  topicTags,
  updateProfileSchema,
} from './index';
import { z } from 'zod';

const messages = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('spec section 5, word for word', () => {
  it.each([
    [{ email: 'nope', password: 'abc123' }, { email: 'Invalid email address' }],
    [{ email: 'a@b.co', password: 'ab1' }, { password: 'Password must be at least 6 characters' }],
    [{ email: 'a@b.co', password: 'abcdef' }, { password: 'Password must contain at least one letter and one digit' }],
    [{ email: 'a@b.co', password: '123456' }, { password: 'Password must contain at least one letter and one digit' }],
    [{ email: 'a@b.co', password: 'abc123' }, {}],
    // Issue 22: every printable character, as NIST SP 800-63B advises; each rule says what it checks.
    [{ email: 'a@b.co', password: 'abc12!' }, {}],
    [{ email: 'a@b.co', password: 'Tr0ub4dor&3 horse $taple' }, {}],
    [{ email: 'a@b.co', password: 'пароль7€' }, {}],
    [{ email: 'a@b.co', password: '!@#$%^&*' }, { password: 'Password must contain at least one letter and one digit' }],
    [{ email: 'a@b.co', password: 'correct horse battery!' }, { password: 'Password must contain at least one letter and one digit' }],
    [{ email: 'a@b.co', password: 'abc\t123' }, { password: 'Password can only contain characters you can type (no tabs or line breaks)' }],
    [{ email: 'a@b.co', password: 'a1!' }, { password: 'Password must be at least 6 characters' }],
  ])('login %j', (value, expected) => expect(messages(credentialsSchema, value)).toEqual(expected));

  it.each([
    [{ username: 'a' }, { username: 'Username must be at least 2 characters.' }],
    [{ username: 'x'.repeat(31) }, { username: 'Username must not be longer than 30 characters.' }],
    [{ username: 'ok', current_company_id: 'nope' }, { current_company_id: 'Invalid company ID' }],
    // The spec says 'must be a positive number', but 0 is accepted: the message tells the rule that holds (issue 22).
    [{ username: 'ok', years_of_experience: '-1' }, { years_of_experience: 'Years of experience must be 0 or more' }],
    [{ username: 'ok', years_of_experience: 41 }, { years_of_experience: 'Years of experience must not exceed 40' }],
    [{ username: 'ok', number_of_internships: -1 }, { number_of_internships: 'Number of internships must be 0 or more' }],
    [{ username: 'ok', number_of_internships: '11' }, { number_of_internships: 'Number of internships must not exceed 10' }],
  ])('profile %j', (value, expected) => expect(messages(updateProfileSchema, value)).toEqual(expected));

  it('turns empty profile values into null and numbers into numbers', () => {
    expect(
      updateProfileSchema.parse({ username: 'jane', current_company_id: '', years_of_experience: '3', number_of_internships: '', location: '  ' }),
    ).toEqual({
      username: 'jane',
      current_company_id: null,
      years_of_experience: 3,
      number_of_internships: null,
      location: null,
    });
  });

  it('requires a company name', () => {
    expect(messages(createCompanySchema, { name: '   ' })).toEqual({ name: 'Company name is required' });
  });

  it('checks contact subjects, messages and e-mails', () => {
    expect(messages(contactFormSchema, { subject: 'Spam', message: '' })).toEqual({ subject: 'Please select a subject', message: 'Message is required' });
    expect(messages(contactFormSchema, { subject: 'Feedback', message: 'hi', email: 'x' })).toEqual({ email: 'Invalid email address' });
    expect(contactFormSchema.parse({ subject: 'Feedback', message: 'hi', email: '' }).email).toBeNull();
    expect(contactSubjectForType('bug-report')).toBe('Bug Report');
    expect(contactSubjectForType('anything')).toBe('General Inquiry');
  });

  it('checks opportunities', () => {
    expect(messages(createOpportunitySchema, { title: '', description: '', link: '', compensation: -5 })).toEqual({
      title: 'Please enter a title',
      description: 'Please provide a description',
      link: 'Please enter a URL',
      compensation: 'Compensation must be a positive number',
    });
    expect(messages(createOpportunitySchema, { title: 't', description: 'd', link: 'https://', compensation: '' })).toEqual({
      link: 'Please enter a valid URL.',
    });
    expect(createOpportunitySchema.parse({ title: 't', description: 'd', link: 'https://x.io', compensation: '' }).compensation).toBe(0);
  });

  it('checks interviews: company id, future round dates, 1 to 10 rounds', () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(messages(createInterviewSchema, { company_id: 'x', interview_process: [{ round: 'Behavioural', round_date_str: future }] })).toEqual({
      company_id: 'Invalid company ID',
      'interview_process.0.round_date_str': 'Round dates cannot be in the future',
    });
    expect(messages(createInterviewSchema, { company_id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', interview_process: [] })).toEqual({
      interview_process: 'Add at least one round',
    });
    // Today somewhere (UTC+14) is at most UTC's tomorrow: that date is taken.
    const utcTomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      messages(createInterviewSchema, { company_id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', interview_process: [{ round_date_str: utcTomorrow }] }),
    ).toEqual({});
    // The form's picker left empty asks for a company, in words, not for an id.
    expect(messages(interviewFormSchema, { company: { id: null, name: ' ' }, interview_process: [{}] })).toEqual({ company: 'Choose a company' });
    expect(interviewTopics).toHaveLength(29);
  });
});

describe('one topic vocabulary (issue 32)', () => {
  it('makes every problem topic of an interview report a catalogue tag, and no other topic one', () => {
    const tags = new Set<string>(topicTags);
    expect(problemTopics).toHaveLength(18);
    expect(problemTopics.filter((t) => !tags.has(t))).toEqual([]);
    expect(otherInterviewTopics.filter((t) => tags.has(t))).toEqual([]);
    expect(interviewTopics).toEqual([...problemTopics, ...otherInterviewTopics]);
    expect(interviewTopics.filter(isProblemTopic)).toEqual(problemTopics);
  });

  it("shows the spec's 29 topics, in its order, word for word (section 9)", () => {
    expect(interviewTopics.map(topicLabel)).toEqual([
      'Arrays',
      'Strings',
      'Hash Tables',
      'Linked Lists',
      'Stacks',
      'Queues',
      'Trees',
      'Graphs',
      'Heaps',
      'DFS',
      'BFS',
      'Binary Search',
      'Sorting',
      'Dynamic Programming',
      'Greedy',
      'Backtracking',
      'Math',
      'Bit Manipulation',
      'System Design',
      'OOP',
      'Database Design',
      'LC Easy',
      'LC Medium',
      'LC Hard',
      'Python',
      'JavaScript',
      'Java',
      'C++',
      'Go',
    ]);
    expect(topicLabel('Depth-First Search')).toBe('DFS');
    expect(topicLabel('Heap (Priority Queue)')).toBe('Heaps');
    // A name from before the vocabulary, or anything else, is shown as it is.
    expect(topicLabel('Cooking')).toBe('Cooking');
    expect(isProblemTopic('toString')).toBe(false);
  });

  it('takes topics by their catalogue tag only: a spec word that differs from its tag is not a value', () => {
    const body = { company_id: '8a1f3c1e-0c4b-4f0e-9d7a-1c2b3d4e5f60', interview_process: [{ round: 'Other' }] };
    expect(createInterviewSchema.parse({ ...body, topics: ['Depth-First Search', 'Array', 'Array', 'OOP'] }).topics).toEqual([
      'Depth-First Search',
      'Array',
      'OOP',
    ]);
    expect(messages(createInterviewSchema, { ...body, topics: ['DFS'] })).toEqual({ 'topics.0': 'Please choose topics from the list' });
  });
});
